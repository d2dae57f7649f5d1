import { useState } from 'react'
import { WalletIcon as WalletGlyph } from '../icons'
import { useAllowedImage } from './allowed-image'

/** A wallet's square icon: the connector's or listing's image, or a neutral placeholder (also when the image fails). */
export function WalletImage({ src: given, size = 40, className = '' }: { src?: string; size?: number; className?: string }) {
  const src = useAllowedImage(given)
  const [failed, setFailed] = useState<string>()
  const usable = src && failed !== src
  return (
    <span className={`wallet-icon ${usable ? '' : 'placeholder'} ${className}`} style={{ width: size, height: size }} aria-hidden="true">
      {usable ? (
        <img src={src} alt="" width={size} height={size} decoding="async" draggable={false} onError={() => setFailed(src)} />
      ) : (
        <WalletGlyph size={Math.round(size * 0.5)} />
      )}
    </span>
  )
}
