import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { describe, expect, it } from 'vitest'
import { decodeBase58 } from '../../kernel/rules/base58'
import { fromBase64, toBase64 } from '../../kernel/rules/base64'
import { devBitcoinAccounts } from '../../scripts/devnet/bitcoin-wallet/keys'
import { signBip322, signLegacy } from '../../scripts/devnet/bitcoin-wallet/sign'
import { signBitcoinMessage, verifyBitcoinMessage } from '../../scripts/devnet/bitcoin-wallet/verify'
import { createSiwxMessage, type SiwxFields } from './message'
import { verifyBitcoinSignature, verifyBitcoinSignIn } from './verify-bitcoin'

// docs/siwx.md, "Verifying a signature": Bitcoin.
const [segwit, legacy, taproot] = devBitcoinAccounts()
const fieldsOf = (address: string): SiwxFields => ({
  domain: 'app.example.com',
  address,
  statement: 'Sign in to the Latch demo.',
  uri: 'https://app.example.com/login',
  version: '1',
  chainId: '0f9188f13cb7b2c71f2a335e3a4fc328',
  nonce: 'n0nce1234567',
  issuedAt: '2026-11-23T01:00:00.000Z',
})
const message = createSiwxMessage('bip122', fieldsOf(segwit!.address))

/** A legacy signature (BIP-137) of `message` by `key` with header byte `base` + the recovery id. */
function legacySignature(key: Uint8Array, message: string, base: number): string {
  const text = new TextEncoder().encode(message)
  expect(text.length).toBeGreaterThan(252)
  const framed = Uint8Array.of(24, ...new TextEncoder().encode('Bitcoin Signed Message:\n'), 0xfd, text.length & 0xff, text.length >> 8, ...text)
  const signature = secp256k1.sign(sha256(sha256(framed)), key, { prehash: false })
  return toBase64(Uint8Array.of(base + signature.recovery, ...signature.toBytes('compact')))
}

/** The signature's bytes with `change` applied, back in base64. */
function edit(signature: string, change: (bytes: Uint8Array) => Uint8Array | void): string {
  const bytes = Uint8Array.from(fromBase64(signature)!)
  return toBase64(change(bytes) ?? bytes)
}

// The BIP-322 test vectors (the BIP's own, also in bip322-js's README): the P2WPKH address of the key
// L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k, and the P2TR address of the same key.
const vectorKey = 'L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k'
const vectorSegwit = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const vectorTaproot = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3'
const vectors = [
  { address: vectorSegwit, message: '', signature: 'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=' },
  { address: vectorSegwit, message: 'Hello World', signature: 'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=' },
  { address: vectorTaproot, message: 'Hello World', signature: 'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==' },
]

