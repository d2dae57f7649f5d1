import fc from 'fast-check'
import { defineChain } from 'viem'
import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { LatchError, caipNetworkSchema, connectorSchema, errorDataSchema, shortMessages, visitorMessages, type VisitorMessageId } from 'latch'
import { readAccounts, readChainId } from '../plugins/eip155/accounts'
import { parseAnnouncement } from '../plugins/eip155/discover'
import { providerErrorCodes } from '../plugins/eip155/errors'
import { toWalletError } from '../plugins/eip155/wallet-error'
import { toHexQuantity, utf8ToHex } from '../plugins/eip155/hex'
import { chainIdOf, fromViemChain } from '../plugins/eip155/networks'
import { toAddChainParameters } from '../plugins/eip155/network-params'

const runs = { numRuns: 1000 }

// Independent oracle: EIP-1193 code → Latch code, written out from the brief's table.
const expected: Record<number, string> = {
  4001: 'USER_REJECTED',
  4100: 'RPC_NOT_ALLOWED',
  4200: 'RPC_NOT_ALLOWED',
  [-32601]: 'RPC_NOT_ALLOWED',
  4900: 'REQUEST_ABORTED',
  4901: 'REQUEST_ABORTED',
  4902: 'SWITCH_CHAIN_FAILED',
  [-32002]: 'REQUEST_ABORTED',
}
const latchCodes = new Set<string>([...Object.keys(shortMessages), 'UNKNOWN'])
const visitorIds = Object.keys(visitorMessages) as VisitorMessageId[]

const knownCode = fc.constantFrom(...Object.values(providerErrorCodes))
const anyCode = fc.oneof(knownCode, fc.integer(), fc.double(), fc.string(), fc.constant(undefined))
const walletErrorArb = fc.oneof(
  fc.anything(),
  fc.record({ code: anyCode, message: fc.oneof(fc.string(), fc.anything()) }, { requiredKeys: [] }),
  fc.tuple(anyCode, fc.string()).map(([code, message]) => Object.assign(new Error(message), { code })),
  fc.tuple(knownCode, fc.anything()).map(([code, data]) => ({ code: -32603, message: 'wrapped', data: { originalError: { code }, extra: data } })),
)

describe('eip155 error mapping', () => {
  it('is total: any thrown value becomes a LatchError with a catalogued code and loggable data', () => {
    fc.assert(
      fc.property(walletErrorArb, fc.option(fc.constantFrom(...visitorIds), { nil: undefined }), (thrown, rejected) => {
        const error = toWalletError(thrown, { rejected })
        expect(error).toBeInstanceOf(LatchError)
        expect(latchCodes.has(error.code)).toBe(true)
        const data = JSON.parse(JSON.stringify(error.toData())) as unknown
        expect(z.safeParse(errorDataSchema, data).success).toBe(true)
      }),
      runs,
    )
  })

  it('maps every EIP-1193 code exactly as the table says, whatever the message', () => {
    fc.assert(
      fc.property(knownCode, fc.string(), (code, message) => {
        expect(toWalletError({ code, message }).code).toBe(expected[code])
        expect(toWalletError({ code: -32603, data: { originalError: { code, message } } }).code).toBe(expected[code])
      }),
      runs,
    )
  })

  it('gives UNKNOWN for every other integer code', () => {
    fc.assert(
      fc.property(fc.integer().filter((code) => !(code in expected)), (code) => {
        expect(toWalletError({ code, message: 'x' }).code).toBe('UNKNOWN')
      }),
      runs,
    )
  })
})

const infoArb = fc.record(
  {
    uuid: fc.oneof(fc.uuid(), fc.string(), fc.anything()),
    name: fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.anything()),
    icon: fc.oneof(fc.constant('data:image/svg+xml,<svg/>'), fc.webUrl(), fc.anything()),
    rdns: fc.oneof(fc.domain().map((d) => d.split('.').reverse().join('.')), fc.string(), fc.anything()),
  },
  { requiredKeys: [] },
)
const providerArb = fc.oneof(fc.constant({ request: async () => null }), fc.anything(), fc.record({ request: fc.anything() }))
const announcementArb = fc.oneof(fc.anything(), fc.record({ info: fc.oneof(infoArb, fc.anything()), provider: providerArb }, { requiredKeys: [] }))

