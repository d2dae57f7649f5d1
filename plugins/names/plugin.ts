/**
 * The names plugin (docs/names.md): the provider API's name service, an entry of its own (`latch/plugins/names`) so a
 * dapp that registers no names carries none of it. The slice and its reducers come up front; the requests are a chunk
 * loaded the first time a name is asked for or an EVM account is connected.
 */
import * as z from 'zod/mini'
import { definePlugin, LatchError, type Effect, type Kernel, type RequestOptions } from '../../kernel/index'
import { loadOnDemand } from '../../kernel/family/lazy'
import { initialNamesState, namesEvents, namesReducers, namesRegistrationRequested } from './names'
import type { NamesSettings } from './effect'
import { namesErrors } from './error-codes'
import { normaliseBaseUrl } from '../../kernel/rules/base-url'

/** Options of the names plugin. */
export type NamesOptions = {
  /** The provider API whose name service it is, e.g. `https://api.example.com`. */
  baseUrl: string
  /** The zone names are registered under: `latch.id` gives `alice.latch.id`. */
  zone: string
  /** Defaults to the `projectId` given to createLatch. */
  projectId?: string
  /** Timeout of one call in ms (default 10 s, on the clock port). */
  timeout?: number
}

const zonePattern = /^(?=.{1,200}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/
const optionsSchema = z.object({
  baseUrl: z.string(),
  zone: z.string().check(z.regex(zonePattern, 'a lower-case domain such as latch.id')),
  projectId: z.optional(z.string()),
  timeout: z.optional(z.number().check(z.positive())),
})

/**
 * The names plugin: 'Choose a name' in the Account view for an EVM account without a name in `zone`, the
 * RegisterAccountName views, and the account's names read when it connects. Throws `INVALID_OPTIONS` on bad options.
 */
export function names(options: NamesOptions) {
  const parsed = z.safeParse(optionsSchema, options)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new LatchError('INVALID_OPTIONS', { details: `names: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid options'}` })
  }
  const baseUrl = normaliseBaseUrl(parsed.data.baseUrl)
  if (baseUrl === undefined) throw new LatchError('INVALID_OPTIONS', { details: `names: baseUrl must be an http(s) URL, got "${parsed.data.baseUrl}"` })
  const settings: NamesSettings = { baseUrl, zone: parsed.data.zone, projectId: parsed.data.projectId?.trim() || undefined, timeout: parsed.data.timeout }
  return definePlugin({
    name: 'names',
    errors: namesErrors,
    events: namesEvents,
    slices: { names: initialNamesState(settings.zone) },
    update: namesReducers,
    effects: [lazyNamesEffect(settings)],
  })
}


/** The name service's effect, its code loaded on demand. */
function lazyNamesEffect(settings: NamesSettings): Effect {
  const connected = (ctx: Parameters<Effect>[1]) => ctx.getState().chains.eip155.account.caipAddress !== undefined
  return (events$, ctx) =>
    loadOnDemand(events$, ctx, {
      name: 'names',
      wanted: (event, ctx) => event.type.startsWith('names/') || connected(ctx),
      now: connected,
      load: () => import('./effect').then((module): Effect => (namesEvents$, namesCtx) => module.namesEffect(namesEvents$, namesCtx, settings)),
    })
}

export type RegisterNameErrorType = LatchError

/**
 * Registers `name` (a label such as `alice`, or `alice.<zone>`) for the connected EVM account through the provider API's
 * name service (docs/names.md, "Registering"): the wallet signs, the name service checks. Resolves the full name, which
 * the account then shows. Rejects with `INVALID_NAME` (the name rule), `USER_REJECTED` (signature declined) or
 * `NAME_REGISTRATION_FAILED` ('Error registering name {name}', or the name service's reason).
 */
export async function registerName(latch: Kernel, name: string, options?: RequestOptions): Promise<string> {
  if (typeof name !== 'string') throw new LatchError('INVALID_NAME', { message: 'INVALID_REGISTRATION_NAME', details: 'registerName: the name must be a string' })
  const { name: registered } = await latch.request(namesRegistrationRequested({ name: name.slice(0, 255) }), options)
  return registered
}
