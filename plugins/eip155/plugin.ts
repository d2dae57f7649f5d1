import { castDraft } from 'immer'
import { filter, merge, NEVER, finalize } from 'rxjs'
import { definePlugin, recordWith, walletCancelRequested, type Effect } from '../../kernel/index'
import { loadBalance } from './balance'
import { answerConnect } from './connect'
import { answerDisconnect } from './disconnect'
import { discoverConnectors } from './discover'
import { eip155Events, type Eip155State } from './events'
import { answerGetCapabilities } from './get-capabilities'
import { watchProvider } from './provider-events'
import { reconnect } from './reconnect'
import { createRegistry } from './registry'
import { answerSendTransaction } from './send-transaction'
import { answerSignMessage } from './sign-message'
import { answerSwitchNetwork } from './switch-network'
import { eip155TransportEvents } from './transport-events'
import { createTransports } from './transports'
import { createWalletRequests } from './wallet-requests'
import { answerWalletRpc } from './wallet-rpc'

/**
 * Options of the eip155 plugin. Networks are not among them: they are given to
 * `createLatch({ networks })` and so recorded in the log, which keeps replay exact.
 */
export type Eip155Options = Record<string, never>

// Everything with a lifetime (discovered providers, listeners) is created here, once per kernel.
const effect: Effect = (events$, ctx) => {
  const registry = createRegistry()
  const requests = createWalletRequests(ctx.ports.scheduler)
  const transports = createTransports(ctx)
  // Emits nothing: a connection change fails the requests bound to the old one, a cancel all of them.
  const settleRequests = events$.pipe(
    filter((event) => {
      if (event.ns !== 'eip155') return false
      if (event.type === 'account/connected' || event.type === 'account/disconnected') requests.connectionChanged()
      // The visitor cancelled or rejected: pending requests fail, except a dapp's read-only ones (docs/behaviour.md, "Wallet requests").
      else if (walletCancelRequested.match(event)) requests.abort('the visitor cancelled')
      return false
    }),
  )
  return merge(
    settleRequests,
    discoverConnectors(ctx.ports.window, registry, ctx.ports.logger),
    reconnect(events$, ctx, registry, requests),
    answerConnect(events$, ctx, registry, requests),
    answerDisconnect(events$, ctx, registry, requests),
    answerSwitchNetwork(events$, ctx, registry, requests),
    answerSignMessage(events$, ctx, registry, requests),
    answerSendTransaction(events$, ctx, registry, requests),
    answerGetCapabilities(events$, ctx, registry, requests),
    answerWalletRpc(events$, ctx, registry, requests),
    watchProvider(ctx, registry),
    loadBalance(events$, ctx, transports),
    // Emits nothing: when the instance is destroyed, the RPC ranking stops.
    NEVER.pipe(finalize(() => transports.dispose())),
  )
}

/** The EVM chain family: EIP-6963 and injected wallets, connect, switch/add chain, sign, typed data, send, calls, permissions, any other allowed request, capabilities, native balance. */
export function eip155(_options: Eip155Options = {}) {
  const initial: Eip155State = { capabilities: {} }
  return definePlugin({
    name: 'eip155',
    namespaces: ['eip155'],
    events: [...eip155Events, ...eip155TransportEvents],
    slices: { eip155: initial },
    reduce: {
      'eip155/capabilitiesSucceeded'(draft, { payload }) {
        if (!draft.eip155 || Object.keys(payload.capabilities).length === 0) return
        draft.eip155.capabilities = castDraft(recordWith(draft.eip155.capabilities, payload.address.toLowerCase(), payload.capabilities))
      },
    },
    effects: [effect],
  })
}
