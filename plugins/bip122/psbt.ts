/**
 * Just enough of BIP-174 (PSBT version 0) to check what a wallet signs (docs/bitcoin.md, "PSBTs"): the unsigned
 * transaction (inputs, outputs, version, lock time), each input's previous output script, and whether an input
 * carries a signature. Every read is bounded; junk throws a plain Error the caller turns into a LatchError.
 */

/** One input of the unsigned transaction: the output it spends (txid as bytes, as serialised) and its sequence. */
export type TxInput = { txid: string; vout: number; sequence: number }
/** One output: its value in satoshis and its script. */
export type TxOutput = { value: bigint; script: Uint8Array }
/** The unsigned transaction a PSBT carries. */
export type UnsignedTx = { version: number; locktime: number; inputs: TxInput[]; outputs: TxOutput[] }

/** What Latch reads of one input's map. */
export type PsbtInput = {
  /** The script of the output this input spends (from the witness UTXO, or the full previous transaction). */
  prevoutScript?: Uint8Array
  /** The input carries a signature: partial (ECDSA or taproot) or final. */
  signed: boolean
  /** The input is finalised (final scriptSig or witness). */
  finalized: boolean
}

export type Psbt = { tx: UnsignedTx; inputs: PsbtInput[] }

/** Most inputs or outputs read from one transaction (far above what fits a block's weight in practice). */
const maxItems = 10_000
const magic = [0x70, 0x73, 0x62, 0x74, 0xff]

class Reader {
  offset = 0
  constructor(readonly bytes: Uint8Array) {}
  take(length: number): Uint8Array {
    if (length < 0 || this.offset + length > this.bytes.length) throw new Error('the PSBT ends too early')
    const slice = this.bytes.subarray(this.offset, this.offset + length)
    this.offset += length
    return slice
  }
  byte(): number {
    return this.take(1)[0] as number
  }
  u32(): number {
    const b = this.take(4)
    return ((b[0] as number) | ((b[1] as number) << 8) | ((b[2] as number) << 16)) + (b[3] as number) * 0x1000000
  }
  u64(): bigint {
    const low = BigInt(this.u32())
    return low + (BigInt(this.u32()) << 32n)
  }
  /** A CompactSize integer (bounded to 2^32 - 1: nothing in a PSBT is longer). */
  varint(): number {
    const first = this.byte()
    if (first < 0xfd) return first
    if (first === 0xfd) return this.byte() | (this.byte() << 8)
    if (first === 0xfe) return this.u32()
    throw new Error('a length over 2^32 bytes')
  }
  bytesOf(): Uint8Array {
    return this.take(this.varint())
  }
  get done(): boolean {
    return this.offset >= this.bytes.length
  }
}

/** Reads a serialised transaction (with or without witness data). */
export function parseTransaction(bytes: Uint8Array, options: { unsigned?: boolean } = {}): UnsignedTx {
  const reader = new Reader(bytes)
  const tx = readTransaction(reader, options.unsigned ?? false)
  if (!reader.done) throw new Error('bytes after the transaction')
  return tx
}

function readTransaction(reader: Reader, unsigned: boolean): UnsignedTx {
  const version = reader.u32()
  let count = reader.varint()
  let witness = false
  if (count === 0 && !unsigned) {
    if (reader.byte() !== 1) throw new Error('an unknown transaction flag')
    witness = true
    count = reader.varint()
  }
  if (count === 0 || count > maxItems) throw new Error(`a transaction with ${count} inputs`)
  const inputs: TxInput[] = []
  for (let i = 0; i < count; i++) {
    const txid = hex(reader.take(32))
    const vout = reader.u32()
    const scriptSig = reader.bytesOf()
    if (unsigned && scriptSig.length > 0) throw new Error('the unsigned transaction has a scriptSig')
    inputs.push({ txid, vout, sequence: reader.u32() })
  }
  const outputCount = reader.varint()
  if (outputCount > maxItems) throw new Error(`a transaction with ${outputCount} outputs`)
  const outputs: TxOutput[] = []
  for (let i = 0; i < outputCount; i++) outputs.push({ value: reader.u64(), script: Uint8Array.from(reader.bytesOf()) })
  if (witness) for (let i = 0; i < count; i++) for (let items = reader.varint(); items > 0; items--) reader.bytesOf()
  return { version, locktime: reader.u32(), inputs, outputs }
}