describe('eip155 announcement validation', () => {
  it('never throws; what it accepts is a valid ANNOUNCED connector named by its rdns', () => {
    fc.assert(
      fc.property(announcementArb, (detail) => {
        const entry = parseAnnouncement(detail)
        if (!entry) return
        const { info, provider } = detail as { info: { rdns: string; name: string }; provider: unknown }
        expect(entry.provider).toBe(provider)
        expect(entry.connector).toMatchObject({ id: info.rdns, name: info.name, type: 'ANNOUNCED', chain: 'eip155', info: { rdns: info.rdns } })
        expect(z.safeParse(connectorSchema, entry.connector).success).toBe(true)
        expect(entry.connector.imageUrl === undefined || entry.connector.imageUrl.startsWith('data:image/')).toBe(true)
      }),
      runs,
    )
  })

  it('accepts every well-formed announcement', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ minLength: 1, maxLength: 50 }), fc.domain(), (uuid, name, domain) => {
        const rdns = domain.split('.').reverse().join('.')
        const entry = parseAnnouncement({ info: { uuid, name, icon: 'data:image/png;base64,AA==', rdns }, provider: { request: async () => null } })
        expect(entry?.connector.id).toBe(rdns)
      }),
      runs,
    )
  })
})

describe('eip155 wallet answers', () => {
  it('chain ids: a positive safe integer or a LatchError, never anything else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.bigInt({ min: 0n, max: 2n ** 80n }).map((n) => `0x${n.toString(16)}`)), (value) => {
        try {
          const chainId = readChainId(value)
          expect(Number.isSafeInteger(chainId) && chainId > 0).toBe(true)
        } catch (error) {
          expect(error).toBeInstanceOf(LatchError)
        }
      }),
      runs,
    )
  })

  it('accounts: validated EVM addresses or INVALID_ADDRESS', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.array(fc.oneof(fc.string(), fc.stringMatching(/^0x[0-9a-fA-F]{40}$/)))), async (value) => {
        try {
          const accounts = await readAccounts(value)
          expect(accounts.every((a) => /^0x[0-9a-fA-F]{40}$/.test(a))).toBe(true)
        } catch (error) {
          expect(error).toMatchObject({ code: 'INVALID_ADDRESS' })
        }
      }),
      runs,
    )
  })

  it('personal_sign hex is the UTF-8 bytes of the message', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (message) => {
        expect(Buffer.from(utf8ToHex(message).slice(2), 'hex').toString('utf8')).toBe(message)
      }),
      runs,
    )
  })
})

describe('fromViemChain', () => {
  it('round-trips chain ids through the CAIP id and wallet_addEthereumChain', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.string({ maxLength: 20 }), (id, name) => {
        const chain = defineChain({ id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } } })
        const network = fromViemChain(chain)
        expect(network.caipNetworkId).toBe(`eip155:${id}`)
        expect(network.id).toBe(id)
        expect(chainIdOf(network)).toBe(id)
        expect(Number(toAddChainParameters(network).chainId)).toBe(id)
        expect(toHexQuantity(id)).toBe(`0x${id.toString(16)}`)
        expect(z.safeParse(caipNetworkSchema, network).success).toBe(true)
      }),
      runs,
    )
  })
})

describe('EIP-55 checksum', () => {
  it('agrees with viem on every address', async () => {
    const { getAddress } = await import('viem')
    const { checksumAddress } = await import('../kernel/rules/checksum')
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.boolean(), (bytes, upper) => {
        const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
        expect(checksumAddress(upper ? hex.toUpperCase() : `0x${hex}`)).toBe(getAddress(`0x${hex}`))
      }),
      { numRuns: 1000 },
    )
  })
})
