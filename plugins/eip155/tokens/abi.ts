/**
 * The little ABI coding token balances need, local so the plugin pulls in no viem code: ERC-20 reads
 * (`balanceOf`, `decimals`, `symbol`, `name`) and Multicall3's `aggregate3`. Decoders throw on anything
 * malformed; callers treat that as a failed call.
 */

/** `balanceOf(address)`, `decimals()`, `symbol()`, `name()`, `aggregate3((address,bool,bytes)[])`. */
export const selectors = { balanceOf: '70a08231', decimals: '313ce567', symbol: '95d89b41', name: '06fdde03', aggregate3: '82ad56cb' } as const

/** One call of `aggregate3`: a target, and the call data (`0x…`); failures are allowed (reported per call). */
export type Call = { target: string; data: string }
/** One result of `aggregate3`. */
export type CallResult = { success: boolean; data: string }

const word = (value: bigint) => value.toString(16).padStart(64, '0')
const strip = (hex: string) => (hex.startsWith('0x') ? hex.slice(2) : hex)

/** `balanceOf(owner)` call data. */
export function encodeBalanceOf(owner: string): string {
  return `0x${selectors.balanceOf}${strip(owner).toLowerCase().padStart(64, '0')}`
}

/** `aggregate3(calls)` call data, every call with allowFailure = true. */
export function encodeAggregate3(calls: readonly Call[]): string {
  const tuples = calls.map((call) => {
    const data = strip(call.data)
    const padded = data.padEnd(Math.ceil(data.length / 64) * 64, '0')
    // (address target, bool allowFailure, bytes callData): the bytes start after the tuple's three head words.
    return `${strip(call.target).toLowerCase().padStart(64, '0')}${word(1n)}${word(96n)}${word(BigInt(data.length / 2))}${padded}`
  })
  let offset = BigInt(calls.length * 32)
  const offsets = tuples.map((tuple) => {
    const at = word(offset)
    offset += BigInt(tuple.length / 2)
    return at
  })
  return `0x${selectors.aggregate3}${word(32n)}${word(BigInt(calls.length))}${offsets.join('')}${tuples.join('')}`
}

/** Reads the `(bool success, bytes returnData)[]` that `aggregate3` returns. */
export function decodeAggregate3(result: string): CallResult[] {
  const hex = strip(result)
  const at = (byte: number) => readWord(hex, byte)
  const start = toIndex(at(0))
  const count = toIndex(at(start))
  if (count > 10_000) throw new Error('aggregate3: too many results')
  const base = start + 32
  const results: CallResult[] = []
  for (let i = 0; i < count; i++) {
    const tuple = base + toIndex(at(base + i * 32))
    const success = at(tuple) === 1n
    const bytesAt = tuple + toIndex(at(tuple + 32))
    const length = toIndex(at(bytesAt))
    const data = hex.slice((bytesAt + 32) * 2, (bytesAt + 32 + length) * 2)
    if (data.length !== length * 2) throw new Error('aggregate3: result past the end')
    results.push({ success, data: `0x${data}` })
  }
  return results
}

/** A `uint256` return value. */
export function decodeUint(data: string): bigint {
  const hex = strip(data)
  if (hex.length !== 64) throw new Error('not one word')
  return BigInt(`0x${hex}`)
}

/** A `string` return value, or a `bytes32` one (older tokens), NUL padding removed. */
export function decodeString(data: string): string {
  const hex = strip(data)
  if (hex.length === 64) return utf8(hex).replace(/\0+$/, '')
  const offset = toIndex(readWord(hex, 0))
  const length = toIndex(readWord(hex, offset))
  const body = hex.slice((offset + 32) * 2, (offset + 32 + length) * 2)
  if (body.length !== length * 2) throw new Error('string past the end')
  return utf8(body)
}

function readWord(hex: string, byte: number): bigint {
  const text = hex.slice(byte * 2, byte * 2 + 64)
  if (text.length !== 64 || !/^[0-9a-fA-F]+$/.test(text)) throw new Error('ABI data too short')
  return BigInt(`0x${text}`)
}

function toIndex(value: bigint): number {
  if (value > 0xffffffffn) throw new Error('ABI offset out of range')
  return Number(value)
}

function utf8(hex: string): string {
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
}
