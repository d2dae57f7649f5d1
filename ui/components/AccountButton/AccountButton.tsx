import { useConnectButtonState } from '../../hooks/useConnectButtonState'
import { useThemeMode } from '../../hooks/useThemeMode'
import { useLatch } from '../../hooks/useLatch'
import { useBalanceWatch } from '../../hooks/useBalanceWatch'
import type { State } from '../../../kernel/index'
import { Avatar } from '../Avatar/Avatar'
import { preloadOnIntent } from '../../modal-loader'

const selectProfileImage = (state: State) =>
  state.activeNamespace ? state.chains[state.activeNamespace].account.profileImage : undefined

/** The connected account: balance floored to 3 decimals, picture, profile name or `0x1234…abcd`; opens Account. */
export function AccountButton() {
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
      aria-haspopup="dialog"
      onPointerEnter={preloadOnIntent}
      onFocus={preloadOnIntent}
      aria-label={`Account ${account.displayName}${account.displayBalance ? `, balance ${account.displayBalance}` : ''}`}
      onClick={openAccountModal}
    >
      {account.displayBalance ? <span className="latch-account-balance">{account.displayBalance}</span> : null}
      <span className="latch-account-id">
        <Avatar address={account.address} image={image} size={24} />
        <span>{account.displayName}</span>
      </span>
    </button>
  )
}
