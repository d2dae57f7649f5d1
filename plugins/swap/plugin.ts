/**
 * The swap plugin (docs/swap.md): token swaps through the provider API's swap routes, an entry of its own
 * (`latch/plugins/swap`) so a dapp that offers no swaps carries none of it. The slice and its reducers come up front;
 * the requests are a chunk loaded the first time a `swap/` event is logged (the Swap view asks for the token list).
 */
import * as z from 'zod/mini'
import { definePlugin, LatchError, type Effect } from '../../kernel/index'
import { loadOnDemand } from '../../kernel/family/lazy'
import { initialSwapState, swapEvents, swapReducers } from './swap'
import type { SwapSettings } from './effect'
import { swapErrors } from './error-codes'
import { normaliseBaseUrl } from '../../kernel/rules/base-url'

/**
 * The specification's swap networks (12 eip155 chains): Ethereum, Optimism, BNB Smart Chain, Gnosis, Polygon, zkSync
 * Era, Base, Arbitrum One, Celo, Avalanche C-Chain, Linea and Aurora. The default `networks`. (Here rather than in
 * kernel/rules/swap.ts, so the entry's first load holds none of the rules: docs/swap.md, "Its own entry".)
 */
export const defaultSwapChainIds = [1, 10, 56, 100, 137, 324, 8453, 42161, 42220, 43114, 59144, 1313161554] as const

/** Options of the swap plugin. */
export type SwapOptions = {
  /** The provider API whose swap routes it uses, e.g. `https://api.example.com`. */
  baseUrl: string
  /** Defaults to the `projectId` given to createLatch. */
  projectId?: string
  /** Timeout of one call in ms (default 10 s, on the clock port). */
  timeout?: number
  /**
   * The swap networks, as CAIP-2 ids (`eip155:8453`) or chain ids (`8453`): EVM only. Default: the specification's 12
   * (`defaultSwapChainIds`: 1, 10, 56, 100, 137, 324, 8453, 42161, 42220, 43114, 59144, 1313161554).
   */
  networks?: readonly (string | number)[]
  /** The slippage tolerance the view starts with, in percent: above 0, at most 50, at most two decimals (default 1). */
  slippage?: number
}

const chainId = z.union([z.number().check(z.int(), z.positive()), z.string().check(z.regex(/^(eip155:)?[1-9]\d{0,19}$/, 'a chain id such as 8453 or eip155:8453 (EVM only)'))])
const optionsSchema = z.object({
  baseUrl: z.string(),
  projectId: z.optional(z.string()),
  timeout: z.optional(z.number().check(z.positive())),
  networks: z.optional(z.array(chainId).check(z.minLength(1), z.maxLength(200))),
  slippage: z.optional(z.number().check(z.positive(), z.lte(50))),
})

const invalid = (details: string) => new LatchError('INVALID_OPTIONS', { details: `swap: ${details}` })

/**
 * The swap plugin: a Swap row in the Account view for an EVM account, the Swap view and its preview. Throws
 * `INVALID_OPTIONS` on bad options.
 */
export function swap(options: SwapOptions) {
  const parsed = z.safeParse(optionsSchema, options)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw invalid(issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid options')
  }
  const baseUrl = normaliseBaseUrl(parsed.data.baseUrl)
  if (baseUrl === undefined) throw invalid(`baseUrl must be an http(s) URL, got "${parsed.data.baseUrl}"`)
  const slippage = Math.round((parsed.data.slippage ?? 1) * 100)
  if (Math.abs(slippage - (parsed.data.slippage ?? 1) * 100) > 1e-6) throw invalid('slippage: at most two decimals')
  const networks = [...new Set((parsed.data.networks ?? defaultSwapChainIds).map((id) => (String(id).startsWith('eip155:') ? String(id) : `eip155:${id}`)))]
  const settings: SwapSettings = { baseUrl, projectId: parsed.data.projectId?.trim() || undefined, timeout: parsed.data.timeout, networks, slippage }
  return definePlugin({
    name: 'swap',
    errors: swapErrors,
    events: swapEvents,
    slices: { swap: initialSwapState(networks, slippage) },
    update: swapReducers,
    effects: [lazySwapEffect(settings)],
  })
}


/** The swap effect, its code loaded on the first `swap/` event. */
function lazySwapEffect(settings: SwapSettings): Effect {
  return (events$, ctx) =>
    loadOnDemand(events$, ctx, {
      name: 'swap',
      wanted: (event) => event.type.startsWith('swap/'),
      load: () => import('./effect').then((module): Effect => (swapEvents$, swapCtx) => module.swapEffect(swapEvents$, swapCtx, settings)),
    })
}
