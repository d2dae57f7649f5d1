/**
 * The core reducers are immutable updates, not immer drafts (issue 27: dispatch). These properties hold them to the
 * immer reducers they replaced (property-tests/immer-core-reducers.ts): on any sequence of core events, with plugins
 * that reduce the same events with immer before and after the core, the states are equal, frozen wherever immer's are,
 * and keep every branch immer's keep (a branch an event leaves alone keeps its identity).
 */
import { drafts } from 'latch/immer'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { definePlugin, defineEvent, viewNames, type EventsOf, type LatchEvent, type Logged, type Plugin, type State } from 'latch'
import { corePlugin } from '../kernel/core/plugin'
import { initialCoreState } from '../kernel/core/state'
import { createReduction, deepFreeze } from '../kernel/engine/reducer'
import { coreEventArb, namespaceArb, network, networks } from './arbitraries'
import { immerCoreReducers } from './immer-core-reducers'

const immerCore: Plugin = { ...corePlugin, update: drafts(immerCoreReducers) }

// Plugins reducing core events with immer, one sorted before the core and one after: the fold keeps their order.
const probed = defineEvent('probe/noted', z.object({ n: z.number() }))
const probeEvents = [probed] as const
declare module 'latch' {
  interface EventMap extends EventsOf<typeof probeEvents> {}
  interface SliceMap {
    early?: { seen: string[] }
    late?: { seen: string[] }
  }
}
const early = definePlugin({
  name: 'aa-early',
  events: probeEvents,
  slices: { early: { seen: [] } },
  update: drafts({
    'account/disconnected'(draft, { ns }) {
      draft.early!.seen.push(`disconnected ${ns} ${draft.chains[ns!].connectorId ?? '-'}`)
    },
    'modal/opened'(draft) {
      draft.early!.seen.push(`opened ${draft.router.open}`)
    },
  }),
})
const late = definePlugin({
  name: 'zz-late',
  slices: { late: { seen: [] } },
  update: drafts({
    'account/disconnected'(draft, { ns }) {
      draft.late!.seen.push(`disconnected ${ns} ${draft.chains[ns!].connectorId ?? '-'} ${draft.connection.status}`)
    },
    'modal/opened'(draft) {
      draft.late!.seen.push(`opened ${draft.router.open} ${draft.router.history.length}`)
      draft.router.open = draft.late!.seen.length % 3 !== 0
    },
    'cache/stored'(draft) {
      if (draft.late!.seen.length > 4) draft.late!.seen = []
    },
  }),
})

const referenceArb = fc.constantFrom('1', '2', '3')
const connectorIdArb = fc.constantFrom('io.metamask', 'walletConnect', 'phantom')
const viewArb = fc.constantFrom(...viewNames).map((name) => ({ name }))
const listingArb = fc.record({ id: fc.constantFrom('a', 'b'), name: fc.constantFrom('A', 'B') })
const tokenArb = fc.record({
  name: fc.constantFrom('Tether', 'Dai'),
  symbol: fc.constantFrom('USDT', 'DAI'),
  chainId: fc.constantFrom('eip155:1', 'solana:1'),
  address: fc.constantFrom('0x1', '0x2'),
  quantity: fc.record({ decimals: fc.constantFrom('6', '18'), numeric: fc.constantFrom('1', '2.5') }),
})
const caipAddressArb = fc.tuple(namespaceArb, referenceArb, fc.constantFrom('0xAbC0000000000000000000000000000000000001', 'So11111111111111111111111111111111111111112'))

