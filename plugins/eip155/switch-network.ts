import type { Observable } from 'rxjs'
import {
  type VisitorMessageId,
  answerIntent,
  LatchError,
  networkSwitched,
  networkSwitchFailed,
  networkSwitchRequested,
  networkSwitchSucceeded,
  type CaipNetwork,
  type EffectContext,
  type LatchEvent,
  type Logged,
} from '../../kernel/index'
import { providerErrorCode, providerErrorCodes, toWalletError } from './errors'
import { toHexQuantity } from './hex'
import { chainIdOf, toAddChainParameters } from './networks'
import type { Eip1193Provider } from './provider'
import type { Registry } from './registry'
import { activeSession } from './session'
import type { WalletRequests } from './wallet-requests'

/** The visitor-facing text when the wallet's switch prompt is declined. */
export const switchDeclined = 'NETWORK_SWITCH_DECLINED' satisfies VisitorMessageId

/**
 * Answers `network/switchRequested` for eip155 (docs/behaviour.md, "Network-switch routing"): without a wallet the network
 * switches locally; with one, the wallet is asked, and a chain it does not know is added first.
 */
export function answerSwitchNetwork(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests): Observable<LatchEvent> {
  const options = {
    intent: networkSwitchRequested,
    succeeded: networkSwitchSucceeded,
    failed: networkSwitchFailed,
    ns: 'eip155',
    toError: switchError,
  } as const
  return answerIntent(events$, options, async (intent, emit) => {
    const { caipNetworkId } = intent.payload
    const state = ctx.getState()
    const session = activeSession(ctx, registry, state)
    const network = state.chains.eip155.network.requestedCaipNetworks.find((n) => n.caipNetworkId === caipNetworkId)
    if (!network) throw new LatchError('NETWORK_NOT_FOUND', { details: `${caipNetworkId} is not among the configured networks` })
    if (session.kind === 'mine') await switchChain(requests, session.provider, network)
    // The wallet's chainChanged may have reported the switch already.
    const now = ctx.getState()
    if (now.activeNamespace !== 'eip155' || now.chains.eip155.network.caipNetwork?.caipNetworkId !== caipNetworkId) {
      emit(networkSwitched({ caipNetworkId }, { ns: 'eip155' }))
    }
    return { caipNetworkId }
  })
}

/** `wallet_switchEthereumChain`; on 4902 (unknown chain) `wallet_addEthereumChain`, then the switch again. */
async function switchChain(requests: WalletRequests, provider: Eip1193Provider, network: CaipNetwork): Promise<void> {
  const params = [{ chainId: toHexQuantity(chainIdOf(network)) }]
  const bound = { bound: true }
  try {
    await requests.request(provider, 'wallet_switchEthereumChain', params, bound)
  } catch (error) {
    if (providerErrorCode(error) !== providerErrorCodes.unrecognizedChain) throw error
    await requests.request(provider, 'wallet_addEthereumChain', [toAddChainParameters(network)], bound)
    await requests.request(provider, 'wallet_switchEthereumChain', params, bound)
  }
}

/** A declined or pending prompt keeps its meaning; any other failure is switch failure (docs/errors.md). */
function switchError(error: unknown): LatchError {
  const mapped = toWalletError(error, { rejected: switchDeclined })
  if (['USER_REJECTED', 'REQUEST_ABORTED', 'NETWORK_NOT_FOUND'].includes(mapped.code)) return mapped
  return new LatchError('SWITCH_CHAIN_FAILED', { details: mapped.details ?? mapped.message, cause: error })
}
