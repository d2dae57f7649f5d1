import { useConnectButtonState } from '../../hooks/useConnectButtonState'
import { useThemeMode } from '../../hooks/useThemeMode'
import { useBalanceWatch } from '../../hooks/useBalanceWatch'
import { AccountIdentity } from '../Avatar/AccountIdentity'
import { preloadOnIntent } from '../../modal-loader'
import { useT } from '../../i18n/translate'

/** The connected account: balance floored to 3 decimals, picture, profile name or `0x1234…abcd`; opens Account. */
export function AccountButton() {
  const t = useT()
  const { account, openAccountModal } = useConnectButtonState()
  const theme = useThemeMode()
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
        {/* The account's one identity (docs/names.md, "The account's name"), as the modal's views draw it. */}
        <AccountIdentity address={account.address} size={24} />
      </span>
    </button>
  )
}
