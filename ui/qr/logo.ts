import { layout } from './blocks'
import type { QrCode } from './encode'
import { interleave, splitBlocks } from './encode'
import { dataCells, functionPatterns } from './patterns'

// How much of a code's centre a logo may cover and the code still decode (docs/walletconnect.md, "QR code").

/** The block each placed codeword belongs to, in placement order. */
function codewordBlocks(qr: QrCode): number[] {
  const shape = layout(qr.version, qr.ecLevel)
  const data = splitBlocks(new Uint8Array(shape.data), shape)
  data.forEach((block, b) => block.fill(b))
  return [...interleave(data), ...interleave(data.map((_, b) => new Uint8Array(shape.ecLength).fill(b)))]
}

/**
 * The side, in modules, of the largest centred square no wider than `fraction` of the code that may be left blank:
 * in every block, the codewords it touches stay within three quarters of what the block's error correction repairs
 * (half its error-correction codewords), leaving the rest for a camera's misreads. 0 when not even one module may go.
 */
export function logoSide(qr: QrCode, fraction: number): number {
  const { size, version, ecLevel } = qr
  const cells = dataCells(functionPatterns(version))
  const blocks = codewordBlocks(qr)
  const budget = Math.floor((layout(version, ecLevel).ecLength * 3) / 8)
  let side = Math.floor(Math.min(fraction, 1) * size)
  for (side -= 1 - (side % 2); side > 0; side -= 2) {
    const low = (size - side) / 2
    const inside = (p: number) => p >= low && p < low + side
    const hits = new Map<number, Set<number>>()
    cells.forEach((cell, k) => {
      const block = blocks[k >> 3]
      if (block === undefined || !inside(cell % size) || !inside(Math.floor(cell / size))) return
      hits.set(block, (hits.get(block) ?? new Set()).add(k >> 3))
    })
    if ([...hits.values()].every((words) => words.size <= budget)) return side
  }
  return 0
}
