import { useLatchConnectButtonState } from '../../hooks/useLatchConnectButtonState'
import { useThemeMode } from '../../hooks/useThemeMode'
import { useAccountButton } from '../AccountButton/AccountButton'
import { preloadOnIntent } from '../../modal-loader'
import { useLatchTranslate } from '../../i18n/translate'

/** Props of `<ConnectButton/>`. */
export type ConnectButtonProps = {
  /** The button's text (default: 'Connect Wallet' in the spoken language). */
  label?: string
}

/**
 * Opens Connect; once connected it is the AccountButton (NetworkButton carries the wrong-network warning). The same <button>
 * element either way, so the focus returned to it when the modal closes after connecting or disconnecting stays on it.
 */
export function ConnectButton({ label }: ConnectButtonProps) {
  const t = useLatchTranslate()
  const state = useLatchConnectButtonState()
  const theme = useThemeMode()
  const account = useAccountButton()
  if (state.isConnected && account) return <button {...account.props}>{account.children}</button>
  const busy = state.status === 'connecting' || state.status === 'reconnecting'
  return (
    <button
      type="button"
      className="latch-button latch-connect"
      data-theme={theme}
      lang={t.locale}
      dir={t.dir}
      aria-haspopup="dialog"
      onPointerEnter={preloadOnIntent}
      onFocus={preloadOnIntent}
      aria-busy={busy || undefined}
      onClick={state.openConnectModal}
    >
      {busy ? <span className="latch-button-spinner" aria-hidden="true" /> : null}
      {busy ? t('button.connecting') : (label ?? t('button.connect'))}
    </button>
  )
}
