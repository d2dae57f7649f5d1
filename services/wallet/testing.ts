/**
 * Test helpers for the wallet service: a virtual clock, and a frame as the service sees it — two WebCrypto P-256 key
 * pairs (the private halves not extractable, as in the frame) and the proof each session request carries
 * (docs/wallet-service.md, "Proof of the frame's key").
 */
import { base64url, proofText, randomId } from './src/crypto'
import { deriveKeys } from './src/crypto'

const subtle = globalThis.crypto.subtle

/** A clock the test moves: starts at a fixed date, moves only when told. */
export function virtualClock(start = Date.UTC(2026, 0, 1, 12)) {
  let at = start
  return { now: () => at, advance: (ms: number) => void (at += ms), set: (ms: number) => void (at = ms) }
}

/** Keys from a fixed test secret (never a real one). */
export const testKeys = (label = 'test') => deriveKeys(new TextEncoder().encode(`latch wallet service ${label} secret, 32+ bytes long`))

/** The frame's side: its key pairs, the public halves as the service takes them, and signed requests. */
export type TestFrame = {
  signingKey: string
  encryptionKey: string
  encryption: CryptoKeyPair
  /** Headers for a session request: the token, and a proof over method, path, body at `timeMs` (a fresh nonce unless given). */
  sign(token: string, method: string, path: string, body: string, timeMs: number, nonce?: string): Promise<Record<string, string>>
}

export async function makeFrame(): Promise<TestFrame> {
  const signing = (await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair
  const encryption = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits'])) as CryptoKeyPair
  const raw = async (key: CryptoKey) => base64url.encode(new Uint8Array(await subtle.exportKey('raw', key)))
  return {
    signingKey: await raw(signing.publicKey),
    encryptionKey: await raw(encryption.publicKey),
    encryption,
    async sign(token, method, path, body, timeMs, nonce = randomId()) {
      const text = proofText(method, path, timeMs, nonce, body)
      const signature = new Uint8Array(await subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signing.privateKey, new TextEncoder().encode(text)))
      return { authorization: `Session ${token}`, 'latch-proof': `${timeMs}.${nonce}.${base64url.encode(signature)}` }
    },
  }
}
