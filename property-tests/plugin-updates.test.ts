/**
 * The first-party plugins' reducers and the stored values' hydrates are immutable updates, not immer drafts (issue 27:
 * immer left every dapp's first load). These properties hold them to the draft versions they replaced
 * (property-tests/immer-plugin-reducers.ts): on any sequence of events of the eip155 (pending transfers, capabilities),
 * api (wallet list, activity transactions), names, swap, solana, walletconnect and siwx plugins, mixed with core events, the
 * states are equal, frozen wherever immer's are, and keep every branch immer's keep; and `storage/hydrated`, with any
 * stored values, gives the state the draft hydrates and the kernel's draft reconnection rule gave.
 */
import fc from 'fast-check'
import { produce } from 'immer'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { chainNamespaces, type ChainNamespace, type LatchEvent, type Logged, type Plugin, type State } from 'latch'
import { drafts, type Reducers } from 'latch/immer'
import { eip155 } from 'latch/plugins/eip155'
import { api } from 'latch/plugins/api'
import { names } from 'latch/plugins/names'
import { swap } from 'latch/plugins/swap'
import { solana } from 'latch/plugins/solana'
import { walletConnect } from 'latch/plugins/walletconnect'
import { siwx } from 'latch/plugins/siwx'
import { corePlugin } from '../kernel/core/plugin'
import { initialCoreState } from '../kernel/core/state'
import { createReduction, deepFreeze } from '../kernel/engine/reducer'
import { coreEventArb, namespaceArb, networks } from './arbitraries'
import {
  immerEip155Reducers,
  immerHydrates,
  immerNamesReducers,
  immerSettleReconnection,
  immerSiwxReducers,
  immerSolanaReducers,
  immerSwapReducers,
  immerTransactionsReducers,
  immerAlertsReducers,
  immerWalletConnectReducers,
  immerWalletListReducers,
} from './immer-plugin-reducers'

const runs = { numRuns: 200 }

const plugins: readonly Plugin[] = [
  eip155(),
  api(),
  names({ baseUrl: 'http://127.0.0.1:9', zone: 'latch.id' }),
  swap({ baseUrl: 'http://127.0.0.1:9' }),
  solana(),
  walletConnect({ projectId: 'p' }),
  siwx(),
]
const references: Record<string, Reducers> = {
  eip155: immerEip155Reducers,
  api: { ...immerWalletListReducers, ...immerTransactionsReducers, ...immerAlertsReducers },
  names: immerNamesReducers,
  swap: immerSwapReducers,
  solana: immerSolanaReducers,
  walletconnect: immerWalletConnectReducers,
  siwx: immerSiwxReducers,
}
const drafted: readonly Plugin[] = plugins.map((plugin) => {
  const reference = references[plugin.name]
  if (!reference) throw new Error(`no draft reference for ${plugin.name}`)
  return { ...plugin, update: drafts(reference) }
})

const hashArb = fc.constantFrom('0x' + 'a'.repeat(64), '0x' + 'b'.repeat(64), '0x' + 'c'.repeat(64))
const evmAddress = '0xAbC0000000000000000000000000000000000001'
const evmCaip = `eip155:1:${evmAddress}`
const solanaCaip = 'solana:1:So11111111111111111111111111111111111111112'
const listingArb = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd'), name: fc.constantFrom('A', 'B') })
const errorData = { code: 'FETCH_TRANSACTIONS_FAILED', shortMessage: 'Failed to fetch transactions' }
const transactionArb = fc.record({
  id: hashArb,
  metadata: fc.record({
    minedAt: fc.constant('2026-03-14T09:26:53Z'),
    chain: fc.constantFrom('eip155:1', 'eip155:2'),
    status: fc.constantFrom('confirmed', 'pending', 'failed'),
    operationType: fc.constantFrom('send', 'receive'),
    sentFrom: fc.constant('0x1'),
    sentTo: fc.constant('0x2'),
  }),
  transfers: fc.constant([]),
})
const cursorArb = fc.constantFrom('c1', 'c2', 'c3')
const tokenArb = fc.record({
  name: fc.constantFrom('USD Coin', 'Bonk'),
  symbol: fc.constantFrom('USDC', 'BONK'),
  chainId: fc.constant('solana:1'),
  address: fc.constantFrom('EPjF', 'DezX'),
  quantity: fc.record({ decimals: fc.constantFrom('6', '5'), numeric: fc.constantFrom('1', '2.5') }),
})
const siwxAccountArb = fc.record({ ns: fc.constantFrom('eip155', 'solana'), address: fc.constantFrom(evmAddress, 'So1'), chainId: fc.constantFrom('eip155:1', 'solana:1') })
const sessionArb = siwxAccountArb.chain((account) => fc.record({ issuedAt: fc.constant('2026-01-01T00:00:00Z') }).map((rest) => ({ ...account, ...rest })))
const nameArb = fc.constantFrom('', ' ', 'alice', 'alice.latch.id', 'bob.latch.id')

