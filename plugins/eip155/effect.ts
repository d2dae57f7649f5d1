/**
 * The eip155 plugin's effect (docs/behaviour.md, "What loads when"): discovery of wallets, reconnect, wallet requests,
 * balances, receipts, names and fee estimates. plugin.ts loads it with `import()` as the instance starts, so none of it
 * is in a dapp's first load; what each part loads later on demand is said beside it.
 */
import { EMPTY, merge, Observable } from 'rxjs'
import {
  balanceTokensRequested,
  LatchError,
  modalOpened,
  networkSwitchRequested,
  storageHydrated,
  walletConnectRequested,
  walletSignMessageRequested,
  walletSendTransactionRequested,
  walletSendTransactionSucceeded,
  walletRpcFailed,
  walletRpcRequested,
  type Effect,
  type EffectContext,
  type LatchEvent,
  type Logged,
} from '../../kernel/index'
import { nativeBalanceTriggers } from './balance-events'
import { answerDisconnect } from './disconnect'
import { eip155CapabilitiesRequested, eip155FeeEstimateFailed, eip155FeeEstimateRequested, eip155NameFailed, eip155NameRequested } from './events'
import { watchProvider } from './provider-events'
import { reconnect } from './reconnect'
import { failIntent, whenNeeded, type Chunk } from '../../kernel/family/lazy'
// Through the door (docs/chunks.md): reached from the first load too, shared.ts joins the chunk of what it re-exports,
// so a lazily loaded module needs no file beyond the first load's.
import { chunk } from './shared'
import { universalResolverOf } from './network-params'
import type { Registry } from './registry'
import { isForeignConnector } from './session'
import type { TokenLists } from './token-balances'
import { createWalletRequests, type WalletRequests } from './wallet-requests'
import { settleWalletCalls } from '../../kernel/family/wallet-calls'

/** What the plugin's options become (plugin.ts, readOptions). */
export type Settings = { lists: TokenLists; pollingInterval: number }


// Everything with a lifetime (discovered providers, listeners) is created here, once per kernel.
export const effectWith = ({ lists, pollingInterval }: Settings, registry: Registry): Effect => (events$, ctx) => {
  const requests = createWalletRequests(ctx.ports.scheduler)
  // A connection change fails the requests bound to the old one; a cancel all but a dapp's read-only ones.
  const settleRequests = settleWalletCalls(events$, 'eip155', requests)
  return merge(
    settleRequests,
    reconnect(events$, ctx, registry, requests),
    walletRequests(events$, ctx, registry, requests),
    fetchWhenIdle(ctx),
    answerDisconnect(events$, ctx, registry, requests),
    walletRpc(events$, ctx, registry, requests),
    watchProvider(ctx, registry),
    nativeBalance(events$, ctx, pollingInterval),
    receipts(events$, ctx, pollingInterval),
    tokenBalances(events$, ctx, lists, pollingInterval),
    names(events$, ctx),
    feeEstimates(events$, ctx),
  )
}

const requestsCode = chunk(() => import('./requests'))

/** The intents requests.ts answers. */
const requestIntents = [walletConnectRequested, networkSwitchRequested, walletSignMessageRequested, walletSendTransactionRequested, eip155CapabilitiesRequested]

/**
 * docs/behaviour.md, "What loads when": what is asked of the wallet after a click (connect, switch network, sign,
 * send, capabilities; requests.ts) loads on demand. Its import starts when the browser is first idle (fetchWhenIdle),
 * or earlier when a stored connection is restored or the modal opens, so it has arrived before a visitor's click; an intent dispatched
 * while it loads is answered once it has, from the state it was dispatched in, and fails if the visitor cancelled or
 * the connection changed meanwhile. If it cannot be loaded, the intents kept fail with `NETWORK_ERROR` (a connect
 * to a wallet another plugin lists excepted: that plugin answers it).
 */
/**
 * Fetches requests.ts once the browser is first idle after the instance starts (as LatchProvider preloads the modal:
 * `requestIdleCallback` with a 1,500 ms timeout, else a timer), so a visitor's first click finds it loaded; nothing on a
 * server. A failed fetch is left to the first intent, which tries again and is answered.
 */
const fetchWhenIdle = (ctx: EffectContext) =>
  new Observable<never>(() => {
    const win = ctx.ports.window
    if (!win) return undefined
    const fetchCode = () => void requestsCode.load().catch(() => undefined)
    if (typeof win.requestIdleCallback === 'function') {
      const handle = win.requestIdleCallback(fetchCode, { timeout: 1_500 })
      return () => win.cancelIdleCallback(handle)
    }
    const scheduled = ctx.ports.scheduler.schedule(fetchCode, 1)
    return () => scheduled.unsubscribe()
  })

