import type { CaipNetwork } from '../../../../kernel/index'

/** A network's round icon: its asset image, else its initial on an accent tint. */
export function NetworkImage({ network, size = 32 }: { network: CaipNetwork; size?: number }) {
  const src = network.assets?.imageUrl
  return (
    <span className="network-icon" style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }} aria-hidden="true">
      {src ? <img src={src} alt="" width={size} height={size} /> : network.name.trim().slice(0, 1).toUpperCase()}
    </span>
  )
}
