/**
 * Token balances from the chain for the EVM family (docs/behaviour.md, "Token balances"). Loaded on first
 * use (plugin.ts), only when the integrator gives a token list.
 */
import type { Observable } from 'rxjs'
import { balanceTokensFailed, balanceTokensRequested, balanceTokensSucceeded, LatchError, type EffectContext, type LatchEvent, type Logged } from '../../../kernel/index'
import { answerIntent } from '../../../kernel/engine/answer-intent'
import { keepTokenBalances } from '../../../kernel/rules/token-balances'
import { parseCaipAddress } from '../../../kernel/rules/caip'
import { eip155TokenRejected } from '../shared'
import { chainIdOrUndefined, unavailable, type TokenLists } from '../token-balances'
import { readChainTokenBalances, type TokenMetadata } from './read-chain'

/**
 * Answers `balance/tokensRequested` for eip155 from the chain when the provider API does not serve EVM
 * balances: the token list of the account's chain, read through Multicall3 (read-chain.ts). A listed
 * token that is not an ERC-20 there is reported once (`eip155/tokenRejected`, and a developer warning)
 * and left out from then on.
 */
export function answerTokenBalances(events$: Observable<Logged>, ctx: EffectContext, lists: TokenLists): Observable<LatchEvent> {
  const rejected = new Set<string>()
  const metadata = new Map<number, Map<string, TokenMetadata>>()
  const options = { intent: balanceTokensRequested, succeeded: balanceTokensSucceeded, failed: balanceTokensFailed, ns: 'eip155', toError: unavailable,
    // A provider API that serves EVM balances answers them instead (docs/networks.md, "Token list").
    owns: () => !ctx.getState().balances.providerNamespaces.includes('eip155') } as const
  return answerIntent(events$, options, async (intent, emit) => {
    const state = ctx.getState()
    const { caipAddress } = intent.payload
    const { caipNetworkId, address } = parseCaipAddress(caipAddress)
    const chainId = chainIdOrUndefined(caipNetworkId)
    const tokens = (chainId === undefined ? [] : (lists.get(chainId) ?? [])).filter((token) => !rejected.has(`${chainId}:${token.address}`))
    if (chainId === undefined || tokens.length === 0) return { caipAddress, balances: [] }
    const network = state.chains.eip155.network.requestedCaipNetworks.find((n) => n.caipNetworkId === caipNetworkId)
    const url = network?.rpcUrls.default.http[0]
    if (!url) throw new LatchError('TOKEN_BALANCE_UNAVAILABLE', { details: `no RPC URL for ${caipNetworkId}` })
    const known = metadata.get(chainId) ?? new Map<string, TokenMetadata>()
    metadata.set(chainId, known)
    const result = await readChainTokenBalances(ctx.ports, { url, owner: address, caipNetworkId, tokens, metadata: known })
    for (const token of result.rejected) {
      rejected.add(`${chainId}:${token.address}`)
      const error = new LatchError('INVALID_OPTIONS', { details: `eip155: tokens: ${token.address}: ${token.reason}` })
      ctx.ports.logger.warn(error.message)
      emit(eip155TokenRejected({ caipNetworkId, address: token.address, error: error.toData() }, { ns: 'eip155' }))
    }
    return { caipAddress, balances: keepTokenBalances(result.balances) }
  })
}
