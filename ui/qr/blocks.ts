// How many codewords a QR symbol holds and how they split into error-correction blocks, per version (1–40)
// and level: the table of the QR code standard (ISO/IEC 18004), as docs/walletconnect.md, "QR code" describes.

/** Error-correction levels, from the least redundant (L, ~7 % recoverable) to the most (H, ~30 %). */
export type EcLevel = 'L' | 'M' | 'Q' | 'H'

/** Error-correction codewords per block, by level, versions 1 to 40. */
const ecPerBlock: Record<EcLevel, readonly number[]> = {
  L: [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  M: [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  Q: [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  H: [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
}

/** Error-correction blocks, by level, versions 1 to 40. */
const blockCount: Record<EcLevel, readonly number[]> = {
  L: [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  M: [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  Q: [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  H: [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
}

/** The modules of a version left for codewords once the function patterns are drawn, in whole codewords. */
export function totalCodewords(version: number): number {
  const size = version * 4 + 17
  // Minus the three finders with their separators, the two timing lines, both format copies and the dark module.
  let modules = size * size - 192 - 2 * (size - 16) - 31
  const perSide = version > 1 ? Math.floor(version / 7) + 2 : 0
  // Alignment patterns: all but the three on finders; the ones on a timing line share 5 modules with it.
  if (perSide) modules -= 25 * (perSide * perSide - 3) - 10 * (perSide - 2)
  if (version > 6) modules -= 36
  return modules >> 3
}

export type Layout = { total: number; data: number; blocks: number; ecLength: number }

export function layout(version: number, level: EcLevel): Layout {
  const total = totalCodewords(version)
  const blocks = blockCount[level][version - 1] as number
  const ecLength = ecPerBlock[level][version - 1] as number
  return { total, data: total - blocks * ecLength, blocks, ecLength }
}

/** Bits of the byte-mode character count. */
export const countBits = (version: number): number => (version < 10 ? 8 : 16)

/** The most bytes a version holds at a level in byte mode (4-bit mode, the count, the bytes). */
export function byteCapacity(version: number, level: EcLevel): number {
  return (layout(version, level).data * 8 - 4 - countBits(version)) >> 3
}