const pluginEventArb: fc.Arbitrary<LatchEvent> = fc.oneof(
  // eip155
  hashArb.map((hash) => ({ type: 'eip155/transferSent', ns: 'eip155', payload: { hash } })),
  fc.tuple(hashArb, fc.constantFrom('success', 'reverted')).map(([hash, status]) => ({ type: 'eip155/receiptReceived', ns: 'eip155', payload: { hash, caipAddress: evmCaip, status, blockNumber: 1 } })),
  fc.tuple(fc.constantFrom(evmAddress, '0xdef'), fc.constantFrom({}, { '0x1': { atomic: { status: 'supported' } } })).map(([address, capabilities]) => ({
    type: 'eip155/capabilitiesSucceeded',
    ns: 'eip155',
    requestId: 'r1',
    payload: { address, capabilities },
  })),
  // api: the wallet list
  fc.integer({ min: 1, max: 3 }).map((page) => ({ type: 'walletList/pageRequested', payload: { page } })),
  fc.tuple(fc.integer({ min: 1, max: 3 }), fc.array(listingArb, { maxLength: 4 }), fc.nat(10)).map(([page, listings, count]) => ({ type: 'walletList/pageReceived', payload: { page, listings, count } })),
  fc.array(listingArb, { maxLength: 3 }).map((listings) => ({ type: 'walletList/featuredReceived', payload: { listings } })),
  fc.constant({ type: 'walletList/failed', payload: { error: errorData } }),
  fc.constantFrom('', ' ', 'me', 'met').map((query) => ({ type: 'walletList/searchRequested', payload: { query } })),
  fc.tuple(fc.constantFrom('', 'me', 'met'), fc.array(listingArb, { maxLength: 3 })).map(([query, results]) => ({ type: 'walletList/searchReceived', payload: { query, results } })),
  fc.constantFrom('me', 'met').map((query) => ({ type: 'walletList/searchFailed', payload: { query, error: errorData } })),
  // api: the alerts
  fc.constantFrom('ORIGIN_NOT_ALLOWED', 'RATE_LIMITED', 'SERVER_ERROR').map((id) => ({ type: 'alerts/raised', payload: { id } })),
  fc.constant({ type: 'alerts/dismissed', payload: {} }),
  // api: the activity transactions
  fc.tuple(fc.option(fc.constantFrom(evmCaip, 'eip155:2:0xdef'), { nil: undefined }), fc.option(fc.boolean(), { nil: undefined })).map(([caipAddress, more]) => ({
    type: 'transactions/fetchRequested',
    payload: { ...(caipAddress ? { caipAddress } : {}), ...(more === undefined ? {} : { more }) },
  })),
  fc
    .tuple(fc.constantFrom(evmCaip, 'eip155:2:0xdef'), fc.constantFrom('provider', 'browser'), fc.option(cursorArb, { nil: undefined }), fc.array(transactionArb, { maxLength: 3 }), fc.option(cursorArb, { nil: undefined }))
    .map(([caipAddress, source, cursor, transactions, next]) => ({
      type: 'transactions/fetchSucceeded',
      payload: { caipAddress, caipNetworkId: 'eip155:1', source, ...(cursor ? { cursor } : {}), transactions, ...(next ? { next } : {}) },
    })),
  fc.option(fc.constantFrom(evmCaip, 'eip155:2:0xdef'), { nil: undefined }).map((caipAddress) => ({ type: 'transactions/fetchFailed', payload: { ...(caipAddress ? { caipAddress } : {}), error: errorData } })),
  fc.tuple(fc.constantFrom(evmAddress, evmAddress.toLowerCase(), '0xdef'), transactionArb).map(([address, transaction]) => ({ type: 'transactions/sentRecorded', payload: { address, transaction } })),
  fc.tuple(hashArb, fc.constantFrom('confirmed', 'failed')).map(([hash, status]) => ({ type: 'transactions/sentSettled', payload: { hash, status } })),
  // names
  nameArb.map((name) => ({ type: 'names/suggestionsRequested', payload: { name } })),
  fc.tuple(fc.constantFrom('alice', 'alice.latch.id'), fc.array(fc.record({ name: fc.constantFrom('alice.latch.id', 'alice1.latch.id'), registered: fc.boolean() }), { maxLength: 2 })).map(([name, suggestions]) => ({
    type: 'names/suggestionsSucceeded',
    payload: { name, suggestions },
  })),
  fc.constantFrom('alice', 'bob.latch.id').map((name) => ({ type: 'names/suggestionsFailed', payload: { name, error: { code: 'NAME_SUGGESTIONS_FAILED', shortMessage: 'x' } } })),
  fc.constantFrom('alice', 'bob').map((name) => ({ type: 'names/registrationRequested', payload: { name } })),
  fc.tuple(fc.constantFrom('alice.latch.id', 'bob.latch.id'), fc.constantFrom(evmCaip, evmCaip.toLowerCase())).map(([name, caipAddress]) => ({ type: 'names/registrationSucceeded', payload: { name, caipAddress } })),
  fc.constant({ type: 'names/registrationFailed', payload: { error: { code: 'NAME_REGISTRATION_FAILED', shortMessage: 'x' } } }),
  fc.tuple(fc.constantFrom(evmCaip, 'eip155:1:0xdef'), fc.array(fc.constantFrom('alice.latch.id', 'bob.latch.id'), { maxLength: 2 })).map(([caipAddress, owned]) => ({ type: 'names/ownedLoaded', payload: { caipAddress, names: owned } })),
  // swap
  fc.constant({ type: 'swap/quoteRequested', payload: { from: `eip155:1:${evmAddress}`, to: `eip155:1:${evmAddress.replace('1', '2')}`, amount: '1000', userAddress: evmCaip } }),
  fc.constant({ type: 'swap/quoteSucceeded', payload: { from: evmCaip, to: evmCaip, fromAmount: '1', toAmount: '2', providerFee: '0', allowance: '0', gasPrice: '1' } }),
  fc.constant({ type: 'swap/quoteFailed', payload: { error: { code: 'SWAP_QUOTE_FAILED', shortMessage: 'x' } } }),
  fc.constant({ type: 'swap/swapRequested', payload: { from: evmCaip, to: evmCaip, amount: '1', userAddress: evmCaip, slippage: 100, minimum: '1', symbol: 'ETH' } }),
  hashArb.map((hash) => ({ type: 'swap/approvalSent', payload: { hash } })),
  hashArb.map((hash) => ({ type: 'swap/approvalConfirmed', payload: { hash } })),
  hashArb.map((hash) => ({ type: 'swap/swapSent', payload: { hash } })),
  hashArb.map((hash) => ({ type: 'swap/swapSucceeded', payload: { hash, toAmountMin: '1' } })),
  fc.constant({ type: 'swap/swapFailed', payload: { error: { code: 'SWAP_PRICE_MOVED', shortMessage: 'x' } } }),
  // solana
  fc.tuple(fc.constantFrom(solanaCaip, 'solana:2:So11111111111111111111111111111111111111112'), fc.array(tokenArb, { maxLength: 2 })).map(([caipAddress, balances]) => ({
    type: 'solana/tokenBalancesUpdated',
    ns: 'solana',
    payload: { caipAddress, balances },
  })),
  fc.constantFrom(solanaCaip, 'solana:2:So11111111111111111111111111111111111111112').map((caipAddress) => ({ type: 'solana/tokenBalancesFailed', ns: 'solana', payload: { caipAddress, error: { code: 'TOKEN_BALANCE_UNAVAILABLE', shortMessage: 'x' } } })),
  solanaConnectedArb(),
  // walletconnect
  fc.nat(5).map((n) => ({ type: 'walletconnect/uriShown', payload: { uri: 'wc:abc@2', expiresAt: 1_000 * n } })),
  fc.constantFrom('expired', 'used', 'cancelled', 'failed').map((reason) => ({ type: 'walletconnect/pairingEnded', payload: { reason } })),
  // siwx
  fc.array(sessionArb, { maxLength: 2 }).map((sessions) => ({ type: 'siwx/sessionsLoaded', payload: { sessions } })),
  siwxAccountArb.map((account) => ({ type: 'siwx/signInNeeded', payload: { account } })),
  fc.constant({ type: 'siwx/signInRequested', payload: {} }),
  sessionArb.map((session) => ({ type: 'siwx/signInSucceeded', payload: { session } })),
  fc.constant({ type: 'siwx/signInFailed', payload: { error: { code: 'SIWX_FAILED', shortMessage: 'x' } } }),
  fc.constant({ type: 'siwx/signInCancelled', payload: {} }),
  fc.tuple(siwxAccountArb, fc.constantFrom('disconnected', 'expired', 'signedOut')).map(([account, reason]) => ({ type: 'siwx/signedOut', payload: { account, reason } })),
  namespaceArb.map((ns) => ({ type: 'account/disconnected', ns, payload: {} })),
) as fc.Arbitrary<LatchEvent>

