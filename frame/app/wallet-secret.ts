import { combine, split } from 'shamir-secret-sharing'
import { privateKeyToAccount } from 'viem/accounts'
import { base64urlEncode } from './service-client'

/**
 * The wallet's secret and its three shares (docs/embedded-frame.md, "The wallet secret"): 32 random bytes made in the
 * frame, split 2-of-3 — the device share (kept in the frame's origin), the auth share and the recovery share (kept by
 * the wallet service, each released only to a logged-in frame). Any two rebuild the secret, in memory, while the frame
 * signs; one alone tells nothing about it. The accounts are derived from the secret.
 */

export type Shares = { device: string; auth: string; recovery: string }

function base64urlDecode(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not a share')
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** A new secret (32 bytes from the system's random source) and its three shares, as base64url. */
export async function newWalletSecret(): Promise<{ secret: Uint8Array; shares: Shares }> {
  const secret = globalThis.crypto.getRandomValues(new Uint8Array(32))
  return { secret, shares: await splitSecret(secret) }
}

export async function splitSecret(secret: Uint8Array): Promise<Shares> {
  const [device, auth, recovery] = (await split(secret, 3, 2)).map(base64urlEncode) as [string, string, string]
  return { device, auth, recovery }
}

/** The secret from two different shares; throws for fewer, or for shares that are not of one split. */
export async function rebuildSecret(a: string, b: string): Promise<Uint8Array> {
  if (a === b) throw new Error('two different shares are needed')
  return combine([base64urlDecode(a), base64urlDecode(b)])
}

const order = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

/** The EVM account's private key: HMAC-SHA256(secret, 'latch-wallet evm v1' + counter), the first that is a valid key. */
export async function evmPrivateKey(secret: Uint8Array): Promise<`0x${string}`> {
  const key = await globalThis.crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  for (let counter = 0; ; counter++) {
    const bytes = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`latch-wallet evm v1 ${counter}`)))
    const hex = `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}` as const
    const value = BigInt(hex)
    if (value > 0n && value < order) return hex
  }
}

/** The EVM account (viem's local account) of a secret. */
export async function evmAccount(secret: Uint8Array) {
  return privateKeyToAccount(await evmPrivateKey(secret))
}
