import { useNetworkButtonState } from '../../hooks/useLatchConnectButtonState'
import { useThemeMode } from '../../hooks/useThemeMode'
import { preloadOnIntent } from '../../modal-loader'
import { useLatchTranslate } from '../../i18n/translate'

/** The active network's name; opens the network list. Shows a warning state on an unsupported network. */
export function NetworkButton() {
  const t = useLatchTranslate()
  const { network, openNetworkModal } = useNetworkButtonState()
  const theme = useThemeMode()
  if (!network) return null
  const unsupported = !network.isSupported
  return (
    <button
      type="button"
      className="latch-button latch-network"
      data-theme={theme}
      data-unsupported={unsupported}
      lang={t.locale}
      dir={t.dir}
      aria-haspopup="dialog"
      onPointerEnter={preloadOnIntent}
      onFocus={preloadOnIntent}
      aria-label={t(unsupported ? 'button.networkUnsupported' : 'button.network', { name: network.name })}
      onClick={openNetworkModal}
    >
      {unsupported ? (
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M10 2.5a1.5 1.5 0 0 1 1.3.75l6.5 11.25A1.5 1.5 0 0 1 16.5 16.75h-13a1.5 1.5 0 0 1-1.3-2.25L8.7 3.25A1.5 1.5 0 0 1 10 2.5Zm0 4.25a.9.9 0 0 0-.9.95l.2 3.6a.7.7 0 0 0 1.4 0l.2-3.6a.9.9 0 0 0-.9-.95Zm0 6.25a.95.95 0 1 0 0 1.9.95.95 0 0 0 0-1.9Z" />
        </svg>
      ) : (
        <span className="latch-network-icon" aria-hidden="true">
          {network.imageUrl ? <img src={network.imageUrl} alt="" /> : network.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="latch-network-name">{unsupported ? t('button.wrongNetwork') : network.name}</span>
      <svg className="latch-network-chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
        <path d="M3 4.5 6 7.5 9 4.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  )
}
