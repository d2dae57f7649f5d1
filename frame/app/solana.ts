import { decodeBase58, encodeBase58 } from '../../kernel/rules/base58'
import { readCompactU16, skipLookups } from '../../plugins/solana/wire'

/**
 * The frame's Solana account (docs/embedded-frame.md, "The wallet secret" and "Solana"): an ed25519 key derived from
 * the wallet's secret, signing with WebCrypto's Ed25519 (no library in the frame's bundle), and a reader of Solana
 * transactions that says what the visitor is asked to sign: each instruction's program, and the transfers it can
 * decode (SOL, SPL tokens).
 */

const subtle = globalThis.crypto.subtle
/** The PKCS#8 header of a raw 32-byte Ed25519 private key (RFC 8410). */
const pkcs8Header = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]

/** The derivation's label: the seed is HMAC-SHA256(secret, this); a new derivation gets a new version. */
export const solanaDerivation = 'latch-wallet solana v1'

/** The Solana account's 32-byte ed25519 seed: HMAC-SHA256(secret, 'latch-wallet solana v1'). Zero it after use. */
export async function solanaSeed(secret: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const key = await subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return new Uint8Array(await subtle.sign('HMAC', key, new TextEncoder().encode(solanaDerivation)))
}

const fromBase64url = (text: string) => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

export type SolanaSigner = {
  /** The address: the public key in base58. */
  address: string
  publicKey: Uint8Array
  /** The 64-byte ed25519 signature of `bytes`. */
  sign(bytes: Uint8Array): Promise<Uint8Array>
}

/** The Solana account of a secret. The private key lives in a non-extractable CryptoKey; the seed is zeroed. */
export async function solanaAccount(secret: Uint8Array): Promise<SolanaSigner> {
  const seed = await solanaSeed(secret)
  const pkcs8 = new Uint8Array([...pkcs8Header, ...seed])
  try {
    // Imported once extractable only to read its public half (JWK `x`), then again non-extractable to sign with.
    const readable = await subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign'])
    const { x } = await subtle.exportKey('jwk', readable)
    const signing = await subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, false, ['sign'])
    const publicKey = fromBase64url(x as string)
    return { address: encodeBase58(publicKey), publicKey, sign: async (bytes) => new Uint8Array(await subtle.sign('Ed25519', signing, new Uint8Array(bytes))) }
  } finally {
    seed.fill(0)
    pkcs8.fill(0)
  }
}

/** A transaction read for signing: where its message starts, its signer slots, its keys and instructions. */
export type SolanaTransaction = {
  bytes: Uint8Array
  message: Uint8Array
  /** Byte offset of each signature slot in `bytes`. */
  signatureOffsets: number[]
  version: 'legacy' | 0
  accountKeys: Uint8Array[]
  numRequiredSignatures: number
  instructions: { programIndex: number; accounts: number[]; data: Uint8Array }[]
}

/** Reads a transaction (legacy or v0); undefined when the bytes are not exactly one well-formed transaction. Never throws. */
export function readSolanaTransaction(bytes: Uint8Array): SolanaTransaction | undefined {
  const count = readCompactU16(bytes, 0)
  if (!count) return undefined
  const signatureOffsets = Array.from({ length: count[0] }, (_, i) => count[1] + 64 * i)
  const messageStart = count[1] + 64 * count[0]
  if (messageStart >= bytes.length) return undefined
  const message = bytes.subarray(messageStart)
  let at = 0
  let version: 'legacy' | 0 = 'legacy'
  if ((message[0] as number) & 0x80) {
    if (((message[0] as number) & 0x7f) !== 0) return undefined
    version = 0
    at = 1
  }
  const numRequiredSignatures = message[at]
  if (numRequiredSignatures === undefined || message[at + 2] === undefined || numRequiredSignatures !== count[0] || numRequiredSignatures === 0) return undefined
  at += 3
  const keys = readCompactU16(message, at)
  if (!keys || keys[0] < numRequiredSignatures) return undefined
  const accountKeys = Array.from({ length: keys[0] }, (_, i) => message.subarray(keys[1] + 32 * i, keys[1] + 32 * (i + 1)))
  at = keys[1] + 32 * keys[0] + 32 // the keys, then the recent blockhash
  const list = readCompactU16(message, at)
  if (!list || at > message.length) return undefined
  at = list[1]
  const instructions: SolanaTransaction['instructions'] = []
  for (let i = 0; i < list[0]; i++) {
    const programIndex = message[at]
    if (programIndex === undefined) return undefined
    const accounts = readCompactU16(message, at + 1)
    if (!accounts) return undefined
    const data = readCompactU16(message, accounts[1] + accounts[0])
    if (!data || data[1] + data[0] > message.length) return undefined
    instructions.push({ programIndex, accounts: [...message.subarray(accounts[1], accounts[1] + accounts[0])], data: message.subarray(data[1], data[1] + data[0]) })
    at = data[1] + data[0]
  }
  if (version === 0) {
    const end = skipLookups(message, at)
    if (end === undefined) return undefined
    at = end
  }
  return at === message.length ? { bytes, message, signatureOffsets, version, accountKeys, numRequiredSignatures, instructions } : undefined
}

