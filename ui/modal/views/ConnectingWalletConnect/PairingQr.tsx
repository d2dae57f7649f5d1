import { useMemo } from 'react'
import { encodeQr, qrPath, type QrPath } from '../../../qr/index'
import { WalletLogo } from './glyphs'
import { useLatchTranslate } from '../kit'

/**
 * The pairing URI as a QR code (docs/walletconnect.md, "QR code"): one SVG path, black on white in every theme (scanners
 * need the contrast), level Q with the wallet's image in the blank centre. Without a URI yet, a placeholder of the same
 * size with a spinner.
 */
export function PairingQr({ uri, imageUrl }: { uri?: string; imageUrl?: string }) {
  const t = useLatchTranslate()
  const code = useMemo(() => (uri ? drawPairing(uri) : undefined), [uri])
  if (!code) {
    return (
      <div className="wc-qr" data-state="waiting">
        <span className="spinner spin" role="progressbar" aria-label={t('modal.loading')} />
      </div>
    )
  }
  const { size, d, logo } = code
  const share = (units: number) => `${(units / size) * 100}%`
  return (
    <div className="wc-qr" role="img" aria-label={t('wc.qrLabel')}>
      <svg viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false">
        <rect width={size} height={size} fill="#fff" />
        <path d={d} fill="#000" />
      </svg>
      {logo ? (
        <span className="wc-qr-logo" style={{ left: share(logo.x), top: share(logo.y), width: share(logo.size), height: share(logo.size) }}>
          <WalletLogo src={imageUrl} />
        </span>
      ) : null}
    </div>
  )
}

/**
 * The code of a pairing URI: level Q with room for the logo; a URI too long for Q (far beyond WalletConnect's 150–400
 * characters) at level L without a logo, rather than no code.
 */
function drawPairing(uri: string): QrPath | undefined {
  try {
    return qrPath(encodeQr(uri, { ecLevel: 'Q' }), { logoSize: 0.25 })
  } catch {
    try {
      return qrPath(encodeQr(uri, { ecLevel: 'L' }))
    } catch {
      return undefined
    }
  }
}
