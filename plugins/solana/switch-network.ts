import type { Observable } from 'rxjs'
import { remoteWallets } from '../../kernel/family/wallets'
import { answerFamilyNetworkSwitch } from '../../kernel/family/switch-network'
import {
  LatchError,
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
  return answerFamilyNetworkSwitch(events$, ctx, {
    ns: 'solana',
    toError: (e: unknown) => toLatchError(e, 'SWITCH_CHAIN_FAILED'),
    async switchWallet({ caipNetworkId }) {
      const { connectorId } = ctx.getState().chains.solana
      const entry = connectorId === undefined ? undefined : registry.get(connectorId)
      // Connected through a connector's wallet (WalletConnect): the switch follows its rules (docs/walletconnect.md, "Sessions").
      const remote = connectorId === undefined || entry ? undefined : remoteWallets(ctx).get('solana', connectorId)
      if (remote) await remote.switchChain(caipNetworkId)
      const walletChain = walletChainOf(caipNetworkId)
      if (entry && walletChain && !chainsOf(entry.wallet, entry.info.chains).includes(walletChain)) {
        throw new LatchError('SWITCH_CHAIN_FAILED', { details: `${entry.connector.name} does not serve ${walletChain}` })
      }
    },
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