function solanaConnectedArb(): fc.Arbitrary<LatchEvent> {
  return fc.constant({ type: 'account/connected', ns: 'solana', payload: { caipAddress: solanaCaip, connectorId: 'phantom' } } as LatchEvent)
}

const eventArb = fc.oneof({ arbitrary: pluginEventArb, weight: 4 }, { arbitrary: coreEventArb.filter((event) => !event.type.startsWith('secret/')), weight: 1 })

/** The paths in `value` that are not frozen. */
function unfrozen(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return []
  if (!Object.isFrozen(value)) return [path || '(root)']
  return Object.entries(value).flatMap(([key, inner]) => unfrozen(inner, `${path}.${key}`))
}

/** The paths where `after` differs in identity from `before`, down to where one of them is no object. */
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

function fold(list: readonly Plugin[], events: readonly LatchEvent[]) {
  const reduction = createReduction(list, initialCoreState, [corePlugin])
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

describe("the first-party plugins' reducers without immer", () => {
  it('have a draft reference for every reducer, and no more', () => {
    // The same keys: a reducer left out of either side would go unchecked.
    for (const plugin of plugins) expect(Object.keys(plugin.update ?? {}).sort(), plugin.name).toEqual(Object.keys(references[plugin.name] ?? {}).sort())
  })

  it('fold any event sequence to the state the draft reducers made, frozen, sharing the same branches', () => {
    const configure: LatchEvent = { type: 'latch/configured', payload: { networks: [...networks] } }
    fc.assert(
      fc.property(fc.array(eventArb, { minLength: 1, maxLength: 60 }), (events) => {
        const all = [configure, ...events]
        const plain = fold(plugins, all)
        const reference = fold(drafted, all)
        plain.forEach((step, i) => {
          const immer = reference[i]!
          expect(step.after).toEqual(immer.after)
          expect(step.error).toEqual(immer.error)
          const loose = new Set(unfrozen(immer.after))
          expect(unfrozen(step.after).filter((path) => !loose.has(path))).toEqual([])
          const immerReplaced = new Set(replaced(immer.before, immer.after))
          expect(replaced(step.before, step.after).filter((path) => !immerReplaced.has(path))).toEqual([])
        })
      }),
      runs,
    )
  })
})

// Stored values: valid ones of every item, some invalid (skipped by both), each key present or not.
const ids = networks.map((n) => n.caipNetworkId)
const storedArb = fc.record(
  {
    recentWallets: fc.array(listingArb, { maxLength: 4 }),
    activeNamespace: fc.oneof(namespaceArb, fc.constant('nope')),
    lastUsedChain: fc.constantFrom(...ids, 'eip155:999'),
    activeCaipNetworkId: fc.constantFrom(...ids, 'solana:999'),
    ...Object.fromEntries(chainNamespaces.map((ns) => [`connectedConnectorId/${ns}`, fc.constantFrom('io.metamask', 'phantom', '')])),
    connectionStatus: fc.constantFrom('disconnected', 'connecting', 'connected', 'reconnecting'),
    connectedNamespaces: fc.array(namespaceArb, { maxLength: 2 }),
    preferredAccountTypes: fc.dictionary(namespaceArb, fc.constantFrom('eoa', 'smartAccount', 'payment')),
    disconnectedConnectorIds: fc.dictionary(namespaceArb, fc.array(fc.constantFrom('io.metamask', 'phantom'), { maxLength: 3 })),
    walletDeepLink: fc.constant({ href: 'https://w.example/wc', name: 'W' }),
    'transactions/sent': fc.dictionary(fc.constantFrom(evmAddress.toLowerCase(), '0xdef'), fc.array(transactionArb, { maxLength: 2 })),
  } as Record<string, fc.Arbitrary<unknown>>,
  { requiredKeys: [] },
)

describe('storage/hydrated without immer', () => {
  it('gives the state the draft hydrates and the draft reconnection rule gave, frozen, for any stored values and claimed families', () => {
    const configure: LatchEvent = { type: 'latch/configured', payload: { networks: [...networks] } }
    fc.assert(
      fc.property(fc.array(coreEventArb.filter((event) => !event.type.startsWith('secret/')), { maxLength: 15 }), storedArb, fc.subarray([...chainNamespaces]), (events, values, claimed) => {
        const families = claimed.map((ns) => ({ name: `family-${ns}`, namespaces: [ns] }) satisfies Plugin)
        const reduction = createReduction([api(), ...families], initialCoreState, [corePlugin])
        let state = reduction.initialState
        ;[configure, ...events].forEach((input, seq) => {
          const accepted = reduction.accept(input)
          if (!accepted.ok) throw new Error(accepted.reason)
          state = reduction.reduce(state, deepFreeze({ ...accepted.logged, meta: { seq, at: 1_000 } } as Logged)).state
        })
        const hydrated = deepFreeze({ type: 'storage/hydrated', payload: { values }, meta: { seq: 99, at: 2_000 } } as Logged)
        const { state: next, error } = reduction.reduce(state, hydrated)
        expect(error).toBeUndefined()
        // The kernel's handler as it was: every item's draft hydrate in plugin order, then the reconnection rule, in one draft.
        const items = reduction.plugins.flatMap((plugin) => plugin.persist ?? [])
        const owned = new Set<ChainNamespace>(reduction.plugins.flatMap((plugin) => plugin.namespaces ?? []))
        const expected = produce(state, (draft) => {
          for (const item of items) {
            if (!Object.hasOwn(values, item.key)) continue
            const parsed = z.safeParse(item.schema, values[item.key])
            const hydrate = immerHydrates[item.key]
            if (!hydrate) throw new Error(`no draft reference for the stored item ${item.key}`)
            if (parsed.success) hydrate(draft, parsed.data)
          }
          immerSettleReconnection(draft, owned)
        })
        expect(next).toEqual(expected)
        expect(unfrozen(next)).toEqual([])
        // Nothing stored that changes anything: the very same state.
        if (expected === state) expect(next).toBe(state)
        const immerReplaced = new Set(replaced(state, expected))
        expect(replaced(state, next).filter((path) => !immerReplaced.has(path))).toEqual([])
      }),
      runs,
    )
  })
})
