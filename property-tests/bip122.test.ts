import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LatchError, type ConnectionAccount } from 'latch'
import { decodeAddress } from '../plugins/bip122/address'
import { fromBase64, isSignatureShape, toBase64 } from '../plugins/bip122/encoding'
import { knownBitcoinNetworks } from '../plugins/bip122/networks'
import { hex, parsePsbt, transactionDifference } from '../plugins/bip122/psbt'
import { checkAccountSwitch, switchableAccounts } from '../plugins/bip122/rules'
import { readAccounts } from '../plugins/bip122/wallet'
import { addressesOf, psbtOf } from '../scripts/devnet/bitcoin-wallet/oracle'

const runs = { numRuns: 1000 }
const networks = Object.entries(knownBitcoinNetworks).map(([id, known]) => ({ id, params: { ...known.params, wif: 0x80 } }))
const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n })

describe('Bitcoin addresses (docs/bitcoin.md, "Addresses")', () => {
  it('every address @scure/btc-signer writes decodes to its type and script on its network, and on no network with other prefixes', () => {
    fc.assert(
      fc.property(bytes(20), bytes(32), fc.constantFrom(...networks), (hash20, hash32, network) => {
        for (const [type, address, script] of addressesOf(hash20, hash32, network.params)) {
          const decoded = decodeAddress(address, network.params)
          expect(decoded?.type).toBe(type)
          expect(hex(decoded!.script)).toBe(hex(script))
          // Upper case is the same bech32 address; base58 has no such form.
          if (type.startsWith('p2w') || type === 'p2tr') expect(decodeAddress(address.toUpperCase(), network.params)?.type).toBe(type)
          // Base58 addresses share their version bytes between testnet and regtest; bech32 ones differ by prefix.
          for (const other of networks) {
            const base58 = type === 'p2pkh' || type === 'p2sh'
            const sameEncoding = base58 ? other.params.pubKeyHash === network.params.pubKeyHash : other.params.bech32 === network.params.bech32
            if (!sameEncoding) expect(decodeAddress(address, other.params)).toBeUndefined()
          }
        }
      }),
      { numRuns: 300 },
    )
  })

  it('one changed character (or mixed case) is refused: the checksum catches it', () => {
    fc.assert(
      fc.property(bytes(20), bytes(32), fc.constantFrom(...networks), fc.nat(), fc.nat(), (hash20, hash32, network, which, position) => {
        const all = addressesOf(hash20, hash32, network.params)
        const [, address] = all[which % all.length]!
        const isBech32 = address.startsWith(`${network.params.bech32}1`)
        const start = isBech32 ? network.params.bech32.length + 1 : 0
        const index = start + (position % (address.length - start))
        const alphabet = isBech32 ? 'qpzry9x8gf2tvdw0s3jn54khce6mua7l' : '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
        const replacement = alphabet[(alphabet.indexOf(address[index]!) + 1 + (which % (alphabet.length - 1))) % alphabet.length]!
        const changed = address.slice(0, index) + replacement + address.slice(index + 1)
        expect(decodeAddress(changed, network.params)).toBeUndefined()
        if (isBech32) {
          const mixed = address.slice(0, index) + address[index]!.toUpperCase() + address.slice(index + 1)
          if (mixed !== address) expect(decodeAddress(mixed, network.params)).toBeUndefined()
        }
      }),
      runs,
    )
  })

  it('is total: anything else is undefined, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), fc.string({ unit: fc.constantFrom(...'bcrt1qpzry9x8gf2tvdw0s3jn54khce6mua7l') })), fc.constantFrom(...networks), (value, network) => {
        const decoded = decodeAddress(value, network.params)
        if (decoded) expect(typeof value).toBe('string')
      }),
      runs,
    )
  })
})

