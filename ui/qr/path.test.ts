import { describe, expect, it } from 'vitest'
import { decodeMatrix, decodePixels, outlines, pixels, rasterise } from '../../scripts/testing/qr'
import type { EcLevel } from './blocks'
import { encodeQr, type QrCode } from './encode'
import { logoSide } from './logo'
import { qrPath, qrSvg } from './path'

// The drawn path, rasterised by our own reading of the path commands (scripts/testing/qr.ts), is the matrix,
// and decodes: what the modal shows is a code a camera reads, not only a correct matrix.

const uri = `wc:${'7f3a'.repeat(16)}@2?relay-protocol=irn&symKey=${'c0de'.repeat(16)}&expiryTimestamp=1735689600&methods=wc_sessionAuthenticate`

/** The matrix with the logo square blanked, as the path should draw it. */
function expected(qr: QrCode, side: number): number[] {
  const low = (qr.size - side) / 2
  const inside = (p: number) => p >= low && p < low + side
  return [...qr.modules].map((module, i) => (inside(i % qr.size) && inside(Math.floor(i / qr.size)) ? 0 : module))
}

/** Module centres of the path, without the quiet zone (which must be empty). */
function sampled(d: string, size: number): number[] {
  const raster = rasterise(d, size + 8, 1)
  for (const [y, row] of raster.entries()) for (const [x, dark] of row.entries()) if (x < 4 || y < 4 || x >= size + 4 || y >= size + 4) expect(dark).toBe(false)
  return raster.slice(4, size + 4).flatMap((row) => row.slice(4, size + 4).map(Number))
}

function decodePath(d: string, width: number, scale = 4) {
  const raster = rasterise(d, width * scale, scale)
  return decodePixels(pixels(width * scale, (x, y) => raster[y]?.[x] === true), width * scale)
}

describe('QR path', () => {
  it.each(['L', 'M', 'Q', 'H'] as const)('draws exactly the matrix at level %s, and it decodes', (level: EcLevel) => {
    for (const text of ['a', uri]) {
      const qr = encodeQr(text, { ecLevel: level })
      const path = qrPath(qr)
      expect(path.size).toBe(qr.size + 8)
      expect(path.logo).toBeUndefined()
      expect(sampled(path.d, qr.size)).toEqual([...qr.modules])
      expect(decodePath(path.d, path.size)?.text).toBe(text)
    }
  })

  it('draws finders as rounded squares (an arc per corner: 3 squares × 4 corners × 3 finders)', () => {
    const { d } = qrPath(encodeQr('a'))
    expect(d.match(/a/g)).toHaveLength(36)
    expect(outlines(d).length).toBeGreaterThan(9)
  })

  it.each(['Q', 'H'] as const)('leaves a centre square blank for a logo at level %s, and the code still decodes', (level) => {
    const qr = encodeQr(uri, { ecLevel: level })
    const path = qrPath(qr, { logoSize: 0.3 })
    const side = path.logo?.size ?? 0
    expect(side).toBeGreaterThanOrEqual(7)
    expect(side).toBeLessThanOrEqual(0.3 * qr.size)
    expect(side % 2).toBe(1)
    expect(path.logo).toEqual({ x: (qr.size - side) / 2 + 4, y: (qr.size - side) / 2 + 4, size: side })
    expect(sampled(path.d, qr.size)).toEqual(expected(qr, side))
    expect(decodePath(path.d, path.size)?.text).toBe(uri)
  })

  it('clears more where the error correction repairs more (as a share of the width), capped by the asked size', () => {
    const share = (level: EcLevel) => {
      const qr = encodeQr(uri, { ecLevel: level })
      return logoSide(qr, 1) / qr.size
    }
    expect(share('L')).toBeLessThan(share('M'))
    expect(share('M')).toBeLessThan(share('Q'))
    expect(share('H')).toBeGreaterThan(0.25)
    const qr = encodeQr(uri, { ecLevel: 'H' })
    expect(logoSide(qr, 0.1)).toBe(Math.floor(0.1 * qr.size) - (Math.floor(0.1 * qr.size) % 2 ? 0 : 1))
  })

  it('clears the largest square the rule allows, and a much larger one would not decode', () => {
    const qr = encodeQr(uri, { ecLevel: 'Q' })
    const side = logoSide(qr, 1)
    expect(side).toBeGreaterThan(0)
    expect(decodeMatrix(expected(qr, side), qr.size)?.text).toBe(uri)
    expect(decodeMatrix(expected(qr, side + 12), qr.size)?.text).toBeUndefined()
  })

  it('qrSvg wraps the path in a white square', () => {
    const svg = qrSvg(uri, { logoSize: 0.25 })
    const path = qrPath(encodeQr(uri), { logoSize: 0.25 })
    expect(svg).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${path.size} ${path.size}"><rect width="${path.size}" height="${path.size}" fill="#fff"/><path d="${path.d}"/></svg>`,
    )
  })
})