const walletRequests = (events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests) =>
  whenNeeded(events$, ctx, {
    wanted: (event) => event.ns === 'eip155' && requestIntents.some((intent) => intent.match(event)),
    // A stored connection being restored, or the modal opening, start it at once if the idle moment has not come yet.
    prefetch: (event) => storageHydrated.match(event) || modalOpened.match(event),
    chunk: requestsCode,
    note: () => requests.since(),
    release: (since) => since.release(),
    run: (code, events$, ctx, kept) => code.answerRequests(events$, ctx, registry, { ...requests, request: (...request) => (kept()?.note ?? requests).request(...request) }),
    failed: ({ event, state }, cause): LatchEvent[] => {
      ctx.ports.logger.warn('eip155: the code of wallet requests could not be loaded', cause)
      const connectorId = walletConnectRequested.match(event) ? event.payload.connectorId : undefined
      if (connectorId !== undefined && !registry.get(connectorId) && isForeignConnector(state, registry, connectorId)) return []
      return failIntent(event, cause)
    },
  })

const namesCode = chunk(() => import('./names'))

/**
 * docs/behaviour.md, "Names" and "What loads when": the name lookups (names.ts) load the first time an account
 * connects on a network with a universal resolver, or a name is asked for; a dapp whose networks have none never
 * downloads them. If they cannot be loaded, a name asked for meanwhile fails with `NAME_RESOLUTION_FAILED`.
 */
const names = (events$: Observable<Logged>, ctx: EffectContext) =>
  whenNeeded(events$, ctx, {
    wanted: (event) =>
      event.ns === 'eip155' &&
      (eip155NameRequested.match(event) || (nativeBalanceTriggers.includes(event.type) && universalResolverOf(ctx.getState().chains.eip155.network.caipNetwork) !== undefined)),
    chunk: namesCode,
    run: (code, events$, ctx) => code.watchNames(events$, ctx),
    failed: ({ event }, cause): LatchEvent[] => {
      if (!eip155NameRequested.match(event)) return (ctx.ports.logger.warn('name lookups unavailable: their code could not be loaded', cause), [])
      const error = new LatchError('NAME_RESOLUTION_FAILED', { details: 'the code of name lookups could not be loaded', cause })
      return [eip155NameFailed({ error: error.toData() }, event.requestId === undefined ? { ns: 'eip155' } : { ns: 'eip155', requestId: event.requestId })]
    },
  })

const feeEstimateCode = chunk(() => import('./fee-estimate'))

/**
 * docs/behaviour.md, "Send" and "What loads when": fee estimates (fee-estimate.ts) load on the first one asked for.
 * If they cannot be loaded, the estimates asked meanwhile fail with `NETWORK_ERROR`.
 */
const feeEstimates = (events$: Observable<Logged>, ctx: EffectContext) =>
  whenNeeded(events$, ctx, {
    wanted: (event) => eip155FeeEstimateRequested.match(event) && event.ns === 'eip155',
    chunk: feeEstimateCode,
    run: (code, events$, ctx) => code.answerFeeEstimates(events$, ctx),
    failed: ({ event }, cause): LatchEvent[] => {
      const error = new LatchError('NETWORK_ERROR', { details: 'the code of fee estimates could not be loaded', cause })
      return [eip155FeeEstimateFailed({ error: error.toData() }, event.requestId === undefined ? { ns: 'eip155' } : { ns: 'eip155', requestId: event.requestId })]
    },
  })

const walletRpcCode = chunk(() => import('./wallet-rpc'))

/**
 * docs/behaviour.md, "What loads when": the code that answers `wallet/rpcRequested` (the allowed methods, the
 * checks of parameters and answers) loads on the first one. One dispatched while it loads is answered once it has,
 * as it would have been at once: from the state it was dispatched in, and failing if the visitor cancelled or the
 * connection changed meanwhile. If it cannot be loaded, the requests kept fail with `NETWORK_ERROR`.
 */
const walletRpc = (events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests) =>
  whenNeeded(events$, ctx, {
    wanted: (event) => walletRpcRequested.match(event) && event.ns === 'eip155',
    chunk: walletRpcCode,
    note: () => requests.since(),
    release: (since) => since.release(),
    run: (code, events$, ctx, kept) =>
      code.answerWalletRpc(events$, ctx, registry, { ...requests, request: (...request) => (kept()?.note ?? requests).request(...request) }),
    failed: ({ event }, cause): LatchEvent[] => {
      const error = new LatchError('NETWORK_ERROR', { details: 'the code of wallet requests could not be loaded', cause })
      return [walletRpcFailed({ error: error.toData() }, event.requestId === undefined ? { ns: 'eip155' } : { ns: 'eip155', requestId: event.requestId })]
    },
  })

