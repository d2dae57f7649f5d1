import { LatchError } from '../../kernel/engine/errors'
import { byteCapacity, countBits, layout, type EcLevel, type Layout } from './blocks'
import { divisor, errorCorrection } from './gf'
import { masks, penalty } from './mask'
import { dataCells, drawFormat, formatBits, functionPatterns } from './patterns'

// A QR code encoder for byte-mode (UTF-8) text: versions 1–40, levels L, M, Q and H (docs/walletconnect.md, "QR code").

export type { EcLevel } from './blocks'

export type QrOptions = {
  /** Error-correction level; 'Q' by default, as a wallet's logo covers the centre of the code. */
  ecLevel?: EcLevel
}

/** A drawn symbol: `modules[y * size + x]` is 1 for a dark module. No quiet zone. */
export type QrCode = { version: number; ecLevel: EcLevel; mask: number; size: number; modules: Uint8Array }

/** The level's 2-bit code in the format information. */
export const levelCode = (level: EcLevel): number => 'MLHQ'.indexOf(level)

/** The smallest version that holds `length` bytes at `level`, or undefined past version 40. */
export function versionFor(length: number, level: EcLevel): number | undefined {
  for (let version = 1; version <= 40; version++) if (byteCapacity(version, level) >= length) return version
  return undefined
}

/** The data codewords: mode 0100, the byte count, the bytes, a terminator, then 0xec 0x11 padding. */
export function dataCodewords(bytes: Uint8Array, version: number, count: number): Uint8Array {
  const out = new Uint8Array(count)
  let bit = 0
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--, bit++) if ((value >> i) & 1) out[bit >> 3] = (out[bit >> 3] as number) | (0x80 >> (bit & 7))
  }
  put(4, 4)
  put(bytes.length, countBits(version))
  for (const byte of bytes) put(byte, 8)
  for (let i = Math.ceil((bit + 4) / 8), pad = 0xec; i < count; i++, pad ^= 0xec ^ 0x11) out[i] = pad
  return out
}

/** Splits data codewords into blocks (the short ones first), one longer by a codeword when the count does not divide. */
export function splitBlocks<T extends { subarray(start: number, end: number): T }>(data: T, { total, blocks, ecLength }: Layout): T[] {
  const shortData = Math.floor(total / blocks) - ecLength
  const shortBlocks = blocks - (total % blocks)
  let offset = 0
  return Array.from({ length: blocks }, (_, b) => data.subarray(offset, (offset += shortData + (b < shortBlocks ? 0 : 1))))
}

/** Takes the first codeword of every block, then the second, and so on, passing over blocks already spent. */
export function interleave(blocks: readonly ArrayLike<number>[]): number[] {
  const out: number[] = []
  const longest = Math.max(...blocks.map((block) => block.length))
  for (let i = 0; i < longest; i++) for (const block of blocks) if (i < block.length) out.push(block[i] as number)
  return out
}

/** Every codeword of a symbol in the order they are placed: the data blocks interleaved, then their error correction. */
export function codewords(bytes: Uint8Array, version: number, level: EcLevel): number[] {
  const shape = layout(version, level)
  const blocks = splitBlocks(dataCodewords(bytes, version, shape.data), shape)
  const div = divisor(shape.ecLength)
  return [...interleave(blocks), ...interleave(blocks.map((block) => errorCorrection(block, div)))]
}

/**
 * Encodes `text` (as UTF-8, in byte mode) in the smallest version that holds it at the level, with the mask of
 * least penalty. Throws LatchError INVALID_PARAMS when even version 40 cannot hold it.
 */
export function encodeQr(text: string, { ecLevel = 'Q' }: QrOptions = {}): QrCode {
  const bytes = new TextEncoder().encode(text)
  const version = versionFor(bytes.length, ecLevel)
  if (!version) throw new LatchError('INVALID_PARAMS', { details: `${bytes.length} bytes do not fit a QR code at level ${ecLevel} (at most ${byteCapacity(40, ecLevel)})` })
  const grid = functionPatterns(version)
  const words = codewords(bytes, version, ecLevel)
  dataCells(grid).forEach((cell, k) => {
    grid.dark[cell] = ((words[k >> 3] ?? 0) >> (7 - (k & 7))) & 1
  })
  let best: QrCode | undefined
  let bestScore = Infinity
  masks.forEach((flips, mask) => {
    const dark = grid.dark.slice()
    for (let i = 0; i < dark.length; i++) if (!grid.fixed[i] && flips(i % grid.size, Math.floor(i / grid.size))) dark[i] = (dark[i] as number) ^ 1
    drawFormat({ ...grid, dark, fixed: new Uint8Array(dark.length) }, formatBits(levelCode(ecLevel), mask))
    const score = penalty(dark, grid.size)
    if (score < bestScore) [best, bestScore] = [{ version, ecLevel, mask, size: grid.size, modules: dark }, score]
  })
  return best as QrCode
}
