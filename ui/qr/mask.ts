// The eight data masks of the QR code standard and the penalty that picks one (docs/walletconnect.md, "QR code").

/** Whether mask `n` flips the module at column x, row y. */
export const masks: readonly ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(y / 2) + Math.floor(x / 3)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
]

/** 1:1:3:1:1 finder-like runs with four light modules before or after, as 11-bit windows. */
const finderLike = [0b10111010000, 0b00001011101]

/**
 * The standard's penalty of a drawn symbol (lower is better): runs of five or more same-coloured modules in a row
 * or column (3, plus 1 per module beyond five), 2×2 same-coloured squares (3 each), finder-like patterns (40 each),
 * and 10 per 5 % the share of dark modules strays from half.
 */
export function penalty(dark: Uint8Array, size: number): number {
  let score = 0
  let darkCount = 0
  for (let a = 0; a < size; a++) {
    for (const across of [true, false]) {
      let run = 0
      let previous = -1
      let window = 0
      for (let b = 0; b < size; b++) {
        const module = dark[across ? a * size + b : b * size + a] as number
        run = module === previous ? run + 1 : 1
        previous = module
        if (run === 5) score += 3
        else if (run > 5) score++
        window = ((window << 1) | module) & 0x7ff
        if (b >= 10 && finderLike.includes(window)) score += 40
      }
    }
  }
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x
      const module = dark[i]
      darkCount += module as number
      if (x < size - 1 && y < size - 1 && module === dark[i + 1] && module === dark[i + size] && module === dark[i + size + 1]) score += 3
    }
  const total = size * size
  return score + Math.floor(Math.abs(darkCount * 20 - total * 10) / total) * 10
}
