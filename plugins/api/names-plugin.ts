/**
 * How the api plugin carries the name service (docs/names.md): the slice and its reducers up front, the requests in a
 * chunk loaded the first time a name is asked for or an EVM account is connected.
 */
import { LatchError, type Effect, type Kernel, type RequestOptions } from '../../kernel/index'
import { loadOnDemand } from '../../kernel/load-on-demand'
import { namesRegistrationRequested } from './names'
import type { NamesSettings } from './names-effect'

/** The name service's effect, its code loaded on demand. */
export function lazyNamesEffect(settings: NamesSettings): Effect {
  return (events$, ctx) =>
    loadOnDemand(events$, ctx, {
      name: 'api names',
      wanted: (event, ctx) => event.type.startsWith('names/') || ctx.getState().chains.eip155.account.caipAddress !== undefined,
      now: (ctx) => ctx.getState().chains.eip155.account.caipAddress !== undefined,
      load: () => import('./names-effect').then((module): Effect => (namesEvents$, namesCtx) => module.namesEffect(namesEvents$, namesCtx, settings)),
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
