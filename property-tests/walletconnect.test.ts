import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createTestNetwork } from '../kernel/testing'
import { proposalNamespaces, readSessionFamilies } from '../plugins/walletconnect/rules'

// docs/walletconnect.md, "Sessions": whatever a wallet approves, Latch uses only well-formed accounts on proposed chains, or refuses.
const networks = [createTestNetwork('eip155', 1), createTestNetwork('eip155', 10), createTestNetwork('solana', 'devnet')]
const proposed = proposalNamespaces(networks, ['eip155', 'solana'])
const accountArb = fc.oneof(
  fc.tuple(
    fc.constantFrom('eip155:1', 'eip155:10', 'eip155:137', 'solana:devnet', 'solana:other'),
    fc.oneof(
      fc.constantFrom('0xab', '0xAB', 'So1ana', 'x', `0x${'1'.repeat(41)}`, 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW'),
      fc.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      fc.stringMatching(/^[0-9a-fA-F]{40}$/),
    ),
  ).map(([chain, address]) => `${chain}:${address}`),
  fc.string({ maxLength: 30 }),
)
const methodArb = fc.oneof(fc.constantFrom('personal_sign', 'eth_sendTransaction', 'solana_signMessage', 'eth_sign', 'wallet_switchEthereumChain', 'made_up'), fc.string())
const approvalArb = fc.dictionary(fc.constantFrom('eip155', 'solana', 'cosmos', '__proto__', 'x'), fc.record({ accounts: fc.array(accountArb, { maxLength: 6 }), methods: fc.array(methodArb, { maxLength: 4 }) }), { maxKeys: 3 })

/** docs/walletconnect.md, "Sessions": an account of its family (EVM: 40 hex digits, 0x optional; Solana: base58, 32 to 44 characters). */
const familyAddress = { eip155: /^(0x)?[0-9a-fA-F]{40}$/, solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/ } as Record<string, RegExp>

describe('WalletConnect approvals (properties)', () => {
  it('either refuses with INVALID_RESPONSE or yields only proposed families, proposed chains, deduplicated accounts of their family, and proposed methods', () => {
    fc.assert(
      fc.property(approvalArb, (approved) => {
        let families: ReturnType<typeof readSessionFamilies>
        try {
          families = readSessionFamilies(approved, proposed)
        } catch (error) {
          expect((error as { code?: string }).code).toBe('INVALID_RESPONSE')
          return
        }
        expect(families.length).toBeGreaterThan(0)
        for (const family of families) {
          expect(Object.keys(proposed)).toContain(family.ns)
          for (const caip of family.caipAddresses) expect(proposed[family.ns]?.chains).toContain(caip.split(':').slice(0, 2).join(':'))
          expect(new Set(family.accounts.map((a) => a.address.toLowerCase())).size).toBe(family.accounts.length)
          expect(family.accounts.length).toBeGreaterThan(0)
          for (const { address } of family.accounts) expect(address).toMatch(familyAddress[family.ns] as RegExp)
          // Only methods both proposed and approved: a wallet cannot widen them.
          const approvedMethods = (approved as Record<string, { methods: string[] }>)[family.ns]?.methods ?? []
          for (const method of family.methods) {
            expect(proposed[family.ns]?.methods).toContain(method)
            expect(approvedMethods).toContain(method)
          }
        }
      }),
      { numRuns: 1000 },
    )
  })
})

describe('what a wallet or the sign-client throws (properties)', () => {
  it('always becomes a LatchError with a code, never a throw; a rejection shows the context’s text', async () => {
    const { toSessionError } = await import('../plugins/walletconnect/errors')
    const junk = fc.oneof(
      fc.anything(),
      fc.record({ code: fc.oneof(fc.integer(), fc.string(), fc.constant(4001), fc.constant(5000), fc.constant(6000)), message: fc.anything() }),
      fc.constant('hostile'),
    )
    const hostile = new Proxy({}, { get: () => { throw new Error('hostile') } })
    fc.assert(
      fc.property(junk, fc.constantFrom('USER_REJECTED', 'CONNECTION_DECLINED') as fc.Arbitrary<'USER_REJECTED' | 'CONNECTION_DECLINED'>, (thrown, rejected) => {
        const error = toSessionError(thrown === 'hostile' ? hostile : thrown, rejected)
        expect(typeof error.code).toBe('string')
        const code = typeof thrown === 'object' && thrown !== null ? (thrown as { code?: unknown }).code : undefined
        if (code === 4001 || code === 5000) {
          expect(error.code).toBe('USER_REJECTED')
          expect(error.shortMessage).toBe(rejected === 'CONNECTION_DECLINED' ? 'Connection declined' : 'Signature declined')
        }
      }),
    )
  })
})