/** The core events coreEventArb leaves out, and edge cases of those it has (the same value again, absent keys). */
const moreEventArb: fc.Arbitrary<LatchEvent> = fc.oneof(
  fc.tuple(namespaceArb, connectorIdArb, fc.boolean(), fc.boolean()).map(([ns, connectorId, accounts, info]) => ({
    type: 'account/connected',
    ns,
    payload: {
      caipAddress: `${ns}:1:0xAbC0000000000000000000000000000000000001`,
      connectorId,
      ...(accounts ? { accounts: [{ address: '0xAbC0000000000000000000000000000000000001' }, { address: 'second' }] } : {}),
      ...(info ? { walletInfo: { name: 'W' } } : {}),
    },
  })),
  fc.tuple(namespaceArb, fc.constantFrom('connected', 'connecting', 'disconnected', 'reconnecting')).map(([ns, status]) => ({ type: 'account/statusChanged', ns, payload: { status } })),
  fc.tuple(namespaceArb, fc.boolean(), fc.boolean()).map(([ns, name, image]) => ({ type: 'account/profileUpdated', ns, payload: { ...(name ? { name: 'n' } : {}), ...(image ? { image: null } : {}) } })),
  fc.tuple(namespaceArb, referenceArb, fc.option(fc.boolean(), { nil: undefined }), fc.boolean()).map(([ns, ref, activate, withNetwork]) => ({
    type: 'network/switched',
    ns,
    payload: { caipNetworkId: `${ns}:${ref}`, ...(withNetwork ? { network: network(ns, ref) } : {}), ...(activate === undefined ? {} : { activate }) },
  })),
  fc.tuple(namespaceArb, fc.array(fc.nat(10), { maxLength: 2 })).map(([ns, chainIds]) => ({ type: 'network/smartAccountNetworksSet', ns, payload: { chainIds } })),
  fc.tuple(namespaceArb, fc.boolean()).map(([ns, deployed]) => ({ type: 'account/smartAccountDeployedSet', ns, payload: { deployed } })),
  fc.tuple(namespaceArb, referenceArb, fc.boolean()).map(([ns, ref, typed]) => ({
    type: 'account/addressChanged',
    ns,
    payload: {
      caipAddress: `${ns}:${ref}:0xAbC0000000000000000000000000000000000002`,
      ...(typed ? { accounts: [{ address: '0xAbC0000000000000000000000000000000000002', type: 'smartAccount' }, { address: '0xAbC0000000000000000000000000000000000001', type: 'eoa' }] } : {}),
    },
  })),
  fc.tuple(namespaceArb, connectorIdArb).map(([ns, connectorId]) => ({ type: 'connection/removed', ns, payload: { connectorId } })),
  fc.boolean().map((switching) => ({ type: 'connection/switchingChanged', payload: { switching } })),
  fc.option(fc.constant({ href: 'https://w.example/wc', name: 'W' }), { nil: null }).map((link) => ({ type: 'connection/deepLinkChosen', payload: { link } })),
  fc.tuple(namespaceArb, fc.integer({ min: 1, max: 3 }), fc.constantFrom('external', 'walletconnect'), fc.option(listingArb, { nil: undefined })).map(([ns, id, via, listing]) => ({
    type: 'connection/attemptStarted',
    ns,
    payload: { id, via, connectorId: 'io.metamask', ...(listing ? { listing } : {}) },
  })),
  fc.tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom('succeeded', 'failed', 'cancelled'), fc.boolean()).map(([id, outcome, error]) => ({
    type: 'connection/attemptEnded',
    payload: { id, outcome, ...(error ? { error: { code: 'USER_REJECTED', shortMessage: 'Declined' } } : {}) },
  })),
  fc
    .record({
      phase: fc.constantFrom('waiting', 'shown', 'approved', 'expired', 'failed', 'cancelled'),
      pairing: fc.option(fc.record({ topic: fc.stringMatching(/^[0-9a-f]{64}$/), relayProtocol: fc.constantFrom('irn', 'waku'), expiresAt: fc.nat() }), { nil: undefined }),
    })
    .map(({ phase, pairing }) => ({ type: 'connection/pairingChanged', payload: pairing ? { phase, pairing } : { phase } })),
  fc.tuple(connectorIdArb, fc.option(namespaceArb, { nil: undefined })).map(([id, chain]) => ({ type: 'connectors/removed', payload: { ids: [id], ...(chain ? { chain } : {}) } })),
  viewArb.map((view) => ({ type: 'router/reset', payload: { view } })),
  fc.string({ maxLength: 6 }).map((id) => ({ type: 'toast/shown', payload: { id, toast: { message: 'm', variant: 'success' } } })),
  fc.constant({ type: 'toast/closed', payload: {} }),
  fc.tuple(fc.constantFrom('names', 'identity', 'balance'), fc.constantFrom('k1', 'k2')).map(([cache, key]) => ({
    type: 'cache/stored',
    payload: cache === 'names' ? { cache, key, value: null } : cache === 'identity' ? { cache, key, value: { name: 'x' } } : { cache, key, value: '1' },
  })),
  fc.constantFrom('native', 'tokens').map((kind) => ({ type: 'balance/watchStarted', payload: { kind } })),
  fc.constantFrom('native', 'tokens').map((kind) => ({ type: 'balance/watchStopped', payload: { kind } })),
  fc.array(namespaceArb, { maxLength: 3 }).map((namespaces) => ({ type: 'balance/providerConfigured', payload: { namespaces } })),
  fc.tuple(caipAddressArb, fc.array(tokenArb, { maxLength: 2 })).map(([[ns, ref, address], balances]) => ({
    type: 'balance/tokensSucceeded',
    ns,
    payload: { caipAddress: `${ns}:${ref}:${address}`, balances },
  })),
  namespaceArb.map((ns) => ({ type: 'balance/tokensFailed', ns, payload: { error: { code: 'TOKEN_BALANCE_UNAVAILABLE', shortMessage: 'Token Balance Unavailable' } } })),
  fc.boolean().map((visible) => ({ type: 'page/visibilityChanged', payload: { visible } })),
  fc.tuple(fc.subarray([...networks]), fc.option(fc.constantFrom('eip155:2', 'solana:1'), { nil: undefined })).map(([some, defaultNetwork]) => ({
    type: 'latch/configured',
    payload: { networks: some, ...(defaultNetwork ? { defaultNetwork } : {}), customWallets: [{ id: 'c', name: 'C', image_url: 'https://img.example/c.png' }] },
  })),
  fc.constantFrom('https://a.example', 'https://b.example').map((origin) => ({ type: 'options/imageOriginsAllowed', payload: { origins: [origin] } })),
  fc.tuple(fc.constantFrom('en', 'ar'), fc.constantFrom('ltr', 'rtl')).map(([locale, dir]) => ({ type: 'ui/localeChanged', payload: { locale, dir } })),
) as fc.Arbitrary<LatchEvent>

