import type { Observable } from 'rxjs'
import { answerFamilyNetworkSwitch } from '../../kernel/family/switch-network'
import {
  type VisitorMessageId,
  LatchError,
  type CaipNetwork,
  type EffectContext,
  type LatchEvent,
  type Logged,
} from '../../kernel/index'
import { providerErrorCodes } from './errors'
import { providerErrorCode, toWalletError } from './shared'
import { toHexQuantity } from './hex'
import { chainIdOf } from './networks'
import { toAddChainParameters } from './shared'
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
  return answerFamilyNetworkSwitch(events$, ctx, {
    ns: 'eip155',
    toError: switchError,
    async switchWallet(network) {
      const session = activeSession(ctx, registry)
      if (session.kind === 'mine') await switchChain(requests, session.provider, network)
    },
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
