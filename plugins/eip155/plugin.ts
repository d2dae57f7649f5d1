import { castDraft, type Draft } from 'immer'
import { merge } from 'rxjs'
import type { Chain } from 'viem'
import { definePlugin, LatchError, type CaipNetwork, type Effect, type State } from '../../kernel/index'
import { loadBalance } from './balance'
import { answerConnect } from './connect'
import { answerDisconnect } from './disconnect'
import { discoverConnectors } from './discover'
import { eip155Events, type Eip155State } from './events'
import { answerGetCapabilities } from './get-capabilities'
import { fromViemChain } from './networks'
import { watchProvider } from './provider-events'
import { reconnect } from './reconnect'
import { createRegistry } from './registry'
import { answerSendTransaction } from './send-transaction'
import { answerSignMessage } from './sign-message'
import { answerSwitchNetwork } from './switch-network'

/** Options of the eip155 plugin. */
export type Eip155Options = {
  /** EVM networks this plugin brings, besides those given to `createLatch` (Latch networks or viem chains). */
  networks?: readonly (CaipNetwork | Chain)[]
}

// Everything with a lifetime (discovered providers, listeners) is created here, once per kernel.
const effect: Effect = (events$, ctx) => {
  const registry = createRegistry()
  return merge(
    discoverConnectors(ctx.ports.window, registry),
    reconnect(events$, ctx, registry),
    answerConnect(events$, ctx, registry),
    answerDisconnect(events$, ctx, registry),
    answerSwitchNetwork(events$, ctx, registry),
    answerSignMessage(events$, ctx, registry),
    answerSendTransaction(events$, ctx, registry),
    answerGetCapabilities(events$, ctx, registry),
    watchProvider(ctx, registry),
    loadBalance(events$, ctx),
  )
}

/** The EVM chain family: EIP-6963 and injected wallets, connect, switch/add chain, sign, send, capabilities, native balance. */
export function eip155(options: Eip155Options = {}) {
  const networks = (options.networks ?? []).map((n) => ('caipNetworkId' in n ? n : fromViemChain(n)))
  const foreign = networks.find((n) => n.chainNamespace !== 'eip155' || !n.caipNetworkId.startsWith('eip155:'))
  if (foreign) throw new LatchError('INVALID_OPTIONS', { details: `eip155({ networks }): ${foreign.caipNetworkId} is not an EVM network` })
  const initial: Eip155State = { capabilities: {} }
  return definePlugin({
    name: 'eip155',
    events: eip155Events,
    slices: { eip155: initial },
    reduce: {
      'latch/configured'(draft) {
        if (networks.length > 0) addNetworks(draft, networks)
      },
      'eip155/capabilitiesSucceeded'(draft, { payload }) {
        if (!draft.eip155 || Object.keys(payload.capabilities).length === 0) return
        draft.eip155.capabilities[payload.address.toLowerCase()] = castDraft(payload.capabilities)
      },
    },
    effects: [effect],
  })
}

/** Appends the plugin's networks after the integrator's own (which win on the same id). */
function addNetworks(draft: Draft<State>, networks: readonly CaipNetwork[]) {
  const network = draft.chains.eip155.network
  const known = new Set(network.requestedCaipNetworks.map((n) => n.caipNetworkId))
  network.requestedCaipNetworks.push(...castDraft(networks.filter((n) => !known.has(n.caipNetworkId))))
  network.caipNetwork ??= network.requestedCaipNetworks[0]
  draft.activeNamespace ??= 'eip155'
}
