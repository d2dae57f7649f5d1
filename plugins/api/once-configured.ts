/**
 * The shape of the api plugin's once-per-instance calls (docs/operations.md: remote features, the allowed-origin
 * check): when the instance is configured, one call through a client for the plugin's base URL and project id (the
 * plugin's, else createLatch's). Nothing happens without a base URL, a project id or a fetch port.
 */
import { EMPTY, filter, switchMap, take, type Observable } from 'rxjs'
import { latchConfigured, type Effect, type EffectContext, type LatchEvent } from '../../kernel/index'
import { createApiClient, type ApiClient } from '../provider-api/index'
import type { ApiSettings } from './source'

export function onceConfigured(
  settings: ApiSettings,
  options: { timeout?: number },
  run: (client: ApiClient, ctx: EffectContext) => Observable<LatchEvent>,
): Effect {
  const { baseUrl } = settings
  if (!baseUrl) return () => EMPTY
  return (events$, ctx) =>
    events$.pipe(
      filter(latchConfigured.match),
      take(1),
      switchMap(() => {
        const projectId = settings.projectId || ctx.getState().options.projectId?.trim()
        const { fetch, scheduler } = ctx.ports
        if (!projectId || !fetch) return EMPTY
        return run(createApiClient({ baseUrl, projectId, fetch, scheduler, timeout: options.timeout ?? settings.timeout }), ctx)
      }),
    )
}