describe('switching accounts (docs/bitcoin.md, "Switching accounts")', () => {
  const type = fc.constantFrom<ConnectionAccount['type']>('payment', 'ordinal', 'eoa', 'smartAccount', undefined)
  const accountsArb = fc.uniqueArray(fc.record({ address: fc.string({ minLength: 1, maxLength: 12 }), type }, { requiredKeys: ['address'] }), {
    selector: (account) => account.address.toLowerCase(),
    maxLength: 6,
  })

  it('takes a payment account of the connection by address; says why otherwise, with exactly one code', () => {
    fc.assert(
      fc.property(accountsArb, fc.oneof(fc.constant(undefined), fc.constant(''), fc.constant('   '), fc.string({ maxLength: 12 })), fc.nat(), fc.boolean(), (accounts, random, pick, fromList) => {
        const chosen = fromList && accounts.length > 0 ? accounts[pick % accounts.length]!.address : random
        const listed = typeof chosen === 'string' ? accounts.find((a) => a.address.toLowerCase() === chosen.toLowerCase()) : undefined
        const expected =
          typeof chosen !== 'string' || chosen.trim() === '' ? 'BIP122_ADDRESS_REQUIRED' : !listed ? 'INVALID_ADDRESS' : listed.type !== 'payment' ? 'NON_PAYMENT_ACCOUNT' : 'ok'
        let outcome: string
        try {
          const account = checkAccountSwitch(accounts, chosen)
          expect(account).toBe(listed)
          outcome = 'ok'
        } catch (error) {
          expect(error).toBeInstanceOf(LatchError)
          outcome = (error as LatchError).code
          if (outcome === 'NON_PAYMENT_ACCOUNT') expect((error as LatchError).shortMessage).toBe('Switching to non-payment accounts is not allowed for bip122')
          if (outcome === 'BIP122_ADDRESS_REQUIRED') expect((error as LatchError).shortMessage).toBe('Address parameter is required for switching bip122 connection')
        }
        expect(outcome).toBe(expected)
        const switchable = switchableAccounts(accounts)
        expect(switchable.every((a) => a.type === 'payment' && accounts.includes(a))).toBe(true)
        expect(switchable.length).toBe(accounts.filter((a) => a.type === 'payment').length)
      }),
      runs,
    )
  })
})

describe('PSBTs (docs/bitcoin.md, "PSBTs")', () => {
  const script = fc.oneof(bytes(22).map((b) => Uint8Array.of(0x00, 0x14, ...b.slice(2))), fc.uint8Array({ minLength: 1, maxLength: 60 }))
  const inputArb = fc.record({ txid: bytes(32), vout: fc.nat({ max: 1000 }), sequence: fc.nat({ max: 0xffffffff }), script, value: fc.bigInt({ min: 1n, max: 2_100_000_000_000_000n }) })
  const outputArb = fc.record({ script, value: fc.bigInt({ min: 0n, max: 2_100_000_000_000_000n }) })
  const psbtArb = fc.record({ inputs: fc.array(inputArb, { minLength: 1, maxLength: 4 }), outputs: fc.array(outputArb, { minLength: 1, maxLength: 4 }), locktime: fc.nat({ max: 0xffffffff }) })

  it('reads back the transaction @scure/btc-signer wrote, and any change to an output or input is a difference', () => {
    fc.assert(
      fc.property(psbtArb, fc.nat(), fc.bigInt({ min: 1n, max: 1000n }), ({ inputs, outputs, locktime }, which, delta) => {
        const psbt = parsePsbt(fromBase64(psbtOf(inputs, outputs, locktime))!)
        expect(psbt.tx.locktime).toBe(locktime)
        expect(psbt.tx.inputs.map((i) => [i.vout, i.sequence])).toEqual(inputs.map((i) => [i.vout, i.sequence]))
        expect(psbt.tx.outputs.map((o) => [o.value, hex(o.script)])).toEqual(outputs.map((o) => [o.value, hex(o.script)]))
        expect(psbt.inputs.map((i) => hex(i.prevoutScript!))).toEqual(inputs.map((i) => hex(i.script)))
        expect(transactionDifference(psbt.tx, psbt.tx)).toBeUndefined()
        const altered = outputs.map((o, i) => (i === which % outputs.length ? { ...o, value: o.value + delta } : o))
        expect(transactionDifference(psbt.tx, parsePsbt(fromBase64(psbtOf(inputs, altered, locktime))!).tx)).toMatch(/changed its value/)
        const moved = inputs.map((input, i) => (i === which % inputs.length ? { ...input, vout: input.vout + 1 } : input))
        expect(transactionDifference(psbt.tx, parsePsbt(fromBase64(psbtOf(moved, outputs, locktime))!).tx)).toMatch(/input \d+ changed/)
      }),
      { numRuns: 300 },
    )
  })

  it('throws only plain Errors on junk bytes, and the encoders are total', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.uint8Array({ maxLength: 200 }).map((b) => Uint8Array.of(0x70, 0x73, 0x62, 0x74, 0xff, ...b))), (junk) => {
        try {
          parsePsbt(junk)
        } catch (error) {
          expect(error).toBeInstanceOf(Error)
        }
        expect(typeof isSignatureShape(junk)).toBe('boolean')
        expect(fromBase64(toBase64(junk))).toEqual(junk.length === 0 ? undefined : junk)
      }),
      runs,
    )
  })
})

describe('wallet account answers', () => {
  it('junk never becomes accounts: readAccounts answers or throws a LatchError', () => {
    fc.assert(
      fc.property(fc.anything(), fc.option(fc.constantFrom(...networks.map((n) => n.id as `${string}:${string}`)), { nil: undefined }), (addresses, preferred) => {
        try {
          const { accounts } = readAccounts({ addresses }, preferred)
          expect(accounts.some((a) => a.purpose === 'payment')).toBe(true)
        } catch (error) {
          expect(error).toBeInstanceOf(LatchError)
        }
      }),
      runs,
    )
  })
})
