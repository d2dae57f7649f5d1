import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import type { Connection, Connector, WalletListing } from '../kernel/types'
import { addConnection, removeAccount, removeConnection } from '../kernel/rules/connections'
import { addRecentWallet, maxRecentWallets } from '../kernel/rules/wallets'
import {
  connectorGroupNames,
  groupConnectors,
  resolveGroupOrder,
  type ConnectorGroupName,
  type ConnectorGroupsInput,
} from '../kernel/rules/connectors'

const runs = { numRuns: 1000 }

/** Freezes a value and everything reachable from it. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  }
  return value
}

const lower = (s: string): string => s.toLowerCase()

// Small pools so that case-insensitive collisions are frequent.
const addressArb = fc.oneof(
  fc.constantFrom('0xab', '0xAB', '0xAb', '0xcd', '0xCD', '0xef', 'SoLaNa', 'solana'),
  fc.stringMatching(/^0x[0-9a-fA-F]{1,3}$/),
)
const connectorIdArb = fc.constantFrom('AUTH', 'ID_AUTH', 'io.metamask', 'walletConnect', 'phantom')
const accountArb = fc.record(
  { address: addressArb, type: fc.constantFrom('eoa' as const, 'smartAccount' as const) },
  { requiredKeys: ['address'] },
)
const connectionArb: fc.Arbitrary<Connection> = fc.record(
  {
    connectorId: connectorIdArb,
    accounts: fc.array(accountArb, { maxLength: 5 }),
    recent: fc.boolean(),
    caipNetwork: fc.constantFrom('eip155:1' as const, 'solana:mainnet' as const),
  },
  { requiredKeys: ['connectorId', 'accounts'] },
)
const optsArb = fc.option(fc.record({ authConnectorId: fc.constantFrom('AUTH', 'ID_AUTH') }), { nil: undefined })

/** Lists as the kernel builds them: folded through addConnection. */
const listArb = fc
  .tuple(fc.array(connectionArb, { maxLength: 8 }), optsArb)
  .map(([incoming, opts]) => incoming.reduce<readonly Connection[]>((list, c) => addConnection(list, c, opts), []))

function assertInvariants(list: readonly Connection[]): void {
  const ids = list.map((entry) => entry.connectorId)
  expect(new Set(ids).size).toBe(ids.length)
  for (const entry of list) {
    expect(entry.accounts.length).toBeGreaterThan(0)
    const addresses = entry.accounts.map((account) => lower(account.address))
    expect(new Set(addresses).size).toBe(addresses.length)
  }
}

describe('connection merge (properties)', () => {
  it('never yields two case-insensitively equal accounts under one connector, nor empty entries', () => {
    fc.assert(
      fc.property(listArb, connectionArb, optsArb, (list, incoming, opts) => {
        assertInvariants(addConnection(list, incoming, opts))
      }),
      runs,
    )
  })

  it('keeps every address it already had and gains every incoming address (non-embedded connectors)', () => {
    fc.assert(
      fc.property(listArb, connectionArb, (list, incoming) => {
        fc.pre(incoming.connectorId !== 'AUTH' && incoming.accounts.length > 0)
        const result = addConnection(list, incoming)
        const entry = result.find((c) => c.connectorId === incoming.connectorId)
        const before = list.find((c) => c.connectorId === incoming.connectorId)
        const have = new Set(entry?.accounts.map((a) => lower(a.address)))
        for (const a of [...(before?.accounts ?? []), ...incoming.accounts]) expect(have.has(lower(a.address))).toBe(true)
        // first-seen casing and order: the old accounts are a prefix
        expect(entry?.accounts.slice(0, before?.accounts.length ?? 0)).toEqual(before?.accounts ?? [])
      }),
      runs,
    )
  })

  it('is idempotent', () => {
    fc.assert(
      fc.property(listArb, connectionArb, optsArb, (list, incoming, opts) => {
        const once = addConnection(list, incoming, opts)
        const twice = addConnection(once, incoming, opts)
        expect(twice).toEqual(once)
        expect(twice).toBe(once)
      }),
      runs,
    )
  })

  it('after removing an address it is never found under that connector, and no entry is left empty', () => {
    const caseArb = listArb.chain((list) => {
      const known = list.flatMap((c) => c.accounts.map((a) => ({ connectorId: c.connectorId, address: a.address })))
      const knownArb = known.length > 0 ? fc.constantFrom(...known) : fc.constant({ connectorId: 'x', address: '0x' })
      const mixedCase = knownArb.chain((t) => fc.boolean().map((up) => ({ ...t, address: up ? t.address.toUpperCase() : t.address.toLowerCase() })))
      return fc.tuple(fc.constant(list), fc.oneof(knownArb, mixedCase, fc.record({ connectorId: connectorIdArb, address: addressArb })))
    })
    fc.assert(
      fc.property(caseArb, ([list, target]) => {
        const result = removeAccount(list, target)
        assertInvariants(result)
        const entry = result.find((c) => c.connectorId === target.connectorId)
        expect(entry?.accounts.some((a) => lower(a.address) === lower(target.address)) ?? false).toBe(false)
        // other connectors are untouched
        for (const other of list.filter((c) => c.connectorId !== target.connectorId)) expect(result).toContain(other)
      }),
      runs,
    )
  })

  it('removeConnection removes exactly that connector', () => {
    fc.assert(
      fc.property(listArb, connectorIdArb, (list, connectorId) => {
        const result = removeConnection(list, connectorId)
        expect(result.some((c) => c.connectorId === connectorId)).toBe(false)
        expect(result).toEqual(list.filter((c) => c.connectorId !== connectorId))
      }),
      runs,
    )
  })

  it('never mutates its inputs', () => {
    fc.assert(
      fc.property(listArb, connectionArb, optsArb, addressArb, (list, incoming, opts, address) => {
        const snapshot = structuredClone({ list, incoming })
        deepFreeze(list)
        deepFreeze(incoming)
        addConnection(list, incoming, opts)
        removeAccount(list, { connectorId: incoming.connectorId, address })
        removeConnection(list, incoming.connectorId)
        expect({ list, incoming }).toEqual(snapshot)
      }),
      runs,
    )
  })
})

