import { useConnectButtonState } from '../../hooks/useConnectButtonState'
import { useThemeMode } from '../../hooks/useThemeMode'
import { useLatch } from '../../hooks/useLatch'
import { useBalanceWatch } from '../../hooks/useBalanceWatch'
import type { State } from '../../../kernel/index'
import { Avatar } from '../Avatar/Avatar'
import { preloadOnIntent } from '../../modal-loader'
import { useT } from '../../i18n/translate'

const selectProfileImage = (state: State) =>
  state.activeNamespace ? state.chains[state.activeNamespace].account.profileImage : undefined

/** The connected account: balance floored to 3 decimals, picture, profile name or `0x1234…abcd`; opens Account. */
export function AccountButton() {
  const t = useT()
  const { account, openAccountModal } = useConnectButtonState()
  const theme = useThemeMode()
  const image = useLatch(selectProfileImage)
  // docs/behaviour.md, "Balance refresh": the balance shown here is kept fresh while the button is.
  useBalanceWatch('native', account !== undefined)
  if (!account) return null
  return (
    <button
      type="button"
      className={`latch-button latch-account${account.displayBalance ? '' : ' latch-account-bare'}`}
      data-theme={theme}
      lang={t.locale}
      dir={t.dir}
      aria-haspopup="dialog"
      onPointerEnter={preloadOnIntent}
      onFocus={preloadOnIntent}
      aria-label={
        account.displayBalance
          ? t('button.accountWithBalance', { name: account.displayName, balance: account.displayBalance })
          : t('button.account', { name: account.displayName })
      }
      onClick={openAccountModal}
    >
      {account.displayBalance ? <bdi className="latch-account-balance">{account.displayBalance}</bdi> : null}
      <span className="latch-account-id">
        <Avatar address={account.address} image={image} size={24} />
        <bdi>{account.displayName}</bdi>
      </span>
    </button>
  )
}
