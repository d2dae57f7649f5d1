import { useId } from 'react'

/** Two hues derived from an address, so each account gets a stable gradient. */
export function avatarHues(address: string): [number, number] {
  let hash = 0
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  const first = hash % 360
  return [first, (first + 40 + ((hash >>> 9) % 100)) % 360]
}

/** A round account picture: the profile image when known, else a gradient made from the address (CSP-safe SVG). */
export function Avatar({ address, image, size = 24, className }: { address: string; image?: string | null; size?: number; className?: string }) {
  const id = useId()
  if (image) return <img className={className} src={image} alt="" width={size} height={size} decoding="async" />
  const [a, b] = avatarHues(address)
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${a} 85% 62%)`} />
          <stop offset="1" stopColor={`hsl(${b} 80% 48%)`} />
        </linearGradient>
      </defs>
      <circle cx="12" cy="12" r="12" fill={`url(#${id})`} />
    </svg>
  )
}
