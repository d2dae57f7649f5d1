/**
 * The wallet service's cryptography (docs/wallet-service.md, "Sessions and shares"): keyed hashes of codes, tokens and
 * addresses; shares encrypted at rest; a share sealed to the frame's key; the check of a request's proof. The frame's
 * side is WebCrypto, so is ours wherever the two must agree (ECDSA P-256 proofs, ECDH P-256 + HKDF + AES-GCM seals).
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'

const subtle = globalThis.crypto.subtle
const utf8 = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(new TextEncoder().encode(text))

export const base64url = {
  encode: (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url'),
  decode: (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(text, 'base64url')),
}

/** Random bytes as base64url (ids, tokens, nonces). */
export function randomId(bytes = 16): string {
  return base64url.encode(randomBytes(bytes))
}

/** Keys derived from the service's secret, one per use, so no use can stand in for another. */
export type Keys = { mac(label: string, ...parts: string[]): string; authShareKey: Buffer; recoveryShareKey: Buffer }

/** Derives the service's keys from WALLET_SECRET (and WALLET_RECOVERY_SECRET for the recovery share, when given). */
export function deriveKeys(secret: Uint8Array, recoverySecret?: Uint8Array): Keys {
  const derive = (from: Uint8Array, label: string) => Buffer.from(hkdfSync('sha256', from, new Uint8Array(0), `latch-wallet ${label}`, 32))
  const macKey = derive(secret, 'mac')
  return {
    // Parts are joined with NUL, which none of them holds (e-mails, digits, base64url), so two lists never collide.
    mac: (label, ...parts) => createHmac('sha256', macKey).update([label, ...parts].join('\0')).digest('base64url'),
    authShareKey: derive(secret, 'auth share'),
    recoveryShareKey: derive(recoverySecret ?? secret, 'recovery share'),
  }
}

/** Equal strings in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** AES-256-GCM at rest, bound to `context` (the account id), as `iv.ciphertext.tag` in base64url. */
export function encryptAtRest(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context))
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [iv, data, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.')
}

/** The plaintext of encryptAtRest, or undefined when the key, context or record is wrong. */
export function decryptAtRest(key: Buffer, record: string, context: string): string | undefined {
  const [iv, data, tag] = record.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !data || !tag) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context)).setAuthTag(tag)
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}

/** A share sealed to the frame's ECDH key: only the holder of that key's private half opens it. */
export type SealedShare = { alg: 'ECDH-ES+HKDF-SHA256+A256GCM'; epk: string; iv: string; ciphertext: string }

/** The HKDF info of a seal: the kind of share is bound in, so an auth share cannot pass for a recovery share. */
const sealInfo = (kind: string) => utf8(`latch-wallet ${kind} share v1`)

/** Imports a P-256 public key given as its uncompressed point (65 bytes, base64url); throws when it is not one. */
export async function importPublicKey(raw: string, use: 'ECDSA' | 'ECDH'): Promise<CryptoKey> {
  const bytes = base64url.decode(raw)
  if (bytes.length !== 65 || bytes[0] !== 4) throw new Error('not an uncompressed P-256 point')
  return subtle.importKey('raw', bytes, { name: use, namedCurve: 'P-256' }, true, use === 'ECDSA' ? ['verify'] : [])
}

/**
 * Seals `plaintext` to the frame's ECDH P-256 key: an ephemeral key pair, ECDH, HKDF-SHA256 (salt: the ephemeral
 * public key; info names the share's kind) into an AES-256-GCM key, a random 96-bit IV. What the frame does to open
 * it is openShare below, step for step.
 */
export async function sealShare(frameKey: CryptoKey, kind: 'auth' | 'recovery', plaintext: string): Promise<SealedShare> {
  const ephemeral = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair
  const epk = new Uint8Array(await subtle.exportKey('raw', ephemeral.publicKey))
  const aes = await sealKey(ephemeral.privateKey, frameKey, epk, kind, 'encrypt')
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, aes, utf8(plaintext)))
  return { alg: 'ECDH-ES+HKDF-SHA256+A256GCM', epk: base64url.encode(epk), iv: base64url.encode(iv), ciphertext: base64url.encode(ciphertext) }
}

/** Opens a SealedShare with the frame's ECDH private key (what the frame runs; the tests run it as the frame). */
export async function openShare(privateKey: CryptoKey, kind: 'auth' | 'recovery', sealed: SealedShare): Promise<string> {
  const epk = base64url.decode(sealed.epk)
  const ephemeral = await subtle.importKey('raw', epk, { name: 'ECDH', namedCurve: 'P-256' }, false, [])
  const aes = await sealKey(privateKey, ephemeral, epk, kind, 'decrypt')
  const plaintext = await subtle.decrypt({ name: 'AES-GCM', iv: base64url.decode(sealed.iv) }, aes, base64url.decode(sealed.ciphertext))
  return new TextDecoder().decode(plaintext)
}

async function sealKey(privateKey: CryptoKey, publicKey: CryptoKey, epk: Uint8Array<ArrayBuffer>, kind: string, use: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  const shared = await subtle.deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256)
  const hkdf = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey'])
  return subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt: epk, info: sealInfo(kind) }, hkdf, { name: 'AES-GCM', length: 256 }, false, [use])
}

/** SHA-256 of a request body, base64url (the proof signs it, so a proof fits one body). */
export function bodyDigest(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('base64url')
}

/**
 * The text a request's proof signs (docs/wallet-service.md, "Proof of the frame's key"): a fixed tag, the method, the
 * path with its query, the proof's time and nonce, and the body's digest, one per line.
 */
export function proofText(method: string, path: string, timeMs: number, nonce: string, body: string): string {
  return ['latch-wallet-proof-v1', method.toUpperCase(), path, String(timeMs), nonce, bodyDigest(body)].join('\n')
}

/** True when `signature` (IEEE P1363 r‖s, as WebCrypto's ECDSA gives it, base64url) signs `text` with `key` (SHA-256). */
export async function verifyProof(key: CryptoKey, text: string, signature: string): Promise<boolean> {
  const bytes = base64url.decode(signature)
  if (bytes.length !== 64) return false
  return subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, bytes, utf8(text))
}
