import { finalize, merge, type Observable } from 'rxjs'
import type { EffectContext, LatchEvent, Logged } from '../../kernel/index'
import type { ClientOptions } from './client'
import { answerConnect } from './connect'
import { createHolder } from './holder'
import { cancelRequests, followSwitches, restore, watchClient } from './lifecycle'
import { served } from './served'

/**
 * The plugin's lazily loaded part (docs/walletconnect.md, "What loads when"): the sign-client, pairing, the session's
 * lifecycle and the requests routed through it, for every family the plugin serves.
 */
export function session(events$: Observable<Logged>, ctx: EffectContext, options: ClientOptions): Observable<LatchEvent> {
  const holder = createHolder(ctx, options)
  const families = served(ctx.getState())
  return merge(
    holder.output,
    watchClient(holder),
    restore(events$, holder),
    answerConnect(events$, holder, families),
    followSwitches(events$, holder),
    cancelRequests(events$, holder),
  ).pipe(finalize(() => holder.stop()))
}
