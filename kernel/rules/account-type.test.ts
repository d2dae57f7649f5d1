import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { accountPreferredTypeSet, accountDisconnected, accountConnected, selectPreferredAccountType } from '../core/slices/chains'
import { createLatch } from '../latch'
import { createTestNetwork, createTestPorts } from '../testing'
import { chainNamespaces, type AccountType } from '../types'
import { defaultAccountTypes, familyAccountTypes, preferredAccountType } from './account-type'

const allTypes: AccountType[] = ['eoa', 'smartAccount', 'payment', 'ordinal', 'stx']

describe('preferredAccountType (docs/storage.md, "Preferred account types")', () => {
  it("defaults to the specification's type per family", () => {
    expect(chainNamespaces.map((ns) => [ns, preferredAccountType(ns)])).toEqual([
      ['eip155', 'smartAccount'],
      ['solana', 'eoa'],
      ['bip122', 'payment'],
      ['polkadot', 'eoa'],
      ['cosmos', undefined],
    ])
  })

  it("is the chosen type when it is one of the family's, else the default; the default is always one of the family's", () => {
    fc.assert(
      fc.property(fc.constantFrom(...chainNamespaces), fc.option(fc.constantFrom(...allTypes), { nil: undefined }), (ns, chosen) => {
        const type = preferredAccountType(ns, chosen)
        if (chosen !== undefined && familyAccountTypes[ns].includes(chosen)) expect(type).toBe(chosen)
        else expect(type).toBe(defaultAccountTypes[ns])
        if (type !== undefined) expect(familyAccountTypes[ns]).toContain(type)
      }),
      { numRuns: 500 },
    )
  })

  it('is stored per family, read back after a reload, and outlives a disconnect', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...chainNamespaces), fc.constantFrom(...allTypes)), { maxLength: 6 }), fc.boolean(), (choices, disconnect) => {
        const t = createTestPorts()
        const networks = [createTestNetwork('eip155', 1)]
        const first = createLatch({ networks, ports: t.ports, logLevel: 'silent' })
        first.dispatch(accountConnected({ caipAddress: 'eip155:1:0x00000000000000000000000000000000000000a1', connectorId: 'w' }, { ns: 'eip155' }))
        for (const [ns, type] of choices) first.dispatch(accountPreferredTypeSet({ type }, { ns }))
        if (disconnect) first.dispatch(accountDisconnected({}, { ns: 'eip155' }))
        const expected = chainNamespaces.map((ns) => selectPreferredAccountType(first.getState(), ns))
        first.destroy()
        const again = createLatch({ networks, ports: createTestPorts({ storage: t.storage.dump() }).ports, logLevel: 'silent' })
        expect(chainNamespaces.map((ns) => selectPreferredAccountType(again.getState(), ns))).toEqual(expected)
        // Each family's last choice (kept through a disconnect), or its default.
        for (const ns of chainNamespaces) expect(selectPreferredAccountType(again.getState(), ns)).toBe(preferredAccountType(ns, [...choices].reverse().find(([other]) => other === ns)?.[1]))
        again.destroy()
      }),
      { numRuns: 60 },
    )
  })
})