const balanceCode = chunk(() => import('./balance'))

/**
 * docs/behaviour.md, "What loads when": the native balance (balance.ts, its RPC transports) loads with the first
 * connection. Its import starts as soon as one is likely: the visitor picked a wallet, or a stored connection is
 * being restored after a reload. The connection events that come while it loads are read once it has, each from
 * the state it came in.
 */
const nativeBalance = (events$: Observable<Logged>, ctx: EffectContext, pollingInterval: number) =>
  whenNeeded(events$, ctx, {
    wanted: (event) => event.ns === 'eip155' && nativeBalanceTriggers.includes(event.type),
    prefetch: (event) =>
      (walletConnectRequested.match(event) && event.ns === 'eip155') || (storageHydrated.match(event) && ctx.getState().chains.eip155.reconnectConnectorId !== undefined),
    chunk: balanceCode,
    run: (code, events$, ctx) => code.watchNativeBalance(events$, ctx, pollingInterval),
    failed: (_kept, error) => (ctx.ports.logger.warn('native balance unavailable: its code could not be loaded', error), []),
  })

const receiptsCode = chunk(() => import('./receipts'))

/**
 * docs/behaviour.md, "What loads when": the receipt watch (receipts.ts) loads when the visitor's first
 * transaction through Latch is asked for; one sent while it loads is watched once it has, from the account it
 * was sent from. If it cannot be loaded, that transaction is not watched (a developer warning).
 */
const receipts = (events$: Observable<Logged>, ctx: EffectContext, pollingInterval: number) =>
  whenNeeded(events$, ctx, {
    wanted: (event) => walletSendTransactionSucceeded.match(event) && event.ns === 'eip155',
    // Asked for, the transaction waits on the visitor's wallet: time enough to load the watch.
    prefetch: (event) => walletSendTransactionRequested.match(event) && event.ns === 'eip155',
    chunk: receiptsCode,
    run: (code, events$, ctx) => code.watchReceipts(events$, ctx, pollingInterval),
    failed: (_kept, error) => (ctx.ports.logger.warn('eip155: the receipt watch could not be loaded', error), []),
  })

/**
 * docs/behaviour.md, "Token balances": their code loads (token-balances.ts, tokens/answer-chain.ts) once
 * someone can answer for EVM, a provider or a token list, so a dapp with neither never downloads it.
 * A `balance/tokensRequested` dispatched while it loads is kept and answered once it has (docs/plugins.md,
 * "Loading on demand"); if it cannot load, the kept ones the token lists would answer fail with `NETWORK_ERROR`.
 */
const tokenBalances = (...[events$, ctx, lists, pollingInterval]: [...Parameters<Effect>, TokenLists, number]) => {
  const answerable = (ctx: EffectContext) => lists.size > 0 || ctx.getState().balances.providerNamespaces.includes('eip155')
  return whenNeeded(events$, ctx, {
    name: 'eip155',
    wanted: (event) => lists.size > 0 && balanceTokensRequested.match(event) && event.ns === 'eip155',
    prefetch: (_event, ctx) => answerable(ctx),
    now: answerable,
    chunk: tokenCode(lists.size > 0),
    run: ([tokens, chain], events$, ctx) =>
      merge(chain ? chain.answerTokenBalances(events$, ctx, lists) : EMPTY, tokens.loadTokenBalances(events$, ctx, lists, pollingInterval)),
  })
}

const tokenBalancesCode = chunk(() => import('./token-balances'))
const answerChainCode = chunk(() => import('./tokens/answer-chain'))

/** The token balances' code, with the chain's answers when there are token lists to answer from. */
function tokenCode(withLists: boolean): Chunk<readonly [typeof import('./token-balances'), typeof import('./tokens/answer-chain') | undefined]> {
  return {
    loaded() {
      const tokens = tokenBalancesCode.loaded()
      const chain = answerChainCode.loaded()
      return tokens && (chain || !withLists) ? [tokens, withLists ? chain : undefined] : undefined
    },
    load: () => Promise.all([tokenBalancesCode.load(), withLists ? answerChainCode.load() : undefined]),
  }
}

/** The plugin's code loaded on first need, by what it answers: `load()` one to have it now (tests do). */
export const lazyCode = { requests: requestsCode, balance: balanceCode, receipts: receiptsCode, walletRpc: walletRpcCode, names: namesCode, feeEstimates: feeEstimateCode } as const