/** Parses a PSBT (version 0). Throws for anything else, naming what is wrong. */
export function parsePsbt(bytes: Uint8Array): Psbt {
  const reader = new Reader(bytes)
  if (!magic.every((byte) => reader.byte() === byte)) throw new Error('not a PSBT (no magic bytes)')
  let tx: UnsignedTx | undefined
  for (const { key, value } of readMap(reader)) {
    if (key[0] === 0x00 && key.length === 1) tx = parseTransaction(value, { unsigned: true })
    if (key[0] === 0xfb && key.length === 1) {
      const version = new Reader(value).u32()
      if (version !== 0) throw new Error(`PSBT version ${version} (Latch reads version 0)`)
    }
  }
  if (!tx) throw new Error('the PSBT has no unsigned transaction')
  const inputs = tx.inputs.map((input) => readInput(readMap(reader), input))
  for (let i = 0; i < tx.outputs.length; i++) readMap(reader)
  if (!reader.done) throw new Error('bytes after the last output map')
  return { tx, inputs }
}

function readMap(reader: Reader): { key: Uint8Array; value: Uint8Array }[] {
  const entries: { key: Uint8Array; value: Uint8Array }[] = []
  for (;;) {
    const key = reader.bytesOf()
    if (key.length === 0) return entries
    if (entries.length >= maxItems) throw new Error('a PSBT map with too many entries')
    entries.push({ key, value: reader.bytesOf() })
  }
}

function readInput(entries: { key: Uint8Array; value: Uint8Array }[], spent: TxInput): PsbtInput {
  const result: PsbtInput = { signed: false, finalized: false }
  for (const { key, value } of entries) {
    const type = key[0]
    if (type === 0x00) {
      const previous = parseTransaction(value)
      result.prevoutScript ??= previous.outputs[spent.vout]?.script
    } else if (type === 0x01) {
      const utxo = new Reader(value)
      utxo.u64()
      result.prevoutScript = Uint8Array.from(utxo.bytesOf())
    } else if (type === 0x02 || type === 0x13 || type === 0x14) {
      result.signed = true // partial signature, taproot key-path or script-path signature
    } else if (type === 0x07 || type === 0x08) {
      result.signed = true
      result.finalized = true
    }
  }
  return result
}

/** The first way `b`'s transaction differs from `a`'s, in words; undefined when they are the same. */
export function transactionDifference(a: UnsignedTx, b: UnsignedTx): string | undefined {
  if (a.version !== b.version) return `the version changed (${a.version} → ${b.version})`
  if (a.locktime !== b.locktime) return `the lock time changed (${a.locktime} → ${b.locktime})`
  if (a.inputs.length !== b.inputs.length) return `the inputs changed (${a.inputs.length} → ${b.inputs.length})`
  if (a.outputs.length !== b.outputs.length) return `the outputs changed (${a.outputs.length} → ${b.outputs.length})`
  for (const [i, input] of a.inputs.entries()) {
    const other = b.inputs[i] as TxInput
    if (input.txid !== other.txid || input.vout !== other.vout || input.sequence !== other.sequence) return `input ${i} changed`
  }
  for (const [i, output] of a.outputs.entries()) {
    const other = b.outputs[i] as TxOutput
    if (output.value !== other.value) return `output ${i} changed its value (${output.value} → ${other.value} sats)`
    if (hex(output.script) !== hex(other.script)) return `output ${i} changed its script`
  }
  return undefined
}

/** Lower-case hex of bytes. */
export function hex(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0')
  return text
}
