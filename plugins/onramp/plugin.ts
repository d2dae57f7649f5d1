/**
 * The onramp plugin (docs/behaviour.md, "Buy (on-ramp)"): buying a token with fiat through a provider's hosted checkout,
 * an entry of its own (`latch/plugins/onramp`) so a dapp that registers none carries none of it. The slice and its
 * reducers come up front; the requests are a chunk loaded the first time an `onramp/` event is dispatched (the Buy view
 * asks for the options when it opens), so registering the plugin asks nothing until the visitor opens Buy.
 */
import * as z from 'zod/mini'
import { definePlugin, LatchError, type Effect } from '../../kernel/index'
import { loadOnDemand } from '../../kernel/family/lazy'
import { initialOnrampState, onrampEvents, onrampReducers } from './onramp'
import type { OnrampSettings } from './effect'
import { onrampErrors } from './error-codes'
import { defaultProviders } from './rules'
import { normaliseBaseUrl } from '../../kernel/rules/base-url'

/** Options of the onramp plugin. */
export type OnrampPluginOptions = {
  /** The provider API that serves the on-ramp routes, e.g. `https://api.example.com`. */
  baseUrl: string
  /** Defaults to the `projectId` given to createLatch. */
  projectId?: string
  /** Timeout of one call in ms (default 10 s, on the clock port). */
  timeout?: number
  /** The providers asked for quotes, in order (default `['localramp', 'localexchange']`): an array of strings only. */
  providers?: string[]
}

const providerId = z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'a provider id (lower-case letters, digits, - and _)'))
const optionsSchema = z.object({
  baseUrl: z.string(),
  projectId: z.optional(z.string()),
  timeout: z.optional(z.number().check(z.positive())),
  providers: z.optional(z.array(providerId).check(z.minLength(1), z.maxLength(10))),
})

/**
 * The onramp plugin: the Account view's Buy row and the OnRamp view (asset, payment currency and method, amount,
 * one quote per provider, Continue to the provider's checkout in a popup, then the purchase's status). Throws
 * `INVALID_OPTIONS` on bad options (`providers` must be an array of strings).
 */
export function onramp(options: OnrampPluginOptions) {
  const parsed = z.safeParse(optionsSchema, options)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new LatchError('INVALID_OPTIONS', { details: `onramp: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid options'}` })
  }
  const baseUrl = normaliseBaseUrl(parsed.data.baseUrl)
  if (baseUrl === undefined) throw new LatchError('INVALID_OPTIONS', { details: `onramp: baseUrl must be an http(s) URL, got "${parsed.data.baseUrl}"` })
  const providers = [...new Set(parsed.data.providers ?? defaultProviders)]
  const settings: OnrampSettings = { baseUrl, projectId: parsed.data.projectId?.trim() || undefined, timeout: parsed.data.timeout, providers }
  return definePlugin({
    name: 'onramp',
    errors: onrampErrors,
    events: onrampEvents,
    slices: { onramp: initialOnrampState(providers) },
    update: onrampReducers,
    effects: [lazyOnrampEffect(settings)],
  })
}


/** The on-ramp's effect, its code loaded on the first `onramp/` event. */
function lazyOnrampEffect(settings: OnrampSettings): Effect {
  return (events$, ctx) =>
    loadOnDemand(events$, ctx, {
      name: 'onramp',
      wanted: (event) => event.type.startsWith('onramp/'),
      load: () => import('./effect').then((module): Effect => (onrampEvents$, onrampCtx) => module.onrampEffect(onrampEvents$, onrampCtx, settings)),
    })
}
