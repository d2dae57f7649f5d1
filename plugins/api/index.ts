/**
 * The api plugin: the wallet list of docs/behaviour.md, "All Wallets" AllWallets from the provider API of docs/behaviour.md, "Provider API"
 * (when configured with a base URL and a project id) or from the curated registry shipped
 * with Latch, plus a typed client for the provider's other routes.
 */
import * as z from 'zod/mini'
import { definePlugin, LatchError, persisted } from '../../kernel/index'
import { patch } from '../../kernel/core/slices/slice'
import type { ProviderApi } from '../../kernel/rpc-source'
import { lazyEffect } from './lazy-effect'
import { normaliseBaseUrl } from '../provider-api/index'
import { activityErrors, historyEffect, initialTransactionsState, sentSchema, transactionsEvents, transactionsReducers } from '../activity/index'
import { walletListEvents } from './events'
import { alertEvents, alertReducers } from './alerts'
import type { ApiSettings } from './source'
import { initialWalletListState, walletListReducers } from './state'

export * from './events'
export { alertRaised, alertDismissed, originChecked, selectAlert, type AlertsState } from './alerts'
export { selectRecommendedWallets, selectWalletList, initialWalletListState } from './state'
// The provider API's client and the helpers for integrators are `latch/plugins/api/client` (plugins/api/client.ts).
// Activity's transaction history (plugins/activity), which this plugin registers: its state and errors.
export { selectTransactions, type TransactionsState, type Transaction, activityErrors } from '../activity/index'

/** Options of the api plugin. Without both `baseUrl` and a project id it makes no request at all. */
export type ApiOptions = {
  /** The provider API, e.g. `https://api.example.com`. */
  baseUrl?: string
  /** Defaults to the `projectId` given to createLatch. */
  projectId?: string
  /**
   * docs/behaviour.md, "Wallet filtering": listings whose id, rdns or name is listed (case-insensitive) are hidden. Prefer
   * `createLatch({ excludeWalletIds })`, which also hides installed and announced wallets; both lists apply.
   */
  excludedWalletIds?: readonly string[]
  /** Only these wallet ids are listed. */
  includeWalletIds?: readonly string[]
  /** Timeout of one provider call in ms (default 10 s, on the clock port). */
  timeout?: number
  /**
   * Whether token balances come from the provider API (`GET /v1/account/{address}/balance`) for EVM and
   * Solana (default true). False leaves them to the chain family (docs/behaviour.md, "Token balances").
   */
  balances?: boolean
  /**
   * Whether Activity's transaction history comes from the provider API (`GET /v1/account/{address}/history`, default
   * true). False lists only the transactions this browser sent through Latch (docs/behaviour.md, "Activity").
   */
  history?: boolean
  /**
   * Whether the project's remote features are read from the provider API (`GET /appkit/v1/config`, once, 2 s at most;
   * default true). They can only switch a feature off, and the `features` given to createLatch win (docs/operations.md).
   */
  remoteFeatures?: boolean
  /**
   * Whether the page's origin is checked against the project's allowed origins (`GET /projects/v1/origins`, once, in a
   * browser; default true): one that is not allowed raises the Invalid App Configuration alert (docs/operations.md).
   */
  checkOrigin?: boolean
  /**
   * Whether EVM and Solana networks given no RPC URL of your own read through the provider API's per-chain JSON-RPC
   * endpoint (`POST {baseUrl}/v1/rpc?chainId&projectId`, default true; docs/networks.md, "The provider's RPC endpoint").
   */
  rpc?: boolean
}

const optionsSchema = z.object({
  baseUrl: z.optional(z.string()),
  projectId: z.optional(z.string()),
  excludedWalletIds: z.optional(z.array(z.string())),
  includeWalletIds: z.optional(z.array(z.string())),
  timeout: z.optional(z.number().check(z.positive())),
  balances: z.optional(z.boolean()),
  history: z.optional(z.boolean()),
  remoteFeatures: z.optional(z.boolean()),
  checkOrigin: z.optional(z.boolean()),
  rpc: z.optional(z.boolean()),
})

/** The api plugin: the `walletList` slice, its events and the effect that answers them. Throws `INVALID_OPTIONS` on bad options. */
export function api(options: ApiOptions = {}) {
  const settings = readOptions(options)
  return definePlugin({
    name: 'api',
    // Activity's history is registered here, so are its error codes (docs/errors.md).
    errors: activityErrors,
    events: [...walletListEvents, ...transactionsEvents, ...alertEvents],
    slices: { walletList: initialWalletListState(), transactions: initialTransactionsState(), alerts: {} },
    // Typed by their own keys (satisfies Updaters, as eip155's pending list): the declaration names only the plugin's events.
    update: { ...walletListReducers, ...transactionsReducers, ...alertReducers },
    effects: [lazyEffect(settings), historyEffect(settings)],
    // docs/networks.md, "The provider's RPC endpoint", and docs/behaviour.md, "Images": createLatch points networks
    // without RPC URLs of their own here, and reads their `assets.imageId` from here.
    ...providerApiOf(settings, options),
    persist: [
      persisted({
        key: 'transactions/sent',
        schema: sentSchema,
        read: (state) => (state.transactions && Object.keys(state.transactions.sent).length > 0 ? state.transactions.sent : undefined),
        hydrate: (state, sent) => (state.transactions ? patch(state, { transactions: patch(state.transactions, { sent }) }) : state),
      }),
    ],
  })
}

/**
 * The plugin's `providerApi` field, typed as the kernel declares it: without `undefined` in an optional property, so
 * the plugin type-checks in apps with `exactOptionalPropertyTypes` (scripts/package/strict-types.test.ts).
 */
function providerApiOf(settings: ApiSettings, options: ApiOptions): { readonly providerApi?: ProviderApi } {
  if (!settings.baseUrl) return {}
  return { providerApi: { baseUrl: settings.baseUrl, ...(settings.projectId ? { projectId: settings.projectId } : {}), rpc: options.rpc !== false } }
}

function readOptions(options: ApiOptions): ApiSettings {
  const parsed = z.safeParse(optionsSchema, options)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new LatchError('INVALID_OPTIONS', { details: `api: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid options'}` })
  }
  const { baseUrl, projectId, excludedWalletIds = [], includeWalletIds, timeout, balances, history, remoteFeatures, checkOrigin } = parsed.data
  const normalised = baseUrl === undefined || baseUrl.trim() === '' ? undefined : normaliseBaseUrl(baseUrl)
  if (baseUrl !== undefined && baseUrl.trim() !== '' && normalised === undefined) {
    throw new LatchError('INVALID_OPTIONS', { details: `api: baseUrl must be an http(s) URL, got "${baseUrl}"` })
  }
  return { baseUrl: normalised, projectId: projectId?.trim() || undefined, excludedWalletIds, includeWalletIds, timeout, balances, history, remoteFeatures, checkOrigin }
}
