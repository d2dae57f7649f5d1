import { useState, type ReactNode } from 'react'
import { useAllowedImage, CopyIcon, ErrorIcon, ExternalIcon } from '../kit'

// The view's icons: the modal's own (ui/modal/icons.tsx, reached through ui/shared.ts like every view's, docs/chunks.md)
// at the sizes this view draws them, and the marks only this view draws.

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const

function Glyph({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {children}
    </svg>
  )
}

/** Two overlapping squares. */
export const CopyGlyph = ({ size = 18 }: { size?: number }) => <CopyIcon size={size} />

/** Arrow leaving a box. */
export const ExternalGlyph = ({ size = 16 }: { size?: number }) => <ExternalIcon size={size} />

/** Circle with '!'. */
export const ErrorGlyph = ({ size = 16 }: { size?: number }) => <ErrorIcon size={size} />

/** A generic WalletConnect-like mark: a bridge over a wave, white on blue. */
export function WalletConnectGlyph() {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="#3b99fc" />
      <path
        d="M12.2 15.6a11.2 11.2 0 0 1 15.6 0l.5.5-1.9 1.9-.6-.6a8.4 8.4 0 0 0-11.6 0l-.7.6-1.9-1.9zm19.2 3.7 1.7 1.7-7.6 7.4-5.5-5.4-5.5 5.4-7.6-7.4 1.7-1.7 5.9 5.7 5.5-5.4 5.5 5.4z"
        fill="#fff"
      />
    </svg>
  )
}

/** A wallet: the neutral placeholder. */
export const WalletGlyph = ({ size }: { size: number }) => (
  <Glyph size={size}>
    <path d="M15.5 6.5V5a1.5 1.5 0 0 0-1.5-1.5H5A2 2 0 0 0 3 5.5v9A2 2 0 0 0 5 16.5h10a1.5 1.5 0 0 0 1.5-1.5V8A1.5 1.5 0 0 0 15 6.5H4.5" {...stroke} />
    <circle cx="13.2" cy="11.5" r="1.1" fill="currentColor" />
  </Glyph>
)

/** The wallet's image, or the WalletConnect-like mark when there is none or it fails to load. */
export function WalletLogo({ src: given }: { src?: string }) {
  const src = useAllowedImage(given)
  const [failed, setFailed] = useState<string>()
  if (src && failed !== src) return <img src={src} alt="" draggable={false} onError={() => setFailed(src)} />
  return <WalletConnectGlyph />
}

/** A wallet's square tile as the modal draws it (.wallet-icon): its image, else the neutral placeholder. */
export function WalletTile({ src: given, size }: { src?: string; size: number }) {
  const src = useAllowedImage(given)
  const [failed, setFailed] = useState<string>()
  const usable = src && failed !== src
  return (
    <span className={`wallet-icon${usable ? '' : ' placeholder'}`} style={{ width: size, height: size }} aria-hidden="true">
      {usable ? <img src={src} alt="" width={size} height={size} draggable={false} onError={() => setFailed(src)} /> : <WalletGlyph size={Math.round(size / 2)} />}
    </span>
  )
}
