import type { Observable } from 'rxjs'
import { remoteWallets } from '../../kernel/family/wallets'
import {
  answerIntent,
  LatchError,
  networkSwitched,
  networkSwitchFailed,
  networkSwitchRequested,
  networkSwitchSucceeded,
  toLatchError,
  type EffectContext,
  type LatchEvent,
  type Logged,
} from '../../kernel/index'
import { walletChainOf } from './shared'
import type { Registry } from './registry'

/**
 * Answers `network/switchRequested` for solana (docs/solana.md, "Networks"): a Solana wallet has no current chain to
 * switch (each request names its chain), so the switch is Latch's own. With a wallet connected, a cluster the
 * wallet says it does not serve is refused with `SWITCH_CHAIN_FAILED`; a connector's wallet (WalletConnect's) switches
 * by its connector's rules.
 */
export function answerSwitchNetwork(events$: Observable<Logged>, ctx: EffectContext, registry: Registry): Observable<LatchEvent> {
  const options = { intent: networkSwitchRequested, succeeded: networkSwitchSucceeded, failed: networkSwitchFailed, ns: 'solana', toError: (e: unknown) => toLatchError(e, 'SWITCH_CHAIN_FAILED'),
  } as const
  return answerIntent(events$, options, async (intent, emit) => {
    const { caipNetworkId } = intent.payload
    const state = ctx.getState()
    const chain = state.chains.solana
    const entry = chain.connectorId === undefined ? undefined : registry.get(chain.connectorId)
    const network = chain.network.requestedCaipNetworks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!network) throw new LatchError('NETWORK_NOT_FOUND', { details: `${caipNetworkId} is not among the configured networks` })
    // Connected through a connector's wallet (WalletConnect): the switch follows its rules (docs/walletconnect.md, "Sessions").
    const connectorId = chain.connectorId !== undefined && !entry ? chain.connectorId : undefined
    const remote = connectorId === undefined ? undefined : remoteWallets(ctx).get('solana', connectorId)
    if (remote) await remote.switchChain(caipNetworkId)
    const walletChain = walletChainOf(caipNetworkId)
    if (entry && walletChain && !chainsOf(entry.wallet, entry.info.chains).includes(walletChain)) {
      throw new LatchError('SWITCH_CHAIN_FAILED', { details: `${entry.connector.name} does not serve ${walletChain}` })
    }
    if (state.activeNamespace !== 'solana' || chain.network.caipNetwork?.caipNetworkId !== caipNetworkId) emit(networkSwitched({ caipNetworkId }, { ns: 'solana' }))
    return { caipNetworkId }
  })
}

/** The wallet's chains now (they may change), or those it listed with when it cannot be read. */
function chainsOf(wallet: { readonly chains: readonly string[] }, fallback: readonly string[]): readonly string[] {
  try {
    return Array.isArray(wallet.chains) ? wallet.chains.filter((c): c is string => typeof c === 'string') : fallback
  } catch {
    return fallback
  }
}