describe('Bitcoin signatures (verifyBitcoinSignature, any message)', () => {
  it('the dev wallet’s BIP-322 signatures (P2WPKH, P2TR) and legacy ones (P2PKH, P2WPKH) verify, as bip322-js agrees', async () => {
    const signed = [
      { address: segwit!.address, signature: signBip322(segwit!, message) },
      { address: taproot!.address, signature: signBip322(taproot!, message) },
      { address: legacy!.address, signature: signLegacy(legacy!, message) },
      { address: segwit!.address, signature: signLegacy(segwit!, message) },
    ]
    for (const { address, signature } of signed) {
      expect(verifyBitcoinMessage(address, message, signature)).toBe(true)
      expect(await verifyBitcoinSignature({ address, message, signature })).toBe(true)
    }
    // The dev wallet signs taproot with SIGHASH_DEFAULT: 64 bytes.
    expect(fromBase64(signed[1]!.signature)).toHaveLength(66)
  })

  it('the BIP-322 test vectors verify, and not for the other message', async () => {
    for (const vector of vectors) {
      expect(verifyBitcoinMessage(vector.address, vector.message, vector.signature)).toBe(true)
      expect(await verifyBitcoinSignature(vector)).toBe(true)
      expect(await verifyBitcoinSignature({ ...vector, message: vector.message === '' ? 'Hello World' : '' })).toBe(false)
    }
  })

  it('P2SH-P2WPKH, and testnet and regtest addresses, signed by bip322-js, verify', async () => {
    const addresses = ['37qyp7jQAzqb2rCBpMvVtLDuuzKAUCVnJb', 'tb1q9vza2e8x573nczrlzms0wvx3gsqjx7vaxwd45v', 'bcrt1q9vza2e8x573nczrlzms0wvx3gsqjx7vay85cr9']
    // The key out of its wallet import format: a version byte, the 32 bytes, 0x01 (compressed), a checksum.
    const key = decodeBase58(vectorKey)!.slice(1, 33)
    for (const address of addresses) {
      const signature = signBitcoinMessage(key, address, message)
      expect(await verifyBitcoinSignature({ address, message, signature })).toBe(true)
      expect(await verifyBitcoinSignature({ address, message: `${message}.`, signature })).toBe(false)
    }
    // The same key's P2SH-P2WPKH signature is not one of its P2WPKH address (to_spend pays another script).
    const nested = signBitcoinMessage(key, addresses[0]!, message)
    expect(await verifyBitcoinSignature({ address: vectorSegwit, message, signature: nested })).toBe(false)
  })

  it('a signature for another address, of another message, or with a byte changed does not verify', async () => {
    for (const account of [segwit!, taproot!, legacy!]) {
      const signature = account === legacy ? signLegacy(account, message) : signBip322(account, message)
      for (const other of [segwit!, taproot!, legacy!].filter((a) => a !== account)) expect(await verifyBitcoinSignature({ address: other.address, message, signature })).toBe(false)
      expect(await verifyBitcoinSignature({ address: account.address, message: message.replace('n0nce1234567', 'n0nce1234568'), signature })).toBe(false)
      expect(await verifyBitcoinSignature({ address: account.address, message: `${message}\n`, signature })).toBe(false)
      const bytes = fromBase64(signature)!.length
      for (const at of [bytes - 2, Math.floor(bytes / 2), 6]) {
        expect(await verifyBitcoinSignature({ address: account.address, message, signature: edit(signature, (b) => void (b[at]! ^= 0x01)) })).toBe(false)
      }
    }
    // The vector's P2WPKH address with one character changed (a bad checksum) is no address.
    const [vector] = vectors
    expect(await verifyBitcoinSignature({ ...vector!, address: vectorSegwit.replace('kx0l', 'kx0m') })).toBe(false)
    // A BIP-322 signature is of the output script, which has no network: the same key's regtest address verifies too
    // (the sign-in message names the network, and refuseSignIn checks it).
    expect(await verifyBitcoinSignature({ ...vector!, address: 'bcrt1q9vza2e8x573nczrlzms0wvx3gsqjx7vay85cr9' })).toBe(true)
  })

  it('junk, an empty string, non-canonical base64 or a witness with trailing bytes is false, never a throw', async () => {
    const signature = signBip322(segwit!, message)
    const junk = ['', 'not base64!', 'AAAA', toBase64(new Uint8Array(65)), toBase64(new Uint8Array(66)), ` ${signature}`, signature.replace(/=*$/, ''), edit(signature, (b) => Uint8Array.of(...b, 0))]
    for (const bad of junk) expect(await verifyBitcoinSignature({ address: segwit!.address, message, signature: bad })).toBe(false)
    for (const address of ['', 'bc1', segwit!.address.toUpperCase().replace('Q', 'q'), '1'.repeat(200), 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'.repeat(3)]) {
      expect(await verifyBitcoinSignature({ address, message, signature })).toBe(false)
    }
    // A bech32 address may be written in capitals: the same address.
    expect(await verifyBitcoinSignature({ address: segwit!.address.toUpperCase(), message, signature })).toBe(true)
    expect(await verifyBitcoinSignature(null as never)).toBe(false)
    expect(await verifyBitcoinSignature({ address: 42, message: null, signature: {} } as never)).toBe(false)
  })

  it('a taproot signature is SIGHASH_DEFAULT (64 bytes) or SIGHASH_ALL (65 bytes ending 0x01); any other sighash byte is false', async () => {
    const all = vectors[2]!
    expect(fromBase64(all.signature)).toHaveLength(67)
    for (const hashType of [0x00, 0x02, 0x03, 0x81, 0x82, 0x83]) {
      const signature = edit(all.signature, (b) => void (b[66] = hashType))
      expect(await verifyBitcoinSignature({ ...all, signature })).toBe(false)
    }
    // SIGHASH_ALL's signature without its byte, read as SIGHASH_DEFAULT, signs another hash.
    const cut = edit(all.signature, (b) => Uint8Array.of(1, 64, ...b.subarray(2, 66)))
    expect(await verifyBitcoinSignature({ ...all, signature: cut })).toBe(false)
    // The dev wallet's SIGHASH_DEFAULT signature with 0x01 added is the same: another hash.
    const byDefault = signBip322(taproot!, message)
    expect(await verifyBitcoinSignature({ address: taproot!.address, message, signature: edit(byDefault, (b) => Uint8Array.of(1, 65, ...b.subarray(2), 0x01)) })).toBe(false)
  })

  it('a P2WPKH witness is SIGHASH_ALL and low-S; a high-S twin or another sighash byte is false', async () => {
    const signature = vectors[1]!
    const bytes = fromBase64(signature.signature)!
    const der = bytes.subarray(2, 2 + (bytes[1] as number) - 1)
    for (const hashType of [0x00, 0x02, 0x03, 0x81]) {
      expect(await verifyBitcoinSignature({ ...signature, signature: edit(signature.signature, (b) => void (b[1 + (b[1] as number)] = hashType)) })).toBe(false)
    }
    // The same signature with s replaced by n − s: valid ECDSA, but not standard for a witness.
    const low = secp256k1.Signature.fromBytes(der, 'der')
    const high = new secp256k1.Signature(low.r, secp256k1.Point.Fn.ORDER - low.s).toBytes('der')
    const publicKey = bytes.subarray(bytes.length - 33)
    const witness = Uint8Array.of(2, high.length + 1, ...high, 0x01, 33, ...publicKey)
    expect(await verifyBitcoinSignature({ ...signature, signature: toBase64(witness) })).toBe(false)
    // Rebuilt with the low-S signature it verifies: the witness is read as it is written.
    const rebuilt = Uint8Array.of(2, der.length + 1, ...der, 0x01, 33, ...publicKey)
    expect(await verifyBitcoinSignature({ ...signature, signature: toBase64(rebuilt) })).toBe(true)
  })

  it('a legacy signature’s header says the address type: P2PKH takes its own key form only; segwit takes its own or P2PKH headers', async () => {
    const p2pkh = signLegacy(legacy!, message) // header 31–34: P2PKH, compressed key
    const header = fromBase64(p2pkh)![0]!
    expect(header).toBeGreaterThanOrEqual(31)
    expect(header).toBeLessThanOrEqual(34)
    const withHeader = (signature: string, value: number) => edit(signature, (b) => void (b[0] = value))
    // Uncompressed (27–30) is another address; segwit headers are not P2PKH's.
    for (const other of [header - 4, header + 4, header + 8]) expect(await verifyBitcoinSignature({ address: legacy!.address, message, signature: withHeader(p2pkh, other) })).toBe(false)
    // Header 26 or 43 is nothing.
    for (const other of [26, 43]) expect(await verifyBitcoinSignature({ address: legacy!.address, message, signature: withHeader(p2pkh, other) })).toBe(false)
    // A P2WPKH address: its own header (39–42), or Electrum's P2PKH one; not P2SH-P2WPKH's.
    const native = signLegacy(segwit!, message)
    const nativeHeader = fromBase64(native)![0]!
    expect(await verifyBitcoinSignature({ address: segwit!.address, message, signature: withHeader(native, nativeHeader - 8) })).toBe(true)
    expect(await verifyBitcoinSignature({ address: segwit!.address, message, signature: withHeader(native, nativeHeader - 4) })).toBe(false)
    // A P2SH-P2WPKH address: its own header (35–38), or Electrum's P2PKH one; not P2WPKH's. bitcoinjs-message (through
    // bip322-js, strict) reads the BIP-137 signature the test makes.
    const key = decodeBase58(vectorKey)!.slice(1, 33)
    const nested = '37qyp7jQAzqb2rCBpMvVtLDuuzKAUCVnJb'
    const bip137 = legacySignature(key, message, 35)
    expect(verifyBitcoinMessage(nested, message, bip137, true)).toBe(true)
    expect(await verifyBitcoinSignature({ address: nested, message, signature: bip137 })).toBe(true)
    const nestedHeader = fromBase64(bip137)![0]!
    expect(await verifyBitcoinSignature({ address: nested, message, signature: withHeader(bip137, nestedHeader - 4) })).toBe(true)
    expect(await verifyBitcoinSignature({ address: nested, message, signature: withHeader(bip137, nestedHeader + 4) })).toBe(false)
    expect(await verifyBitcoinSignature({ address: vectorSegwit, message, signature: bip137 })).toBe(false)
    // Legacy signatures never stand for a taproot address.
    expect(await verifyBitcoinSignature({ address: taproot!.address, message, signature: signLegacy(taproot!, message) })).toBe(false)
  })
})

describe('Bitcoin sign-in messages (verifyBitcoinSignIn)', () => {
  const sign = (account: NonNullable<typeof segwit>, text: string) => (account === legacy ? signLegacy(account, text) : signBip322(account, text))

  it('a sign-in verifies for the address its message names, and only when the caller names that address too', async () => {
    for (const account of [segwit!, taproot!, legacy!]) {
      const own = createSiwxMessage('bip122', fieldsOf(account.address))
      expect(await verifyBitcoinSignIn({ address: account.address, message: own, signature: sign(account, own) })).toBe(true)
      for (const other of [segwit!, taproot!, legacy!].filter((a) => a !== account)) {
        // The message names another account, and this account signed it: a sign-in of neither.
        const theirs = createSiwxMessage('bip122', fieldsOf(other.address))
        const signature = sign(account, theirs)
        expect(await verifyBitcoinSignature({ address: account.address, message: theirs, signature })).toBe(true)
        expect(await verifyBitcoinSignIn({ address: account.address, message: theirs, signature })).toBe(false)
        expect(await verifyBitcoinSignIn({ address: other.address, message: theirs, signature })).toBe(false)
        // The named account's own signature, with the caller saying another address signed.
        expect(await verifyBitcoinSignIn({ address: account.address, message: theirs, signature: sign(other, theirs) })).toBe(false)
      }
    }
    // A bech32 address may be written in capitals: the same address.
    const own = createSiwxMessage('bip122', fieldsOf(segwit!.address))
    expect(await verifyBitcoinSignIn({ address: segwit!.address.toUpperCase(), message: own, signature: sign(segwit!, own) })).toBe(true)
    // A message that is not a sign-in message (the BIP's vectors) is no sign-in, whatever its signature.
    for (const vector of vectors) expect(await verifyBitcoinSignIn(vector)).toBe(false)
    expect(await verifyBitcoinSignIn(null as never)).toBe(false)
  })
})
