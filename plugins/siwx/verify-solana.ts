/**
 * docs/siwx.md, "Verifying a signature": Solana. An Ed25519 signature of a sign-in message by the key it names, checked
 * strictly with @noble/curves (RFC 8032, not ZIP 215): the key and the signature's R must be the one canonical encoding
 * of a point that is not of small order, and S below the group order. The platform's WebCrypto is not used: it accepts
 * a small-order key (the identity point verifies any message with the signature R = identity, S = 0).
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { decodeBase58 } from '../../kernel/rules/base58'
import { accountNamed } from './message'

const { Point } = ed25519
/** L, the order of the base point: a signature's S must be below it (S + L would be the same signature again). */
const groupOrder = Point.CURVE().n
const cofactor = BigInt(8)

/** The point `bytes` encode, when they are its canonical encoding (y below p, no sign bit on x = 0) and it is not of small order. */
function strictPoint(bytes: Uint8Array): InstanceType<typeof Point> | undefined {
  let point: InstanceType<typeof Point>
  try {
    point = Point.fromBytes(bytes, false)
  } catch {
    return undefined
  }
  const canonical = point.toBytes()
  if (!canonical.every((byte, i) => byte === bytes[i])) return undefined
  // Small order: [8]P is the identity. The 8 such points (the identity among them) in a key would verify anything.
  return point.multiplyUnsafe(cofactor).is0() ? undefined : point
}

/** S, the little-endian second half of a signature. */
function scalarOf(bytes: Uint8Array): bigint {
  let value = BigInt(0)
  for (let i = bytes.length - 1; i >= 0; i--) value = (value << BigInt(8)) | BigInt(bytes[i] as number)
  return value
}

/**
 * True when `signature` (64 bytes) is an Ed25519 signature of `message` by `publicKey` (32 bytes), refusing a
 * small-order or non-canonical key or R, and an S not below the group order. Never throws.
 */
export function verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false
  if (!strictPoint(publicKey) || !strictPoint(signature.subarray(0, 32)) || scalarOf(signature.subarray(32)) >= groupOrder) return false
  try {
    return ed25519.verify(signature, message, publicKey, { zip215: false })
  } catch {
    return false
  }
}

/**
 * True when `message` is a Solana sign-in message naming `address` and `signature` (base58, 64 bytes) is an Ed25519
 * signature of its UTF-8 bytes by that account's key (base58, 32 bytes). A message naming another account never verifies.
 */
export async function verifySolanaSignIn(input: { address: string; message: string; signature: string }): Promise<boolean> {
  const named = accountNamed('solana', input?.message)
  if (named === undefined || named !== input.address || typeof input.signature !== 'string' || input.signature.length > 100) return false
  const key = decodeBase58(named)
  const signature = decodeBase58(input.signature)
  if (key?.length !== 32 || signature?.length !== 64) return false
  return verifyEd25519(key, new TextEncoder().encode(input.message), signature)
}
