import { castDraft } from 'immer'
import * as z from 'zod/mini'
import {
  constants,
  definePlugin,
  LatchError,
  recordWith,
  walletConnectRequested,
  type Effect,
  type Logged,
} from '../../kernel/index'
import { eip155Events } from './events'
import { chunk, failIntent, whenNeeded } from '../../kernel/family/lazy'
import type { Settings } from './effect'
import { initialEip155State, pendingReducers } from './pending'
import { readTokenList, type TokenListEntry } from './tokens/options'
import { eip155TransportEvents } from './transport-events'
import { eip155Errors } from './error-codes'

/**
 * Options of the eip155 plugin. Networks are not among them: they are given to
 * `createLatch({ networks })` and so recorded in the log, which keeps replay exact.
 */
export type Eip155Options = {
  /**
   * ERC-20 tokens whose balances Latch reads from the chain (Multicall3) when no provider API serves
   * them (docs/networks.md, "Token list"). Without it, and without a provider API, no token balance is read.
   */
  tokens?: readonly TokenListEntry[]
  /** Milliseconds between two reads of a balance that is shown (default 4,000; at least 1,000). docs/behaviour.md, "Balance refresh". */
  pollingInterval?: number
}

const pollingIntervalSchema = z.number().check(z.int(), z.gte(1_000))

const effectCode = chunk(() => import('./effect'))

/** The eip155 intents its effect answers: a wallet or network intent of the family, or one of its own. */
const owned = (event: Logged) => event.ns === 'eip155' && event.type.endsWith('Requested') && /^(wallet|network|eip155)\//.test(event.type)

/**
 * The plugin's effect (effect.ts) loads with `import()` as the instance starts, so a dapp's first load holds only what
 * renders before it (docs/behaviour.md, "What loads when"): the events dispatched meanwhile are handed to it in order once
 * it has loaded. If it cannot load, the eip155 intents kept fail with `NETWORK_ERROR` (a connect to a connector another
 * plugin listed excepted: that plugin answers it), and the next one tries again.
 */
const lazyEffect = (settings: Settings): Effect => (events$, ctx) =>
  whenNeeded(events$, ctx, {
    name: 'eip155',
    wanted: owned,
    now: () => true,
    chunk: effectCode,
    run: (code, events$, ctx) => code.effectWith(settings)(events$, ctx),
    failed: ({ event, state }, cause) =>
      walletConnectRequested.match(event) && state.connectors.list.some((c) => c.id === event.payload.connectorId && c.chain === 'eip155') ? [] : failIntent(event, cause),
  })

/** The plugin's code loaded later, by what it answers: `load()` them to have it at once (tests do). */
export const lazyCode = { effect: effectCode }

function readOptions(options: Eip155Options): Settings {
  const lists = readTokenList(options.tokens ?? [])
  const pollingInterval = options.pollingInterval ?? constants.balancePollingInterval
  if (!z.safeParse(pollingIntervalSchema, pollingInterval).success) {
    throw new LatchError('INVALID_OPTIONS', { details: `eip155: pollingInterval must be a whole number of milliseconds, at least 1000 (got ${String(pollingInterval).slice(0, 40)})` })
  }
  return { lists, pollingInterval }
}

/**
 * The EVM chain family: EIP-6963 and injected wallets, connect, switch/add chain, sign, typed data, send, calls,
 * permissions, any other allowed request, capabilities, native and token balances. Throws `INVALID_OPTIONS` on a bad token list or polling interval.
 */
export function eip155(options: Eip155Options = {}) {
  const settings = readOptions(options)
  return definePlugin({
    name: 'eip155',
    errors: eip155Errors,
    namespaces: ['eip155'],
    events: [...eip155Events, ...eip155TransportEvents],
    slices: { eip155: initialEip155State() },
    reduce: {
      ...pendingReducers,
      'eip155/capabilitiesSucceeded'(draft, { payload }) {
        if (!draft.eip155 || Object.keys(payload.capabilities).length === 0) return
        draft.eip155.capabilities = castDraft(recordWith(draft.eip155.capabilities, payload.address.toLowerCase(), payload.capabilities))
      },
    },
    effects: [lazyEffect(settings)],
  })
}
