import * as z from 'zod/mini'
import { constants, definePlugin, LatchError } from '../../kernel/index'
import { recordWith } from '../../kernel/rules/record'
import { patch } from '../../kernel/core/slices/slice'
import { eip155Events } from './events'
import { merge } from 'rxjs/internal/observable/merge'
import { chunk, familyEffectAtStart } from '../../kernel/family/lazy'
import { discoverConnectors } from './discover'
import { createRegistry } from './registry'
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
    update: {
      ...pendingReducers,
      'eip155/capabilitiesSucceeded'(state, { payload }) {
        if (!state.eip155 || Object.keys(payload.capabilities).length === 0) return state
        return patch(state, { eip155: patch(state.eip155, { capabilities: recordWith(state.eip155.capabilities, payload.address.toLowerCase(), payload.capabilities) }) })
      },
    },
    // Its effect loads as the instance starts (docs/behaviour.md, "What loads when").
    effects: [
      (events$, ctx) => {
        // Discovery runs at once: the installed wallets are what a visitor's first click shows; the registry it fills is
        // handed to the rest, which loads as the instance starts.
        const registry = createRegistry()
        return merge(
          discoverConnectors(ctx.ports.window, registry, ctx.ports.logger),
          familyEffectAtStart('eip155', effectCode, (code) => code.effectWith(settings, registry))(events$, ctx),
        )
      },
    ],
  })
}
