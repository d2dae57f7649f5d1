/**
 * Test helper, not part of the plugin: turns a QR matrix into the RGBA pixels jsqr reads (a 4-module light quiet
 * zone, each module `scale` pixels), and decodes them, so tests check the code a camera would see.
 */
import jsQR from 'jsqr'

/** RGBA pixels of a square bitmap in which `dark(x, y)` (pixel coordinates) says which pixels are black. */
export function pixels(width: number, dark: (x: number, y: number) => boolean): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * width * 4).fill(255)
  for (let y = 0; y < width; y++)
    for (let x = 0; x < width; x++)
      if (dark(x, y)) {
        const i = (y * width + x) * 4
        data[i] = data[i + 1] = data[i + 2] = 0
      }
  return data
}

/** Decodes a matrix drawn with a quiet zone of 4 modules at `scale` pixels a module: the text and the raw bytes, or undefined. */
export function decodeMatrix(modules: ArrayLike<number>, size: number, scale = 4): { text: string; bytes: number[]; version: number } | undefined {
  const width = (size + 8) * scale
  const at = (p: number) => Math.floor(p / scale) - 4
  const data = pixels(width, (x, y) => {
    const mx = at(x)
    const my = at(y)
    return mx >= 0 && my >= 0 && mx < size && my < size && modules[my * size + mx] === 1
  })
  return decodePixels(data, width)
}

export function decodePixels(data: Uint8ClampedArray, width: number): { text: string; bytes: number[]; version: number } | undefined {
  const found = jsQR(data, width, width, { inversionAttempts: 'dontInvert' })
  return found ? { text: found.data, bytes: found.binaryData, version: found.version } : undefined
}

type Point = readonly [number, number]

/**
 * The outlines of a path in the subset qrPath writes: absolute M, relative h, v, a (arcs of at most a half turn,
 * flattened to 8 segments) and z. Throws on anything else, so a path outside the subset cannot pass unnoticed.
 */
export function outlines(d: string): Point[][] {
  const tokens = d.match(/[a-zA-Z]|-?\d*\.?\d+/g) ?? []
  const shapes: Point[][] = []
  let shape: Point[] = []
  let at: Point = [0, 0]
  let i = 0
  const number = () => {
    const value = Number(tokens[i++])
    if (Number.isNaN(value)) throw new Error(`a number expected at token ${i - 1} of the path`)
    return value
  }
  while (i < tokens.length) {
    const command = tokens[i++]
    if (command === 'M') {
      if (shape.length) shapes.push(shape)
      at = [number(), number()]
      shape = [at]
    } else if (command === 'h') shape.push((at = [at[0] + number(), at[1]]))
    else if (command === 'v') shape.push((at = [at[0], at[1] + number()]))
    else if (command === 'a') {
      const [rx, ry, , large, sweep, dx, dy] = [number(), number(), number(), number(), number(), number(), number()]
      if (rx !== ry || large !== 0) throw new Error('only small circular arcs are understood')
      shape.push(...arc(at, [at[0] + dx, at[1] + dy], rx, sweep === 1))
      at = [at[0] + dx, at[1] + dy]
    } else if (command === 'z' || command === 'Z') {
      shapes.push(shape)
      shape = []
    } else throw new Error(`path command ${command} is not understood`)
  }
  if (shape.length) shapes.push(shape)
  return shapes
}

/** The points of a circular arc of radius r from `from` to `to`, the short way, clockwise on screen when `clockwise`. */
function arc(from: Point, to: Point, r: number, clockwise: boolean): Point[] {
  const [mx, my] = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2]
  const [hx, hy] = [(to[0] - from[0]) / 2, (to[1] - from[1]) / 2]
  const half = Math.hypot(hx, hy)
  const away = Math.sqrt(Math.max(r * r - half * half, 0)) / half
  for (const sign of [1, -1]) {
    const centre: Point = [mx - sign * hy * away, my + sign * hx * away]
    const start = Math.atan2(from[1] - centre[1], from[0] - centre[0])
    let turn = Math.atan2(to[1] - centre[1], to[0] - centre[0]) - start
    if (turn > Math.PI) turn -= 2 * Math.PI
    if (turn <= -Math.PI) turn += 2 * Math.PI
    // On screen (y down) a growing angle turns clockwise.
    if (turn > 0 === clockwise) return Array.from({ length: 8 }, (_, k) => [centre[0] + r * Math.cos(start + (turn * (k + 1)) / 8), centre[1] + r * Math.sin(start + (turn * (k + 1)) / 8)] as const)
  }
  throw new Error('arc has no centre')
}

/** Whether each pixel centre of a `width`×`width` raster (`scale` pixels a unit) is inside the path, by the nonzero rule. */
export function rasterise(d: string, width: number, scale: number): boolean[][] {
  const edges = outlines(d).flatMap((shape) => shape.map((p, k) => [p, shape[(k + 1) % shape.length] as Point] as const))
  return Array.from({ length: width }, (_, row) => {
    const y = (row + 0.5) / scale
    const crossings = edges
      .filter(([a, b]) => (a[1] <= y) !== (b[1] <= y))
      .map(([a, b]) => ({ x: a[0] + ((y - a[1]) * (b[0] - a[0])) / (b[1] - a[1]), up: b[1] < a[1] ? 1 : -1 }))
      .sort((p, q) => p.x - q.x)
    const line = new Array<boolean>(width).fill(false)
    let winding = 0
    crossings.forEach((crossing, k) => {
      winding += crossing.up
      const next = crossings[k + 1]
      if (winding !== 0 && next) for (let col = Math.ceil(crossing.x * scale - 0.5); col < next.x * scale - 0.5 && col < width; col++) if (col >= 0) line[col] = true
    })
    return line
  })
}
