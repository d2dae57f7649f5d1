/**
 * The frame's Solana account and transaction reader: the derivation is fixed (same secret, same address; another
 * secret, another address), WebCrypto's signatures verify with an independent ed25519 (@noble/curves), and the
 * reader says what a transaction does (checked against transactions @solana/web3.js encodes).
 */
import { ed25519 } from '@noble/curves/ed25519'
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from '../../kernel/rules/base58'
import { describeSolanaTransaction, readSolanaTransaction, signSolanaTransaction, solanaAccount, solanaSeed, transactionId } from './solana'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('the Solana account of the wallet secret', () => {
  it('is fixed by the secret (v1 derivation, pinned), and its signatures verify', async () => {
    const secret = new Uint8Array(32).fill(7)
    const account = await solanaAccount(secret)
    // Pinned: HMAC-SHA256(secret, 'latch-wallet solana v1') is the ed25519 seed; a change of derivation is a new version.
    expect(hex(await solanaSeed(secret))).toBe(Buffer.from(await crypto.subtle.sign('HMAC', await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']), new TextEncoder().encode('latch-wallet solana v1'))).toString('hex'))
    expect(account.address).toBe(encodeBase58(ed25519.getPublicKey(await solanaSeed(secret))))
    expect(account.address).toBe(Keypair.fromSeed(await solanaSeed(secret)).publicKey.toBase58())
    const message = new TextEncoder().encode('hello')
    const signature = await account.sign(message)
    expect(ed25519.verify(signature, message, decodeBase58(account.address) as Uint8Array)).toBe(true)
    expect(ed25519.verify(signature, new TextEncoder().encode('hellO'), decodeBase58(account.address) as Uint8Array)).toBe(false)
  })

  it('same secret, same address; different secrets, different addresses', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ minLength: 32, maxLength: 32 }), async (a, b) => {
        const [first, again, other] = await Promise.all([solanaAccount(a), solanaAccount(Uint8Array.from(a)), solanaAccount(b)])
        expect(again.address).toBe(first.address)
        if (hex(a) !== hex(b)) expect(other.address).not.toBe(first.address)
      }),
      { numRuns: 25 },
    )
  })
})

describe('reading a transaction for approval', () => {
  const payer = Keypair.fromSeed(new Uint8Array(32).fill(3))
  const to = new PublicKey(new Uint8Array(32).fill(9))
  const blockhash = encodeBase58(new Uint8Array(32).fill(1))

  it('names the programs and the transfers of a legacy and a v0 transaction, and signs in the signer’s slot', async () => {
    const tokenProgram = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
    const mint = new PublicKey(new Uint8Array(32).fill(5))
    const transferChecked = new TransactionInstruction({
      programId: tokenProgram,
      keys: [to, mint, payer.publicKey, payer.publicKey].map((pubkey, i) => ({ pubkey: i === 0 ? new PublicKey(new Uint8Array(32).fill(11)) : i === 2 ? to : pubkey, isSigner: i === 3, isWritable: i !== 1 && i !== 3 })),
      data: Buffer.from([12, ...new Uint8Array(new BigUint64Array([1_500_000n]).buffer), 6]),
    })
    const custom = new TransactionInstruction({ programId: new PublicKey(new Uint8Array(32).fill(42)), keys: [], data: Buffer.from([1, 2, 3]) })
    const legacy = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1_250_000_000 }))
    const v0 = new VersionedTransaction(new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: blockhash, instructions: [transferChecked, custom] }).compileToV0Message())

    const readLegacy = readSolanaTransaction(legacy.serialize({ requireAllSignatures: false }))
    expect(readLegacy && describeSolanaTransaction(readLegacy)).toEqual([
      `1. System Program (11111111111111111111111111111111)\nTransfer 1.25 SOL\nFrom: ${payer.publicKey.toBase58()}\nTo: ${to.toBase58()}`,
    ])
    const readV0 = readSolanaTransaction(v0.serialize())
    expect(readV0?.version).toBe(0)
    expect(readV0 && describeSolanaTransaction(readV0)).toEqual([
      `1. Token Program (${tokenProgram.toBase58()})\nTransfer 1.500000 of mint ${mint.toBase58()}\nFrom account: ${new PublicKey(new Uint8Array(32).fill(11)).toBase58()}\nTo account: ${to.toBase58()}\nOwner: ${payer.publicKey.toBase58()}`,
      `2. Unknown program (${new PublicKey(new Uint8Array(32).fill(42)).toBase58()})\n3 bytes of data, 0 accounts`,
    ])

    // Signed by the account whose key pays: web3.js finds the signature valid, and the id is that signature.
    const signer = { address: payer.publicKey.toBase58(), publicKey: payer.publicKey.toBytes(), sign: async (bytes: Uint8Array) => ed25519.sign(bytes, payer.secretKey.slice(0, 32)) }
    const { signed, signature } = await signSolanaTransaction(readLegacy!, signer)
    const back = Transaction.from(signed)
    expect(back.verifySignatures()).toBe(true)
    expect(transactionId(signed)).toBe(encodeBase58(signature))
    const stranger = { ...signer, publicKey: to.toBytes() }
    await expect(signSolanaTransaction(readLegacy!, stranger)).rejects.toThrow('not a signer')
  })

  it('never throws on junk, and refuses bytes that are not exactly one transaction', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => void readSolanaTransaction(bytes)))
    const good = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1 })).serialize({ requireAllSignatures: false })
    expect(readSolanaTransaction(good)).toBeDefined()
    expect(readSolanaTransaction(new Uint8Array([...good, 0]))).toBeUndefined()
    expect(readSolanaTransaction(good.subarray(0, good.length - 1))).toBeUndefined()
  })
})
