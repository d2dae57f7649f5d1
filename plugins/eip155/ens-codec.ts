/**
 * The few ENS calls Latch makes, encoded and decoded by hand over keccak-256 (docs/behaviour.md, "Names"): a
 * universal resolver's `reverseWithGateways` (an address's name) and `resolveWithGateways` (a name's address or
 * avatar text record). Pure; every decoder throws on an answer that is not well-formed, so junk is never shown.
 */
import { keccak256 as keccak_256 } from '../../kernel/rules/keccak'

const encoder = new TextEncoder()
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const selector = (signature: string) => hex(keccak_256(encoder.encode(signature)).subarray(0, 4))
const word = (value: number | bigint) => value.toString(16).padStart(64, '0')
/** ABI `bytes` / `string` tail: length, then the bytes padded to whole words. */
const tail = (bytes: Uint8Array) => word(bytes.length) + hex(bytes).padEnd(Math.ceil(bytes.length / 32) * 64, '0')

/** The longest name looked up or shown (DNS's limit). */
export const maxNameLength = 255

/**
 * Whether `name` is a name Latch looks up or shows: at most 255 characters, at least two dot-separated labels of
 * 1–63 bytes, already lower-case and NFC, no spaces, control characters or '/', '\\', '%', '@', ':'.
 */
export function isPlausibleName(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > maxNameLength) return false
  if (name !== name.normalize('NFC') || name !== name.toLowerCase()) return false
  if (/[\s\u0000-\u001f\u007f-\u009f/\\%@:]/.test(name)) return false
  const labels = name.split('.')
  return labels.length >= 2 && labels.every((label) => label.length > 0 && encoder.encode(label).length <= 63)
}

/** ENS namehash of a dotted name. */
export function namehash(name: string): string {
  let node: Uint8Array = new Uint8Array(32)
  const labels = name.split('.')
  for (let i = labels.length - 1; i >= 0; i--) {
    const joined = new Uint8Array(64)
    joined.set(node)
    joined.set(keccak_256(encoder.encode(labels[i])), 32)
    node = keccak_256(joined)
  }
  return hex(node)
}

/** The DNS wire form of a dotted name (each label prefixed by its length, then a zero byte). */
export function dnsEncode(name: string): Uint8Array {
  const parts = name.split('.').map((label) => encoder.encode(label))
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length + 1, 1))
  let at = 0
  for (const part of parts) {
    out[at++] = part.length
    out.set(part, at)
    at += part.length
  }
  return out
}

const reverseSelector = selector('reverseWithGateways(bytes,uint256,string[])')
const resolveSelector = selector('resolveWithGateways(bytes,bytes,string[])')
const textSelector = selector('text(bytes32,string)')
const addrSelector = selector('addr(bytes32)')

const fromHex = (data: string) => Uint8Array.from((data.slice(2).match(/../g) ?? []).map((b) => parseInt(b, 16)))

/** Calldata of `reverseWithGateways(address, 60, [])`: the address's primary name on EVM (coin type 60). */
export function encodeReverse(address: string): string {
  // Heads: offset of bytes (3 words), coin type, offset of string[] (after the bytes' tail: 3 + 2 words).
  return `0x${reverseSelector}${word(96)}${word(60)}${word(160)}${tail(fromHex(address))}${word(0)}`
}

/** Calldata of `resolveWithGateways(dns(name), call, [])`, `call` being `text(node, key)` or `addr(node)`. */
export function encodeResolve(name: string, call: { text: string } | 'addr'): string {
  const node = namehash(name)
  const inner =
    call === 'addr'
      ? fromHex(`0x${addrSelector}${node}`)
      : fromHex(`0x${textSelector}${node}${word(64)}${tail(encoder.encode(call.text))}`)
  const dns = dnsEncode(name)
  const dnsTail = tail(dns)
  const innerTail = tail(inner)
  const second = 96 + dnsTail.length / 2
  const third = second + innerTail.length / 2
  return `0x${resolveSelector}${word(96)}${word(second)}${word(third)}${dnsTail}${innerTail}${word(0)}`
}

const hexData = /^0x(?:[0-9a-fA-F]{2})*$/

/** The `bytes` or `string` at the head word `index` of ABI data (throws when it does not fit). */
function dynamicAt(data: Uint8Array, index: number): Uint8Array {
  const read = (at: number) => {
    if (at + 32 > data.length) throw new Error('ABI data too short')
    let value = 0
    for (let i = at; i < at + 32; i++) {
      if (i < at + 26 && data[i] !== 0) throw new Error('ABI offset too large')
      value = value * 256 + (data[i] as number)
    }
    return value
  }
  const offset = read(index * 32)
  const length = read(offset)
  if (offset + 32 + length > data.length) throw new Error('ABI data too short')
  return data.subarray(offset + 32, offset + 32 + length)
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** The name in a `reverseWithGateways` answer; '' when the address has none. Throws on junk. */
export function decodeReverse(result: unknown): string {
  if (typeof result !== 'string' || !hexData.test(result)) throw new Error('not hex data')
  return utf8.decode(dynamicAt(fromHex(result), 0))
}

/** The resolver's answer inside a `resolveWithGateways` answer. Throws on junk. */
function resolved(result: unknown): Uint8Array {
  if (typeof result !== 'string' || !hexData.test(result)) throw new Error('not hex data')
  return dynamicAt(fromHex(result), 0)
}

/** The text record in a `resolveWithGateways(…, text(…))` answer ('' when unset). Throws on junk. */
export function decodeText(result: unknown): string {
  return utf8.decode(dynamicAt(resolved(result), 0))
}

/** The address in a `resolveWithGateways(…, addr(…))` answer, lower-case; null when unset (zero). Throws on junk. */
export function decodeAddr(result: unknown): string | null {
  const answer = resolved(result)
  if (answer.length !== 32 || answer.subarray(0, 12).some((b) => b !== 0)) throw new Error('not an address word')
  const address = `0x${hex(answer.subarray(12))}`
  return /^0x0{40}$/.test(address) ? null : address
}

/** An avatar record Latch shows: the rule is shared with the names plugin's identity (kernel/rules/names.ts). */
export { shownAvatar } from '../../kernel/rules/avatar'
