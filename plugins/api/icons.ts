/**
 * Wallet icons drawn by us: a monogram (the name's initials) on a colour derived from the
 * wallet's id. No third-party logo ships with Latch; the same id always gives the same icon.
 */

/** Side of the square icon, in SVG user units. */
const size = 96

/** A `data:image/svg+xml,…` URI: the initials of `name` on a colour derived from `id`. */
export function walletIcon(id: string, name: string): string {
  const hue = hash(id) % 360
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' width='${size}' height='${size}' viewBox='0 0 ${size} ${size}'>` +
    `<rect width='${size}' height='${size}' rx='24' fill='hsl(${hue},58%,42%)'/>` +
    `<text x='48' y='61' text-anchor='middle' font-family='system-ui,sans-serif' font-size='36' font-weight='600' fill='#fff'>` +
    `${escapeXml(initials(name))}</text></svg>`
  return `data:image/svg+xml,${encodeSvg(svg)}`
}

/** Up to two letters for a name: the first letters of two words, two capitals of one (MetaMask → MM), or its first two. */
export function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? []
  const [first, second] = words
  if (!first) return '?'
  if (second) return (firstChar(first) + firstChar(second)).toUpperCase()
  const capitals = first.match(/\p{Lu}/gu) ?? []
  if (capitals.length >= 2) return `${capitals[0]}${capitals[1]}`
  return Array.from(first).slice(0, 2).join('').toUpperCase()
}

function firstChar(word: string): string {
  return Array.from(word)[0] ?? ''
}

/** FNV-1a, 32 bits: a stable spread of ids over the colour wheel. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/** Percent-encodes what a data URI needs encoded, keeping the rest readable (icons live in the event log). */
function encodeSvg(svg: string): string {
  return encodeURIComponent(svg).replace(/%(3D|2F|3A|2C)/g, (escaped) => decodeURIComponent(escaped))
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
