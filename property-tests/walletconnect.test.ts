import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createTestNetwork } from '../kernel/testing'
import { proposalNamespaces, readSessionFamilies } from '../plugins/walletconnect/rules'

// docs/walletconnect.md, "Sessions": whatever a wallet approves, Latch uses only well-formed accounts on proposed chains, or refuses.
const networks = [createTestNetwork('eip155', 1), createTestNetwork('eip155', 10), createTestNetwork('solana', 'devnet')]
const proposed = proposalNamespaces(networks, ['eip155', 'solana'])
const accountArb = fc.oneof(
  fc.tuple(fc.constantFrom('eip155:1', 'eip155:10', 'eip155:137', 'solana:devnet', 'solana:other'), fc.constantFrom('0xab', '0xAB', 'So1ana', 'x')).map(([chain, address]) => `${chain}:${address}`),
  fc.string({ maxLength: 30 }),
)
const approvalArb = fc.dictionary(fc.constantFrom('eip155', 'solana', 'cosmos', '__proto__', 'x'), fc.record({ accounts: fc.array(accountArb, { maxLength: 6 }), methods: fc.array(fc.string(), { maxLength: 3 }) }), { maxKeys: 3 })

describe('WalletConnect approvals (properties)', () => {
  it('either refuses with INVALID_RESPONSE or yields only proposed families, proposed chains and deduplicated accounts', () => {
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
