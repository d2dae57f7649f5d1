// The function patterns of a QR symbol (finders, separators, timing, alignment, format and version
// information) and the order its codeword modules are filled in (docs/walletconnect.md, "QR code").

/** A symbol being drawn: `dark[y * size + x]` is 1 for a dark module, `fixed` for a function-pattern one. */
export type Grid = { size: number; dark: Uint8Array; fixed: Uint8Array }

function set(grid: Grid, x: number, y: number, dark: boolean): void {
  const i = y * grid.size + x
  grid.dark[i] = dark ? 1 : 0
  grid.fixed[i] = 1
}

/** The centres of the alignment patterns along one side: 6, then evenly spaced (an even step) up to size − 7. */
export function alignmentCentres(version: number): number[] {
  if (version === 1) return []
  const count = Math.floor(version / 7) + 2
  const last = version * 4 + 10
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2
  return [6, ...Array.from({ length: count - 1 }, (_, i) => last - (count - 2 - i) * step)]
}

/** `value` followed by its BCH remainder by `poly` (format and version information). */
export function bch(value: number, poly: number): number {
  const degree = 31 - Math.clz32(poly)
  let rest = value << degree
  for (let bit = 31 - Math.clz32(rest); bit >= degree; bit--) if ((rest >> bit) & 1) rest ^= poly << (bit - degree)
  return (value << degree) | rest
}

/** The 15 format bits for a level (its 2-bit code) and a mask, masked with 101010000010010. */
export const formatBits = (levelCode: number, mask: number): number => bch((levelCode << 3) | mask, 0x537) ^ 0x5412

/** Writes both copies of the format bits (bit 0 is the least significant). */
export function drawFormat(grid: Grid, bits: number): void {
  const { size } = grid
  for (let i = 0; i < 15; i++) {
    const on = ((bits >> i) & 1) === 1
    // Around the top-left finder: up column 8 (skipping the timing line), then left along row 8.
    if (i < 8) set(grid, 8, i < 6 ? i : i + 1, on)
    else set(grid, i < 9 ? 7 : 14 - i, 8, on)
    // Split copy: along row 8 under the top-right finder, then down column 8 beside the bottom-left one.
    if (i < 8) set(grid, size - 1 - i, 8, on)
    else set(grid, 8, size - 15 + i, on)
  }
  set(grid, 8, size - 8, true)
}

/** A symbol of `version` with every function pattern drawn and the format area reserved. */
export function functionPatterns(version: number): Grid {
  const size = version * 4 + 17
  const grid: Grid = { size, dark: new Uint8Array(size * size), fixed: new Uint8Array(size * size) }
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]] as const) {
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx
        const y = cy + dy
        const ring = Math.max(Math.abs(dx), Math.abs(dy))
        if (x >= 0 && x < size && y >= 0 && y < size) set(grid, x, y, ring !== 2 && ring !== 4)
      }
  }
  const centres = alignmentCentres(version)
  for (const cx of centres)
    for (const cy of centres) {
      if (grid.fixed[cy * size + cx]) continue
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) set(grid, cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
    }
  for (let i = 8; i < size - 8; i++) {
    set(grid, 6, i, i % 2 === 0)
    set(grid, i, 6, i % 2 === 0)
  }
  drawFormat(grid, 0)
  if (version > 6) {
    const bits = bch(version, 0x1f25)
    for (let i = 0; i < 18; i++) {
      const on = ((bits >> i) & 1) === 1
      const a = size - 11 + (i % 3)
      const b = Math.floor(i / 3)
      set(grid, a, b, on)
      set(grid, b, a, on)
    }
  }
  return grid
}

/**
 * The modules codeword bits go in, in order: two-module-wide columns from the right edge leftwards (the vertical
 * timing line skipped), up the first, down the next, and so on, passing over function-pattern modules.
 */
export function dataCells(grid: Grid): number[] {
  const { size, fixed } = grid
  const cells: number[] = []
  let upward = true
  for (let right = size - 1; right > 0; right -= 2, upward = !upward) {
    if (right === 6) right = 5
    for (let step = 0; step < size; step++) {
      const y = upward ? size - 1 - step : step
      for (const x of [right, right - 1]) if (!fixed[y * size + x]) cells.push(y * size + x)
    }
  }
  return cells
}
