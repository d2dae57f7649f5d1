/**
 * Token balances from the provider API (docs/behaviour.md, "Token balances"). When the plugin can reach
 * the provider (a base URL and a project id), it says so once configured (`balance/providerConfigured`
 * for the balance families, eip155 and solana) and answers their `balance/tokensRequested`.
 */
import { EMPTY, filter, map, merge, take } from 'rxjs'
import { balanceProviderConfigured, balanceTokensFailed, balanceTokensRequested, balanceTokensSucceeded, latchConfigured, LatchError, toLatchError, type ChainNamespace, type Effect, type EffectContext, type LatchEvent } from '../../kernel/index'
import { answerIntent } from '../../kernel/engine/answer-intent'
import { parseCaipAddress } from '../../kernel/rules/caip'
import { createApiClient } from '../provider-api/index'
import { getBalances } from './get-balances'
import type { ApiSettings } from './source'

/** The chain families whose balances the provider API serves (docs/behaviour.md, "Numbers"). */
export const balanceNamespaces: readonly ChainNamespace[] = ['eip155', 'solana']

/** The api plugin's effect over token balances; nothing when `settings.balances` is false. */
export function balancesEffect(settings: ApiSettings): Effect {
  return (events$, ctx) => {
    if (settings.balances === false || !settings.baseUrl) return EMPTY
    const configured = events$.pipe(
      filter(latchConfigured.match),
      take(1),
      filter(() => projectIdOf(settings, ctx) !== undefined),
      map((): LatchEvent => balanceProviderConfigured({ namespaces: balanceNamespaces })),
    )
    const answers = balanceNamespaces.map((ns) =>
      answerIntent(events$, { intent: balanceTokensRequested, succeeded: balanceTokensSucceeded, failed: balanceTokensFailed, ns, toError: unavailable, owns: () => ctx.getState().balances.providerNamespaces.includes(ns) }, async (intent) => {
        const projectId = projectIdOf(settings, ctx)
        const fetch = ctx.ports.fetch
        if (!projectId || !fetch || !settings.baseUrl) throw new LatchError('TOKEN_BALANCE_UNAVAILABLE', { details: 'no fetch port' })
        const client = createApiClient({ baseUrl: settings.baseUrl, projectId, fetch, scheduler: ctx.ports.scheduler, timeout: settings.timeout })
        const { caipAddress, force } = intent.payload
        const { caipNetworkId, address } = parseCaipAddress(caipAddress)
        const balances = await getBalances(client, { address, chainId: caipNetworkId, forceUpdate: force })
        return { caipAddress, balances }
      }),
    )
    return merge(configured, ...answers)
  }
}

function projectIdOf(settings: ApiSettings, ctx: EffectContext): string | undefined {
  return settings.projectId || ctx.getState().options.projectId?.trim() || undefined
}

function unavailable(error: unknown): LatchError {
  if (error instanceof LatchError && error.code === 'TOKEN_BALANCE_UNAVAILABLE') return error
  const cause = toLatchError(error)
  return new LatchError('TOKEN_BALANCE_UNAVAILABLE', { details: `provider API: ${cause.details ?? cause.message}`, cause: error })
}