const eventArb = fc.oneof(coreEventArb.filter((event) => !event.type.startsWith('secret/')), moreEventArb)

/** The paths in `value` that are not frozen. */
function unfrozen(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return []
  if (!Object.isFrozen(value)) return [path || '(root)']
  return Object.entries(value).flatMap(([key, inner]) => unfrozen(inner, `${path}.${key}`))
}

/**
 * The paths where `after` differs in identity from `before`, down to where one of them is no object; for comparing
 * which branches two folds replaced.
 */
function replaced(before: unknown, after: unknown, path = '', out: string[] = []): string[] {
  if (before === after) return out
  out.push(path || '(root)')
  if (before && after && typeof before === 'object' && typeof after === 'object') {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      replaced((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], `${path}.${key}`, out)
    }
  }
  return out
}

function fold(plugins: readonly Plugin[], kernelPlugin: Plugin, events: readonly LatchEvent[]) {
  const reduction = createReduction(plugins, initialCoreState, [kernelPlugin])
  let state = reduction.initialState
  const steps: { before: State; after: State; error?: string }[] = []
  events.forEach((input, seq) => {
    const accepted = reduction.accept(input)
    if (!accepted.ok) throw new Error(`the arbitrary made an invalid event: ${accepted.reason}`)
    const logged = deepFreeze({ ...accepted.logged, meta: { seq, at: 1_000 + seq * 7_000 } } as Logged)
    const { state: next, error } = reduction.reduce(state, logged)
    steps.push({ before: state, after: next, ...(error ? { error: error.message } : {}) })
    state = next
  })
  return steps
}

describe('the core reducers without immer', () => {
  it('fold any event sequence to the state the immer reducers made, frozen, sharing the same branches', () => {
    const configure: LatchEvent = { type: 'latch/configured', payload: { networks: [...networks] } }
    fc.assert(
      fc.property(fc.array(eventArb, { minLength: 1, maxLength: 60 }), (events) => {
        const all = [configure, ...events]
        const plain = fold([early, late], corePlugin, all)
        const immer = fold([early, late], immerCore, all)
        plain.forEach((step, i) => {
          const reference = immer[i]!
          expect(step.after).toEqual(reference.after)
          expect(step.error).toEqual(reference.error)
          // Frozen wherever immer's is. (Neither freezes the items of an array zod's readonly() froze in a payload:
          // the kernel's deepFreeze skips a frozen array.)
          const loose = new Set(unfrozen(reference.after))
          expect(unfrozen(step.after).filter((path) => !loose.has(path))).toEqual([])
          // Every branch immer's fold kept, this one keeps (it may keep more: immer replaces an object a found draft was
          // assigned into, even when the value found is the one it held).
          const immerReplaced = new Set(replaced(reference.before, reference.after))
          expect(replaced(step.before, step.after).filter((path) => !immerReplaced.has(path))).toEqual([])
        })
      }),
      { numRuns: 300 },
    )
  })

  it('keeps the very same state for an event that changes nothing', () => {
    const reduction = createReduction([], initialCoreState, [corePlugin])
    const at = (seq: number) => ({ seq, at: 1_000 })
    let state = reduction.initialState
    for (const input of [
      { type: 'modal/closed', payload: {} },
      { type: 'page/visibilityChanged', payload: { visible: true } },
      { type: 'connection/deepLinkChosen', payload: { link: null } },
      { type: 'account/balanceFailed', ns: 'eip155', payload: {} },
    ] as LatchEvent[]) {
      const accepted = reduction.accept(input)
      if (!accepted.ok) throw new Error(accepted.reason)
      const next = reduction.reduce(state, deepFreeze({ ...accepted.logged, meta: at(1) } as Logged)).state
      expect(next, input.type).toBe(state)
      state = next
    }
  })
})
