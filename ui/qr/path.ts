import { encodeQr, type QrCode, type QrOptions } from './encode'
import { logoSide } from './logo'

// A QR code as one SVG path: modules as squares (one rectangle per horizontal run), finders as rounded squares,
// a quiet zone of 4 modules, and an optional blank centre for a logo (docs/walletconnect.md, "QR code").

export type QrDrawOptions = {
  /** The widest the logo may be, as a fraction of the code's width (0.25 is a quarter); cleared only as far as stays decodable. */
  logoSize?: number
}

/** The path in a `size`×`size` view box (1 unit a module), and the blank square left for the logo, when any. */
export type QrPath = { size: number; d: string; logo?: { x: number; y: number; size: number } }

const quiet = 4

/** A square of side `w` with corners rounded by `r`, clockwise, or anticlockwise (a hole, under the nonzero rule). */
function roundedSquare(x: number, y: number, w: number, r: number, clockwise: boolean): string {
  const s = w - 2 * r
  const corner = (dx: number, dy: number) => `a${r} ${r} 0 0 ${clockwise ? 1 : 0} ${dx} ${dy}`
  return clockwise
    ? `M${x + r} ${y}h${s}${corner(r, r)}v${s}${corner(-r, r)}h${-s}${corner(-r, -r)}v${-s}${corner(r, -r)}z`
    : `M${x + r} ${y}${corner(-r, r)}v${s}${corner(r, r)}h${s}${corner(r, -r)}v${-s}${corner(-r, -r)}z`
}

export function qrPath(qr: QrCode, { logoSize }: QrDrawOptions = {}): QrPath {
  const { size, modules } = qr
  const side = logoSize ? logoSide(qr, logoSize) : 0
  const low = (size - side) / 2
  const blank = (p: number) => p >= low && p < low + side
  const finder = (x: number, y: number) => (x < 7 || x >= size - 7) && (y < 7 || (y >= size - 7 && x < 7))
  let d = ''
  for (const [x, y] of [[0, 0], [size - 7, 0], [0, size - 7]] as const) {
    d += roundedSquare(x + quiet, y + quiet, 7, 1.5, true) + roundedSquare(x + quiet + 1, y + quiet + 1, 5, 1, false) + roundedSquare(x + quiet + 2, y + quiet + 2, 3, 1, true)
  }
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; ) {
      let end = x
      while (end < size && modules[y * size + end] && !finder(end, y) && !(blank(end) && blank(y))) end++
      if (end > x) d += `M${x + quiet} ${y + quiet}h${end - x}v1h${x - end}z`
      x = Math.max(end, x + 1)
    }
  return { size: size + 2 * quiet, d, ...(side ? { logo: { x: low + quiet, y: low + quiet, size: side } } : {}) }
}

/** A standalone SVG of `text`: black modules on a white square. */
export function qrSvg(text: string, options: QrOptions & QrDrawOptions = {}): string {
  const { size, d } = qrPath(encodeQr(text, options), options)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="#fff"/><path d="${d}"/></svg>`
}
