/**
 * Reads a PNG as chromium's screenshots write it (8-bit RGB or RGBA, not interlaced) into RGBA pixels, with node:zlib:
 * enough for the end-to-end tests to decode a QR code drawn on the page.
 */
import { inflateSync } from 'node:zlib'

export function readPng(png: Uint8Array): { width: number; height: number; data: Uint8ClampedArray } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  let offset = 8
  let width = 0
  let height = 0
  let channels = 4
  const idat: Uint8Array[] = []
  while (offset < png.length) {
    const length = view.getUint32(offset)
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8))
    const body = png.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = view.getUint32(offset + 8)
      height = view.getUint32(offset + 12)
      const [depth, colour, , , interlace] = body.subarray(8, 13)
      if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0) throw new Error(`readPng: only 8-bit RGB(A), not interlaced (depth ${depth}, colour ${colour})`)
      channels = colour === 6 ? 4 : 3
    } else if (type === 'IDAT') idat.push(body)
    offset += 12 + length
  }
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * channels
  const rows = new Uint8Array(height * stride)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] as number
      const left = x >= channels ? (rows[y * stride + x - channels] as number) : 0
      const up = y > 0 ? (rows[(y - 1) * stride + x] as number) : 0
      const corner = x >= channels && y > 0 ? (rows[(y - 1) * stride + x - channels] as number) : 0
      const predicted = filter === 1 ? left : filter === 2 ? up : filter === 3 ? (left + up) >> 1 : filter === 4 ? paeth(left, up, corner) : 0
      rows[y * stride + x] = (value + predicted) & 0xff
    }
  }
  const data = new Uint8ClampedArray(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 3; c++) data[i * 4 + c] = rows[i * channels + c] as number
    data[i * 4 + 3] = channels === 4 ? (rows[i * channels + 3] as number) : 255
  }
  return { width, height, data }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}
