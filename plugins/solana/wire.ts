/**
 * Solana's wire format, read and written by hand (docs/solana.md, "Bytes"): what Latch needs to check a
 * transaction and build a SOL transfer, without @solana/web3.js. A transaction is its signatures (a compact-u16
 * count, 64 bytes each) then its message: legacy, or versioned (first byte 0x80 | version).
 */

/** A transaction read from its bytes. Keys and signatures are views into the input. */
export type ParsedTransaction = {
  signatures: Uint8Array[]
  message: Uint8Array
  version: 'legacy' | number
  numRequiredSignatures: number
  staticAccountKeys: Uint8Array[]
  recentBlockhash: Uint8Array
}

/** A compact-u16 (1 to 3 bytes, 7 bits each) at `offset`: [value, next offset], or undefined when malformed. */
export function readCompactU16(bytes: Uint8Array, offset: number): [number, number] | undefined {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]
    if (byte === undefined) return undefined
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) {
      // Canonical only: no needless trailing zero byte, and at most 16 bits.
      if (i > 0 && byte === 0) return undefined
      return value > 0xffff ? undefined : [value, offset + i + 1]
    }
  }
  return undefined
}

/** The compact-u16 encoding of `value` (0 to 65535). */
export function writeCompactU16(value: number): number[] {
  const out: number[] = []
  let rest = value
  for (;;) {
    const low = rest & 0x7f
    rest >>= 7
    if (rest === 0) return [...out, low]
    out.push(low | 0x80)
  }
}

/** The transaction in `bytes`, or undefined when they are not exactly one well-formed transaction. Never throws. */
export function parseTransaction(bytes: Uint8Array): ParsedTransaction | undefined {
  const count = readCompactU16(bytes, 0)
  if (!count) return undefined
  const [signatureCount, start] = count
  const messageStart = start + 64 * signatureCount
  if (messageStart > bytes.length) return undefined
  const signatures = Array.from({ length: signatureCount }, (_, i) => bytes.subarray(start + 64 * i, start + 64 * (i + 1)))
  const message = bytes.subarray(messageStart)
  const parsed = parseMessage(message)
  if (!parsed || parsed.numRequiredSignatures !== signatureCount) return undefined
  return { signatures, message, ...parsed }
}

function parseMessage(message: Uint8Array): Omit<ParsedTransaction, 'signatures' | 'message'> | undefined {
  let at = 0
  let version: 'legacy' | number = 'legacy'
  const first = message[0]
  if (first === undefined) return undefined
  if (first & 0x80) {
    version = first & 0x7f
    // Version 0 is the only versioned format this reader knows.
    if (version !== 0) return undefined
    at = 1
  }
  const numRequiredSignatures = message[at]
  const numReadonlySigned = message[at + 1]
  const numReadonlyUnsigned = message[at + 2]
  if (numRequiredSignatures === undefined || numReadonlySigned === undefined || numReadonlyUnsigned === undefined) return undefined
  at += 3
  const keys = readCompactU16(message, at)
  if (!keys) return undefined
  const [keyCount, keysStart] = keys
  at = keysStart + 32 * keyCount
  if (numRequiredSignatures === 0 || keyCount < numRequiredSignatures || numReadonlySigned >= numRequiredSignatures || keyCount < numRequiredSignatures + numReadonlyUnsigned) return undefined
  if (at + 32 > message.length) return undefined
  const staticAccountKeys = Array.from({ length: keyCount }, (_, i) => message.subarray(keysStart + 32 * i, keysStart + 32 * (i + 1)))
  const recentBlockhash = message.subarray(at, at + 32)
  at += 32
  const instructions = readCompactU16(message, at)
  if (!instructions) return undefined
  at = instructions[1]
  for (let i = 0; i < instructions[0]; i++) {
    if (message[at] === undefined) return undefined
    at += 1
    const accounts = readCompactU16(message, at)
    if (!accounts) return undefined
    at = accounts[1] + accounts[0]
    const data = readCompactU16(message, at)
    if (!data) return undefined
    at = data[1] + data[0]
    if (at > message.length) return undefined
  }
  if (version === 0) {
    const end = skipLookups(message, at)
    if (end === undefined) return undefined
    at = end
  }
  return at === message.length ? { version, numRequiredSignatures, staticAccountKeys, recentBlockhash } : undefined
}

/**
 * The address table lookups that end a version 0 message, from `offset`: a compact-u16 count, then for each table its
 * 32-byte address and two compact-u16 lists of account indexes (writable, read-only). The offset after them, or
 * undefined when they are malformed or run past the message. Shared with the frame's reader (frame/app/solana.ts).
 */
export function skipLookups(message: Uint8Array, offset: number): number | undefined {
  const lookups = readCompactU16(message, offset)
  if (!lookups) return undefined
  let at = lookups[1]
  for (let i = 0; i < lookups[0]; i++) {
    at += 32
    for (let list = 0; list < 2; list++) {
      const indexes = readCompactU16(message, at)
      if (!indexes) return undefined
      at = indexes[1] + indexes[0]
    }
    if (at > message.length) return undefined
  }
  return at
}

/** The signer slot of `publicKey` in a transaction: its index among the required signers, or -1. */
export function signerIndex(transaction: ParsedTransaction, publicKey: Uint8Array): number {
  for (let i = 0; i < transaction.numRequiredSignatures; i++) if (equalBytes(transaction.staticAccountKeys[i], publicKey)) return i
  return -1
}

/** True when a 64-byte signature slot holds a signature (all zeros is the empty slot). */
export function isSigned(signature: Uint8Array | undefined): boolean {
  return signature !== undefined && signature.length === 64 && signature.some((byte) => byte !== 0)
}

/** The system program's id: 32 zero bytes. */
const systemProgram = new Uint8Array(32)

/**
 * A legacy transaction moving `lamports` from `from` to `to` (the system program's transfer, instruction 2), with
 * an empty signature slot for `from`, who pays the fee.
 */
export function buildTransfer(from: Uint8Array, to: Uint8Array, lamports: bigint, recentBlockhash: Uint8Array): Uint8Array {
  const self = equalBytes(from, to)
  const keys = self ? [from, systemProgram] : [from, to, systemProgram]
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true)
  view.setBigUint64(4, lamports, true)
  const message = [
    // One signer (writable), no read-only signer, the system program read-only.
    1, 0, 1,
    ...writeCompactU16(keys.length),
    ...keys.flatMap((key) => [...key]),
    ...recentBlockhash,
    ...writeCompactU16(1),
    keys.length - 1,
    ...writeCompactU16(2),
    0,
    self ? 0 : 1,
    ...writeCompactU16(data.length),
    ...data,
  ]
  return Uint8Array.from([...writeCompactU16(1), ...new Uint8Array(64), ...message])
}

export function equalBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
