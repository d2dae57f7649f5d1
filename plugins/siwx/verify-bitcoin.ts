/**
 * docs/siwx.md, "Verifying a signature": whether a sign-in message was signed by the Bitcoin address it names, offline,
 * with @noble/curves and @noble/hashes. BIP-322 "simple" signatures (the witness that spends BIP-322's virtual
 * transaction) for P2WPKH, P2SH-P2WPKH and P2TR (key path) addresses; the legacy signed-message form (BIP-137, Bitcoin
 * Core's `signmessage`) for P2PKH, P2SH-P2WPKH and P2WPKH addresses. Mainnet, testnet, signet and regtest addresses.
 */
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { decodeBase58 } from '../../kernel/rules/base58'
import { fromBase64 } from '../../kernel/rules/base64'
import { decodeSegwitAddress } from '../../kernel/rules/bech32'
import { accountNamed } from './message'

/** An address signatures are verified for: its type, its hash (20 bytes) or taproot output key (32), and its output script. */
type SigningAddress = { type: 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2tr'; program: Uint8Array; script: Uint8Array }

type Bytes = Uint8Array | readonly number[]

/**
 * True when `message` is a Bitcoin sign-in message naming `address` (a bech32 address compared without case) and
 * `signature` is that address's signature of it (as `verifyBitcoinSignature`). A message naming another address, or
 * that is not a sign-in message, never verifies.
 */
export async function verifyBitcoinSignIn(input: { address: string; message: string; signature: string }): Promise<boolean> {
  const named = accountNamed('bip122', input?.message)
  if (named === undefined || typeof input.address !== 'string') return false
  const same = named === input.address || (/^(bc|tb|bcrt)1/i.test(named) && named.toLowerCase() === input.address.toLowerCase())
  return same && verifyBitcoinSignature({ address: named, message: input.message, signature: input.signature })
}

/**
 * True when `signature` (base64) signs `message` (its UTF-8 bytes, any message) for `address`: a BIP-322 simple
 * signature for a segwit or taproot address, or a legacy one (65 bytes, a header byte then r and s). Never throws: an
 * address, signature or witness it cannot read is simply not a signature of that address.
 */
export function verifyBitcoinSignature(input: { address: string; message: string; signature: string }): boolean {
  try {
    const address = readAddress(input.address)
    const signature = fromBase64(input.signature)
    if (!address || !signature || typeof input.message !== 'string') return false
    const message = new TextEncoder().encode(input.message)
    if (signature.length === 65 && verifyLegacy(address, message, signature)) return true
    return address.type !== 'p2pkh' && verifySimple(address, message, signature)
  } catch {
    // noble refuses a point off the curve or a scalar out of range by throwing: not a signature of that address.
    return false
  }
}

// Address prefixes: bech32 for mainnet, testnet and signet, regtest; base58 version bytes for mainnet, then for
// testnet, signet and regtest alike.
const bech32Prefixes = ['bc', 'tb', 'bcrt']
const pubKeyHashVersions = [0x00, 0x6f]
const scriptHashVersions = [0x05, 0xc4]

function readAddress(text: unknown): SigningAddress | undefined {
  if (typeof text !== 'string') return undefined
  for (const hrp of bech32Prefixes) {
    const segwit = decodeSegwitAddress(text, hrp)
    if (!segwit) continue
    const { version, program } = segwit
    if (version === 0 && program.length === 20) return { type: 'p2wpkh', program, script: concat([0x00, 0x14], program) }
    if (version === 1 && program.length === 32) return { type: 'p2tr', program, script: concat([0x51, 0x20], program) }
    // P2WSH and future witness versions: arbitrary scripts, which BIP-322 simple cannot tell apart here.
    return undefined
  }
  // A base58check address is 25 bytes, at most 35 characters (base58 decoding is quadratic in the length).
  if (text.length > 40) return undefined
  const bytes = decodeBase58(text)
  if (bytes?.length !== 25 || !equal(sha256d(bytes.subarray(0, 21)).subarray(0, 4), bytes.subarray(21))) return undefined
  const version = bytes[0] as number
  const program = bytes.slice(1, 21)
  if (pubKeyHashVersions.includes(version)) return { type: 'p2pkh', program, script: concat([0x76, 0xa9, 0x14], program, [0x88, 0xac]) }
  // A P2SH address is verified as P2SH-P2WPKH: the witness or the recovered key must give its script hash.
  if (scriptHashVersions.includes(version)) return { type: 'p2sh', program, script: concat([0xa9, 0x14], program, [0x87]) }
  return undefined
}

// --- The legacy form -------------------------------------------------------------------------------------------

const legacyPrefix = new TextEncoder().encode('\u0018Bitcoin Signed Message:\n')

/**
 * The legacy form: the header byte says the recovery id (its low two bits) and what the key stands for (27–30 P2PKH of
 * the uncompressed key, 31–34 P2PKH of the compressed key, 35–38 P2SH-P2WPKH, 39–42 P2WPKH). The key recovered from
 * the signature must give the address, in the address's own type. As Electrum and many wallets sign, a P2SH-P2WPKH or
 * P2WPKH address also takes a P2PKH header (27–34) when the compressed key gives it. High-S signatures are accepted,
 * as Bitcoin Core's `verifymessage` does.
 */
function verifyLegacy(address: SigningAddress, message: Uint8Array, signature: Uint8Array): boolean {
  const header = signature[0] as number
  if (header < 27 || header > 42) return false
  const kind = (header - 27) >> 2
  const hash = sha256d(concat(legacyPrefix, varint(message.length), message))
  const point = recoverKey(signature.subarray(1), (header - 27) & 3, hash)
  // r or s out of range, or no point with that r: no key signed it (the bytes may still be a BIP-322 witness).
  if (!point) return false
  const key = point.toBytes(true)
  switch (address.type) {
    case 'p2pkh':
      if (kind === 0) return equal(hash160(point.toBytes(false)), address.program)
      return kind === 1 && equal(hash160(key), address.program)
    case 'p2sh':
      return (kind === 2 || kind <= 1) && equal(hash160(concat([0x00, 0x14], hash160(key))), address.program)
    case 'p2wpkh':
      return (kind === 3 || kind <= 1) && equal(hash160(key), address.program)
    default:
      // BIP-137 has no form for taproot: its signatures are BIP-322's.
      return false
  }
}

/** The public key that made the compact signature (r ‖ s) of `hash` with this recovery id; undefined when none did. */
function recoverKey(compact: Uint8Array, recovery: number, hash: Uint8Array) {
  try {
    return secp256k1.Signature.fromBytes(compact, 'compact').addRecoveryBit(recovery).recoverPublicKey(hash)
  } catch {
    return undefined
  }
}

// --- BIP-322 simple ------------------------------------------------------------------------------------------------

/**
 * BIP-322 simple: `witness` spends the output of the virtual `to_spend` transaction (which commits to the message and
 * pays the address's script) in the virtual `to_sign` transaction. ECDSA signatures (P2WPKH, P2SH-P2WPKH) must be
 * SIGHASH_ALL and low-S, as Bitcoin's standard script checks require; Schnorr signatures (P2TR key path) are
 * SIGHASH_DEFAULT (64 bytes) or SIGHASH_ALL (65 bytes ending 0x01). Script paths and annexes are not read.
 */
function verifySimple(address: SigningAddress, message: Uint8Array, witnessBytes: Uint8Array): boolean {
  const witness = readWitness(witnessBytes)
  if (!witness) return false
  // to_spend: version 0; one input (the null outpoint, scriptSig OP_0 PUSH32 message hash, sequence 0); one output of
  // value 0 paying the address's script; lock time 0. Its id (in internal byte order) is the outpoint to_sign spends.
  const scriptSig = concat([0x00, 0x20], taggedHash('BIP0322-signed-message', message))
  const toSpend = concat(le32(0), [1], new Uint8Array(32), le32(0xffffffff), varint(scriptSig.length), scriptSig, le32(0), [1], new Uint8Array(8), varint(address.script.length), address.script, le32(0))
  // to_sign: version 0; one input spending to_spend:0, sequence 0; one output of value 0, script OP_RETURN; lock time 0.
  const prevout = concat(sha256d(toSpend), le32(0))
  const output = concat(new Uint8Array(8), [1, 0x6a])

  if (address.type === 'p2tr') {
    const [signature, ...rest] = witness
    if (!signature || rest.length > 0) return false
    const hashType = signature.length === 64 ? 0x00 : signature.length === 65 && signature[64] === 0x01 ? 0x01 : undefined
    if (hashType === undefined) return false
    // BIP-341's signature message (key path, no annex, input 0), after the epoch byte 0.
    const sigMsg = concat(
      [0x00, hashType],
      le32(0),
      le32(0),
      sha256(prevout),
      sha256(new Uint8Array(8)),
      sha256(concat(varint(address.script.length), address.script)),
      sha256(le32(0)),
      sha256(output),
      [0x00],
      le32(0),
    )
    // BIP-322 signs with the tweaked key: the output key, which is the address's program.
    return schnorr.verify(signature.subarray(0, 64), taggedHash('TapSighash', sigMsg), address.program)
  }

  const [signature, publicKey, ...rest] = witness
  if (!signature || publicKey?.length !== 33 || rest.length > 0 || signature.length < 9 || signature[signature.length - 1] !== 0x01) return false
  const keyHash = hash160(publicKey)
  // P2WPKH pays the key's hash; P2SH-P2WPKH the hash of the redeem script OP_0 PUSH20 key hash.
  const paid = address.type === 'p2wpkh' ? keyHash : hash160(concat([0x00, 0x14], keyHash))
  if (!equal(paid, address.program)) return false
  // BIP-143's signature hash (segwit v0, SIGHASH_ALL, input 0, value 0), with the P2PKH script of the key hash.
  const scriptCode = concat([0x19, 0x76, 0xa9, 0x14], keyHash, [0x88, 0xac])
  const preimage = concat(le32(0), sha256d(prevout), sha256d(le32(0)), prevout, scriptCode, new Uint8Array(8), le32(0), sha256d(output), le32(0), le32(0x01))
  return secp256k1.verify(signature.subarray(0, -1), sha256d(preimage), publicKey, { prehash: false, lowS: true, format: 'der' })
}

/** A serialized witness stack (a count, then each item with its length); undefined unless it is exactly that. */
function readWitness(bytes: Uint8Array): Uint8Array[] | undefined {
  let offset = 0
  const readSize = (): number | undefined => {
    const first = bytes[offset]
    if (first === undefined) return undefined
    const width = first < 0xfd ? 0 : first === 0xfd ? 2 : first === 0xfe ? 4 : undefined
    if (width === undefined || offset + 1 + width > bytes.length) return undefined
    let size = width === 0 ? first : 0
    for (let i = width; i >= 1; i--) size = size * 256 + (bytes[offset + i] as number)
    offset += 1 + width
    // Sizes are written in their shortest form.
    return (width === 2 && size < 0xfd) || (width === 4 && size <= 0xffff) ? undefined : size
  }
  const count = readSize()
  // The witnesses read here have one or two items.
  if (count === undefined || count < 1 || count > 2) return undefined
  const items: Uint8Array[] = []
  for (let i = 0; i < count; i++) {
    const size = readSize()
    if (size === undefined || offset + size > bytes.length) return undefined
    items.push(bytes.subarray(offset, offset + size))
    offset += size
  }
  return offset === bytes.length ? items : undefined
}

// --- Bytes ---------------------------------------------------------------------------------------------------------

function concat(...parts: Bytes[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

const le32 = (n: number) => Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24)

/** Bitcoin's compact size (lengths below 2³²). */
function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >>> 8)
  return concat([0xfe], le32(n))
}

const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes))
const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))

/** BIP-340's tagged hash: sha256(sha256(tag) ‖ sha256(tag) ‖ bytes). */
function taggedHash(tag: string, bytes: Uint8Array): Uint8Array {
  const tagHash = sha256(new TextEncoder().encode(tag))
  return sha256(concat(tagHash, tagHash, bytes))
}
