import type { Observable } from 'rxjs'
import { LatchError, networkSwitched, networkSwitchFailed, networkSwitchRequested, networkSwitchSucceeded, type CaipNetwork, type ChainNamespace, type EffectContext, type LatchEvent, type Logged } from '../index'
import { answerIntent } from '../engine/answer-intent'

/** What one chain family says about switching its wallet's network; the intent around it is `answerFamilyNetworkSwitch`'s. */
export type FamilyNetworkSwitch = {
  ns: ChainNamespace
  /** Turns whatever the switch threw into the LatchError the visitor sees (a declined prompt, `SWITCH_CHAIN_FAILED`). */
  toError: (error: unknown) => LatchError
  /**
   * Moves the connected wallet, if any, to `network` (one the dapp configured). Returns `'reported'` when it emitted the
   * connection's facts on the new network itself; otherwise the family's network is switched after it.
   */
  switchWallet: (network: CaipNetwork, emit: (event: LatchEvent) => void) => Promise<void | 'reported'>
}

/**
 * Answers `network/switchRequested` for one chain family (docs/behaviour.md, "Network-switch routing"): a network the
 * dapp did not configure is `NETWORK_NOT_FOUND`; the family's wallet is asked to move (`switchWallet`; without a wallet
 * the switch is Latch's own), then `network/switched` is reported unless the family is already there (the wallet's own
 * event may have reported it). The answer is the network switched to.
 */
export function answerFamilyNetworkSwitch(events$: Observable<Logged>, ctx: EffectContext, family: FamilyNetworkSwitch): Observable<LatchEvent> {
  const { ns } = family
  const options = { intent: networkSwitchRequested, succeeded: networkSwitchSucceeded, failed: networkSwitchFailed, ns, toError: family.toError } as const
  return answerIntent(events$, options, async (intent, emit) => {
    const { caipNetworkId } = intent.payload
    const network = ctx.getState().chains[ns].network.requestedCaipNetworks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!network) throw new LatchError('NETWORK_NOT_FOUND', { details: `${caipNetworkId} is not among the configured networks` })
    if ((await family.switchWallet(network, emit)) !== 'reported') {
      const now = ctx.getState()
      if (now.activeNamespace !== ns || now.chains[ns].network.caipNetwork?.caipNetworkId !== caipNetworkId) emit(networkSwitched({ caipNetworkId }, { ns }))
    }
    return { caipNetworkId }
  })
}
