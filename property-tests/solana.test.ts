import { AddressLookupTableAccount, Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LatchError } from '../kernel/engine/errors'
import { encodeBase58 } from '../kernel/rules/base58'
import { fromBase64, toBase64, transactionBytes } from '../plugins/solana/bytes'
import { readAccounts } from '../plugins/solana/accounts'
import { readWallet } from '../plugins/solana/wallet-schema'
import { buildTransfer, parseTransaction, readCompactU16, signerIndex, skipLookups, writeCompactU16 } from '../plugins/solana/wire'
import { readSolanaTransaction } from '../frame/app/solana'
import { createSolanaTestWallet } from '../scripts/testing/solana-test-wallet'

const runs = { numRuns: 300 }
const key = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => new PublicKey(bytes))

/** A transaction web3.js builds: a fee payer, 1 to 4 instructions of random accounts and data, legacy or v0. */
const built = fc.record({
  payer: key,
  blockhash: key,
  versioned: fc.boolean(),
  instructions: fc.array(
    fc.record({ program: key, accounts: fc.array(fc.record({ pubkey: key, isSigner: fc.constantFrom(false, false, true), isWritable: fc.boolean() }), { maxLength: 3 }), data: fc.uint8Array({ maxLength: 24 }) }),
    { minLength: 1, maxLength: 3 },
  ),
})

type Built = typeof built extends fc.Arbitrary<infer T> ? T : never

/** The wire bytes web3.js writes; a combination over Solana's 1,232-byte limit is skipped (fc.pre). */
function serialize(input: Built): Uint8Array {
  try {
    return write(input)
  } catch (error) {
    fc.pre(!/too large/.test(String(error)))
    throw error
  }
}

function write({ payer, blockhash, versioned, instructions }: Built) {
  const list = instructions.map((i) => new TransactionInstruction({ programId: i.program, keys: i.accounts, data: Buffer.from(i.data) }))
  if (versioned) return new VersionedTransaction(new TransactionMessage({ payerKey: payer, recentBlockhash: blockhash.toBase58(), instructions: list }).compileToV0Message()).serialize()
  return new Uint8Array(new Transaction({ feePayer: payer, recentBlockhash: blockhash.toBase58() }).add(...list).serialize({ requireAllSignatures: false, verifySignatures: false }))
}

describe('the wire format (plugins/solana/wire.ts)', () => {
  it('compact-u16 round-trips every value, in 1 to 3 bytes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff }), (n) => {
        const bytes = writeCompactU16(n)
        expect(bytes.length).toBe(n < 0x80 ? 1 : n < 0x4000 ? 2 : 3)
        expect(readCompactU16(Uint8Array.from(bytes), 0)).toEqual([n, bytes.length])
      }),
      runs,
    )
  })

  it('reads what web3.js writes: the signer slots, the keys, the blockhash, the version', () => {
    fc.assert(
      fc.property(built, (input) => {
        const bytes = serialize(input)
        const parsed = parseTransaction(bytes)
        expect(parsed).toBeDefined()
        expect(parsed!.version).toBe(input.versioned ? 0 : 'legacy')
        expect(signerIndex(parsed!, input.payer.toBytes())).toBe(0)
        expect(encodeBase58(parsed!.recentBlockhash)).toBe(input.blockhash.toBase58())
        expect(parsed!.signatures.length).toBe(parsed!.numRequiredSignatures)
        const message = input.versioned ? VersionedTransaction.deserialize(bytes).message.serialize() : Transaction.from(bytes).serializeMessage()
        expect(parsed!.message).toEqual(new Uint8Array(message))
      }),
      runs,
    )
  })

  it('is total: any bytes give a transaction or undefined, never a throw; a cut or padded transaction is refused', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        expect(() => parseTransaction(bytes)).not.toThrow()
      }),
      { numRuns: 2000 },
    )
    fc.assert(
      fc.property(built, fc.integer({ min: 1, max: 30 }), (input, cut) => {
        const bytes = serialize(input)
        expect(parseTransaction(bytes.subarray(0, Math.max(0, bytes.length - cut)))).toBeUndefined()
        expect(parseTransaction(Uint8Array.from([...bytes, ...new Uint8Array(cut)]))).toBeUndefined()
      }),
      runs,
    )
  })

  it('reads a v0 message with address lookup tables, as the frame does (skipLookups, shared with frame/app/solana.ts)', () => {
    const lookedUp = fc.record({ pubkey: key, isSigner: fc.constant(false), isWritable: fc.boolean() })
    fc.assert(
      fc.property(key, key, key, key, fc.uniqueArray(lookedUp, { minLength: 1, maxLength: 6, selector: (meta) => meta.pubkey.toBase58() }), fc.integer({ min: 1, max: 30 }), (payer, blockhash, program, table, keys, cut) => {
        const lookup = new AddressLookupTableAccount({
          key: table,
          state: { deactivationSlot: 2n ** 64n - 1n, lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses: keys.map((meta) => meta.pubkey) },
        })
        const instruction = new TransactionInstruction({ programId: program, keys, data: Buffer.from([1, 2, 3]) })
        const compiled = new TransactionMessage({ payerKey: payer, recentBlockhash: blockhash.toBase58(), instructions: [instruction] }).compileToV0Message([lookup])
        fc.pre(compiled.addressTableLookups.length === 1)
        const bytes = new VersionedTransaction(compiled).serialize()
        expect(parseTransaction(bytes)?.message).toEqual(compiled.serialize())
        expect(readSolanaTransaction(bytes)?.instructions.map((read) => read.accounts.length)).toEqual([keys.length])
        // Cut in the tables, or padded after them: both readers refuse it.
        for (const spoiled of [bytes.subarray(0, bytes.length - Math.min(cut, bytes.length - 1)), Uint8Array.from([...bytes, ...new Uint8Array(cut)])]) {
          expect(parseTransaction(spoiled)).toBeUndefined()
          expect(readSolanaTransaction(spoiled)).toBeUndefined()
        }
      }),
      runs,
    )
    // One table (32 bytes), 1 writable index, 2 read-only ones: the offset after them; one byte short is malformed.
    const tables = Uint8Array.from([1, ...new Uint8Array(32), 1, 7, 2, 8, 9])
    expect(skipLookups(tables, 0)).toBe(tables.length)
    expect(skipLookups(tables.subarray(0, tables.length - 1), 0)).toBeUndefined()
  })

  it('a transfer built by hand is the transfer web3.js reads', () => {
    fc.assert(
      fc.property(key, key, key, fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }), (from, to, blockhash, lamports) => {
        const transaction = Transaction.from(buildTransfer(from.toBytes(), to.toBytes(), lamports, blockhash.toBytes()))
        expect(transaction.feePayer?.equals(from)).toBe(true)
        expect(transaction.recentBlockhash).toBe(blockhash.toBase58())
        const [instruction] = transaction.instructions
        expect(instruction?.programId.equals(SystemProgram.programId)).toBe(true)
        expect(instruction?.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable])).toEqual([
          [from.toBase58(), true, true],
          [to.toBase58(), from.equals(to), true],
        ])
        expect(instruction?.data.readUInt32LE(0)).toBe(2)
        expect(instruction?.data.readBigUInt64LE(4)).toBe(lamports)
      }),
      runs,
    )
  })
})

