import { secp256k1 } from '@noble/curves/secp256k1.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fromBase64, toBase64 } from '../kernel/rules/base64'
import { createSiwxMessage } from '../plugins/siwx/message'
import { verifyBitcoinSignature, verifyBitcoinSignIn } from '../plugins/siwx/verify-bitcoin'
import { addressesOfKey, signBitcoinMessage, verifyBitcoinMessage } from '../scripts/devnet/bitcoin-wallet/verify'

// docs/siwx.md, "Verifying a signature": Bitcoin. bip322-js (a separate implementation) signs for random keys and
// messages, and Latch verifies what it signs; after any one change, neither verifies. A sign-in verifies only for the
// address its message names.
const runs = { numRuns: 40 }
const types = ['p2wpkh', 'p2sh-p2wpkh', 'p2tr', 'p2pkh'] as const
type KeyType = (typeof types)[number]

const privateKey = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((key) => secp256k1.utils.isValidSecretKey(key))
// Short and long (a length past 252 bytes takes three bytes in the legacy hash), any Unicode.
const message = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'grapheme', minLength: 200, maxLength: 400 }))
const network = fc.constantFrom('mainnet', 'testnet', 'regtest' as const)

/** A signer's address of `type` on `net` (P2PKH of the uncompressed key when `compressed` is false). */
function addressOf(key: Uint8Array, type: KeyType, net: 'mainnet' | 'testnet' | 'regtest', compressed: boolean): string {
  return addressesOfKey(secp256k1.getPublicKey(key, compressed || type !== 'p2pkh'), type)[net]
}

const signer = (type: KeyType) =>
  fc.record({ key: privateKey, message, net: network, compressed: type === 'p2pkh' ? fc.boolean() : fc.constant(true) }).map((input) => {
    const address = addressOf(input.key, type, input.net, input.compressed)
    return { ...input, address, signature: signBitcoinMessage(input.key, address, input.message, input.compressed) }
  })

/**
 * The framing of a signature: a witness's item count and item lengths, and an ECDSA witness signature's sighash byte.
 * bip322-js takes a last item whose length runs past the end of the witness (reading the bytes there are) and hashes
 * any defined sighash type as SIGHASH_ALL, where Latch refuses both (a property found the first: a P2WPKH witness whose
 * key length said 37 verified with bip322-js); so changes there are checked against Latch alone.
 */
function framing(type: KeyType, bytes: Uint8Array): number[] {
  if (type === 'p2pkh') return []
  if (type === 'p2tr') return [0, 1]
  const first = bytes[1] as number
  return [0, 1, 1 + first, 2 + first]
}

describe('Bitcoin sign-in signatures (properties)', () => {
  it.each(types)('%s: what bip322-js signs verifies with Latch, and with bip322-js', async (type) => {
    await fc.assert(
      fc.asyncProperty(signer(type), async ({ address, message, signature }) => {
        expect(verifyBitcoinMessage(address, message, signature, type === 'p2pkh')).toBe(true)
        expect(verifyBitcoinSignature({ address, message, signature })).toBe(true)
      }),
      runs,
    )
  })

  it.each(types)('%s: one bit of the signature (its keys and signatures), the message or the address changed, neither Latch nor bip322-js verifies', async (type) => {
    const change = fc.oneof(
      fc.record({ what: fc.constant('signature' as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
      fc.record({ what: fc.constant('message' as const), extra: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }), before: fc.boolean() }),
      fc.record({ what: fc.constant('address' as const), key: privateKey }),
    )
    await fc.assert(
      fc.asyncProperty(signer(type), change, async (signed, edit) => {
        let { address, message, signature } = signed
        if (edit.what === 'signature') {
          const bytes = Uint8Array.from(fromBase64(signature)!)
          const skip = framing(type, bytes)
          const content = [...bytes.keys()].filter((i) => !skip.includes(i))
          const at = content[edit.at % content.length] as number
          bytes[at] = (bytes[at] as number) ^ (1 << edit.bit)
          signature = toBase64(bytes)
        } else if (edit.what === 'message') {
          message = edit.before ? `${edit.extra}${message}` : `${message}${edit.extra}`
        } else {
          fc.pre(!edit.key.every((byte, i) => byte === signed.key[i]))
          address = addressOf(edit.key, type, signed.net, signed.compressed)
        }
        // Strict for P2PKH: the header byte says the key's form, as Latch reads it (bip322-js otherwise takes either).
        expect(verifyBitcoinMessage(address, message, signature, type === 'p2pkh')).toBe(false)
        expect(verifyBitcoinSignature({ address, message, signature })).toBe(false)
      }),
      runs,
    )
  })

  it.each(types)('%s: a witness’s framing changed, or a byte added or cut, Latch does not verify', async (type) => {
    const change = fc.oneof(
      fc.record({ what: fc.constant('framing' as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
      fc.record({ what: fc.constant('add' as const), byte: fc.integer({ min: 0, max: 255 }) }),
      fc.record({ what: fc.constant('cut' as const) }),
    )
    await fc.assert(
      fc.asyncProperty(signer(type), change, async ({ address, message, signature }, edit) => {
        let bytes = Uint8Array.from(fromBase64(signature)!)
        const places = framing(type, bytes)
        if (edit.what === 'framing') {
          fc.pre(places.length > 0)
          const at = places[edit.at % places.length] as number
          bytes[at] = (bytes[at] as number) ^ (1 << edit.bit)
        } else {
          bytes = edit.what === 'add' ? Uint8Array.of(...bytes, edit.byte) : bytes.subarray(0, -1)
        }
        expect(verifyBitcoinSignature({ address, message, signature: toBase64(bytes) })).toBe(false)
      }),
      runs,
    )
  })
})

describe('Bitcoin sign-ins name their signer (properties)', () => {
  const chainIds = { mainnet: '000000000019d6689c085ae165831e93', testnet: '000000000933ea01ad0ee984209779ba', regtest: '0f9188f13cb7b2c71f2a335e3a4fc328' }
  const signIn = (address: string, net: keyof typeof chainIds) =>
    createSiwxMessage('bip122', { domain: 'example.com', address, uri: 'https://example.com', version: '1', chainId: chainIds[net], nonce: 'abcdefgh12', issuedAt: '2026-11-23T00:00:00.000Z' })

  it.each(types)('%s: a sign-in message naming its signer verifies; one naming another address, signed by this key, verifies for neither', async (type) => {
    await fc.assert(
      fc.asyncProperty(privateKey, privateKey, network, fc.boolean(), async (key, otherKey, net, uncompressed) => {
        const compressed = type !== 'p2pkh' || !uncompressed
        fc.pre(!otherKey.every((byte, i) => byte === key[i]))
        const address = addressOf(key, type, net, compressed)
        const other = addressOf(otherKey, type, net, compressed)
        const own = signIn(address, net)
        expect(await verifyBitcoinSignIn({ address, message: own, signature: signBitcoinMessage(key, address, own, compressed) })).toBe(true)
        const theirs = signIn(other, net)
        const signature = signBitcoinMessage(key, address, theirs, compressed)
        expect(verifyBitcoinSignature({ address, message: theirs, signature })).toBe(true)
        expect(await verifyBitcoinSignIn({ address, message: theirs, signature })).toBe(false)
        expect(await verifyBitcoinSignIn({ address: other, message: theirs, signature })).toBe(false)
      }),
      { numRuns: 20 },
    )
  })
})