const programs: Record<string, string> = {
  '11111111111111111111111111111111': 'System Program',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Token Program',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022 Program',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'Associated Token Account Program',
  ComputeBudget111111111111111111111111111111: 'Compute Budget Program',
  MemoSq4gqABAXKb3qnQ7qzyQv3yX1JKiAqDS5Z5c2Ms: 'Memo Program',
  Memo1UhkJRfHyvLMcVucJwxXeuD728EqVrDqQLKnhCJ: 'Memo Program',
}

const u64 = (data: Uint8Array, at: number) => (data.length >= at + 8 ? new DataView(data.buffer, data.byteOffset + at, 8).getBigUint64(0, true) : undefined)
const sol = (lamports: bigint) => `${lamports / 1_000_000_000n}.${(lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '') || '0'}`.replace(/\.0$/, '')

/** What the visitor reads about a transaction: one line per instruction (its program, and the transfer it makes when decodable). */
export function describeSolanaTransaction(transaction: SolanaTransaction): string[] {
  const key = (index: number | undefined) => {
    const bytes = index === undefined ? undefined : transaction.accountKeys[index]
    return bytes ? encodeBase58(bytes) : `(account from a lookup table, #${String(index)})`
  }
  const lines = transaction.instructions.map((instruction, i) => {
    const program = key(instruction.programIndex)
    const name = programs[program] ?? 'Unknown program'
    const head = `${i + 1}. ${name} (${program})`
    const { data, accounts } = instruction
    const tag = data.length >= 4 ? new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true) : undefined
    if (name === 'System Program' && tag === 2 && data.length === 12) {
      return `${head}\nTransfer ${sol(u64(data, 4) as bigint)} SOL\nFrom: ${key(accounts[0])}\nTo: ${key(accounts[1])}`
    }
    if ((name === 'Token Program' || name === 'Token-2022 Program') && data[0] === 3 && data.length === 9) {
      return `${head}\nTransfer ${u64(data, 1)} token units\nFrom account: ${key(accounts[0])}\nTo account: ${key(accounts[1])}\nOwner: ${key(accounts[2])}`
    }
    if ((name === 'Token Program' || name === 'Token-2022 Program') && data[0] === 12 && data.length === 10) {
      const amount = u64(data, 1) as bigint
      const decimals = data[9] as number
      const whole = decimals === 0 ? `${amount}` : `${amount / 10n ** BigInt(decimals)}.${(amount % 10n ** BigInt(decimals)).toString().padStart(decimals, '0')}`
      return `${head}\nTransfer ${whole} of mint ${key(accounts[1])}\nFrom account: ${key(accounts[0])}\nTo account: ${key(accounts[2])}\nOwner: ${key(accounts[3])}`
    }
    return `${head}\n${data.length} bytes of data, ${accounts.length} accounts`
  })
  return lines.length > 0 ? lines : ['No instructions']
}

/** Signs a transaction for `signer`: its signature put in its slot. Throws when the account is not one of its signers. */
export async function signSolanaTransaction(transaction: SolanaTransaction, signer: SolanaSigner): Promise<{ signed: Uint8Array; signature: Uint8Array }> {
  const index = transaction.accountKeys.slice(0, transaction.numRequiredSignatures).findIndex((key) => key.every((byte, i) => byte === signer.publicKey[i]))
  if (index < 0) throw new Error('not a signer')
  const signature = await signer.sign(transaction.message)
  const signed = Uint8Array.from(transaction.bytes)
  signed.set(signature, transaction.signatureOffsets[index] as number)
  return { signed, signature }
}

/** The first signature of a signed transaction, base58: its id on the network. */
export function transactionId(signed: Uint8Array): string {
  const count = readCompactU16(signed, 0) as [number, number]
  return encodeBase58(signed.subarray(count[1], count[1] + 64))
}

export { decodeBase58, encodeBase58 }