describe('bytes (plugins/solana/bytes.ts)', () => {
  it('base64 round-trips, and reading junk gives undefined', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        expect(fromBase64(toBase64(bytes))).toEqual(bytes)
      }),
      runs,
    )
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (input) => {
        const decoded = fromBase64(input)
        if (decoded) expect(toBase64(decoded)).toBe(input)
      }),
      runs,
    )
  })

  it('base64 with unused bits set before the padding is not read (one text per byte string)', () => {
    for (const junk of ['//+=', 'AB==', 'AAB=', '/w==x']) expect(fromBase64(junk)).toBeUndefined()
    expect(fromBase64('//8=')).toEqual(new Uint8Array([255, 255]))
  })

  it('transactionBytes takes bytes or serialize(), and refuses anything else with INVALID_PARAMS only', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        try {
          transactionBytes(input, 'test')
        } catch (error) {
          expect(error).toBeInstanceOf(LatchError)
          expect((error as LatchError).code).toBe('INVALID_PARAMS')
        }
      }),
      runs,
    )
    const transaction = new Transaction({ feePayer: Keypair.generate().publicKey, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(
      SystemProgram.transfer({ fromPubkey: Keypair.generate().publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }),
    )
    expect(parseTransaction(transactionBytes(transaction, 'test'))).toBeDefined()
  })
})

describe('wallet validation (plugins/solana/wallet-schema.ts)', () => {
  const good = createSolanaTestWallet()

  it('never throws on junk wallets: a wallet is listed, passed over, or refused with a LatchError', () => {
    const spoiled = fc.record(
      { name: fc.oneof(fc.string(), fc.anything()), chains: fc.oneof(fc.constant(good.wallet.chains), fc.anything()), features: fc.oneof(fc.constant(good.wallet.features), fc.dictionary(fc.string(), fc.anything()), fc.anything()), accounts: fc.anything(), icon: fc.anything() },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(fc.oneof(fc.anything(), spoiled.map((s) => ({ ...good.wallet, ...s }))), (wallet) => {
        const result = readWallet(wallet)
        if (result instanceof LatchError) expect(result.code).toBe('INVALID_RESPONSE')
      }),
      runs,
    )
  })

  it('accepts exactly the accounts whose address is the base58 of their 32-byte public key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 30, maxLength: 34 }), fc.boolean(), (publicKey, matching) => {
        const address = matching ? encodeBase58(publicKey) : good.account.address
        const account = { address, publicKey, chains: [], features: [] }
        const valid = publicKey.length === 32 && address === encodeBase58(publicKey)
        let ok = true
        try {
          readAccounts([account], 'test')
        } catch (error) {
          ok = false
          expect(error).toMatchObject({ code: 'INVALID_ADDRESS' })
        }
        expect(ok).toBe(valid)
      }),
      runs,
    )
  })
})