const walletArb: fc.Arbitrary<WalletListing> = fc.record(
  {
    id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    name: fc.constantFrom('MetaMask', 'Rainbow', 'Trust', 'Browser Wallet'),
    rdns: fc.option(fc.constantFrom('io.metamask', 'me.rainbow', 'IO.METAMASK'), { nil: undefined }),
  },
  { requiredKeys: ['id', 'name'] },
)

describe('recent wallets (properties)', () => {
  it('holds at most 2, unique ids, newest first', () => {
    fc.assert(
      fc.property(fc.array(walletArb, { maxLength: 12 }), (added) => {
        const recent = deepFreeze(added).reduce<readonly WalletListing[]>((list, w) => addRecentWallet(list, w), [])
        expect(recent.length).toBeLessThanOrEqual(maxRecentWallets)
        expect(new Set(recent.map((w) => w.id)).size).toBe(recent.length)
        // the expected list: distinct ids by last addition, newest first
        const expected: string[] = []
        for (const w of [...added].reverse()) if (!expected.includes(w.id)) expected.push(w.id)
        expect(recent.map((w) => w.id)).toEqual(expected.slice(0, maxRecentWallets))
        const last = added[added.length - 1]
        if (last) expect(recent[0]).toBe(last)
      }),
      runs,
    )
  })
})

const connectorArb: fc.Arbitrary<Connector> = fc.record(
  {
    id: fc.constantFrom('io.metamask', 'walletConnect', 'ext', 'x'),
    name: fc.constantFrom('MetaMask', 'WalletConnect', 'Ext'),
    type: fc.constantFrom('INJECTED' as const, 'ANNOUNCED' as const, 'MULTI_CHAIN' as const, 'EXTERNAL' as const),
    chain: fc.constantFrom('eip155' as const, 'solana' as const),
    explorerId: fc.constantFrom('a', 'b', 'z'),
    info: fc.record({ rdns: fc.constantFrom('io.metamask', 'me.rainbow') }),
  },
  { requiredKeys: ['id', 'name', 'type', 'chain'] },
)
const groupsInputArb: fc.Arbitrary<ConnectorGroupsInput> = fc.record(
  {
    walletConnect: connectorArb,
    walletConnectEnabled: fc.boolean(),
    connectedViaWalletConnect: fc.boolean(),
    recent: fc.array(walletArb, { maxLength: 2 }),
    injected: fc.array(connectorArb, { maxLength: 3 }),
    featured: fc.array(walletArb, { maxLength: 4 }),
    custom: fc.array(walletArb, { maxLength: 2 }),
    external: fc.array(connectorArb, { maxLength: 2 }),
    recommended: fc.array(walletArb, { maxLength: 4 }),
  },
  {
    requiredKeys: [
      'walletConnectEnabled',
      'connectedViaWalletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ],
  },
)
const orderArb = fc.option(fc.array(fc.constantFrom(...connectorGroupNames), { maxLength: 9 }), { nil: undefined })

describe('connector groups (properties)', () => {
  it('never returns empty groups, names each group once and respects the order', () => {
    fc.assert(
      fc.property(groupsInputArb, orderArb, (input, order) => {
        const groups = groupConnectors(deepFreeze(input), order === undefined ? undefined : deepFreeze(order))
        const names = groups.map((g) => g.group)
        for (const g of groups) expect(g.items.length).toBeGreaterThan(0)
        expect(new Set(names).size).toBe(names.length)
        const effective = resolveGroupOrder(order ?? connectorGroupNames)
        expect(names).toEqual(effective.filter((name) => names.includes(name)))
        // a configured order puts its (visible) groups first, in its own order
        const firstSeen = [...new Set(order ?? [])].filter((name) => names.includes(name))
        expect(names.slice(0, firstSeen.length)).toEqual(firstSeen)
      }),
      runs,
    )
  })

  it('shows walletConnect exactly when enabled, present and not already connected through it', () => {
    fc.assert(
      fc.property(groupsInputArb, orderArb, (input, order) => {
        const shown = groupConnectors(input, order).some((g) => g.group === 'walletConnect')
        expect(shown).toBe(input.walletConnect !== undefined && input.walletConnectEnabled && !input.connectedViaWalletConnect)
      }),
      runs,
    )
  })

  it('never repeats a recent or injected wallet in featured or recommended', () => {
    fc.assert(
      fc.property(groupsInputArb, (input) => {
        const groups = groupConnectors(input)
        const items = (name: ConnectorGroupName): readonly unknown[] => groups.find((g) => g.group === name)?.items ?? []
        const recent = items('recent') as readonly WalletListing[]
        const injected = items('injected') as readonly Connector[]
        const ids = new Set([...recent.map((w) => w.id), ...injected.flatMap((c) => (c.explorerId ? [c.explorerId] : []))])
        const rdns = new Set(
          [...recent.map((w) => w.rdns), ...injected.map((c) => c.info?.rdns)].flatMap((r) => (r ? [r.toLowerCase()] : [])),
        )
        for (const name of ['featured', 'recommended'] as const) {
          for (const w of items(name) as readonly WalletListing[]) {
            expect(ids.has(w.id)).toBe(false)
            expect(!!w.rdns && rdns.has(w.rdns.toLowerCase())).toBe(false)
          }
        }
      }),
      runs,
    )
  })
})
