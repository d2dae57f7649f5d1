import { useConnectButtonState } from '../../hooks/useConnectButtonState'
import { useThemeMode } from '../../hooks/useThemeMode'
import { AccountButton } from '../AccountButton/AccountButton'
import { preloadOnIntent } from '../../modal-loader'

/** Props of `<ConnectButton/>`. */
export type ConnectButtonProps = { label?: string }

/** Opens Connect; once connected it is the AccountButton (NetworkButton carries the wrong-network warning). */
export function ConnectButton({ label = 'Connect Wallet' }: ConnectButtonProps) {
  const state = useConnectButtonState()
  const theme = useThemeMode()
  if (state.isConnected && state.account) return <AccountButton />
  const busy = state.status === 'connecting' || state.status === 'reconnecting'
  return (
    <button
      type="button"
      className="latch-button latch-connect"
      data-theme={theme}
      aria-haspopup="dialog"
      onPointerEnter={preloadOnIntent}
      onFocus={preloadOnIntent}
      aria-busy={busy || undefined}
      onClick={state.openConnectModal}
    >
      {busy ? <span className="latch-button-spinner" aria-hidden="true" /> : null}
      {busy ? 'Connecting…' : label}
    </button>
  )
}
