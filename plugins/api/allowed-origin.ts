/**
 * docs/operations.md, "Allowed origins": once configured, in a browser, the api plugin asks the provider API which
 * origins the project allows (GET /projects/v1/origins) and raises Invalid App Configuration when the page's origin
 * is not among them. 429 raises Rate Limited and 5xx Server Error; any other failure, or an empty list, raises nothing
 * (the server, which enforces the list, has the last word).
 */
import { EMPTY, catchError, filter, mergeMap, of, switchMap, take } from 'rxjs'
import { LatchError, latchConfigured, type Effect, type LatchEvent } from '../../kernel/index'
import { isOriginAllowed } from '../../kernel/rules/origin'
import { createApiClient, fromAbortable } from '../provider-api/index'
import { alertRaised, originChecked } from './alerts'
import { getAllowedOrigins } from './get-allowed-origins'
import type { ApiSettings } from './source'

export function allowedOriginEffect(settings: ApiSettings): Effect {
  if (!settings.baseUrl || settings.checkOrigin === false) return () => EMPTY
  const baseUrl = settings.baseUrl
  return (events$, ctx) =>
    events$.pipe(
      filter(latchConfigured.match),
      take(1),
      switchMap(() => {
        const projectId = settings.projectId || ctx.getState().options.projectId?.trim()
        const { fetch, window } = ctx.ports
        const origin = pageOrigin(window)
        if (!projectId || !fetch || origin === undefined) return EMPTY
        const client = createApiClient({ baseUrl, projectId, fetch, scheduler: ctx.ports.scheduler, timeout: settings.timeout })
        return fromAbortable((signal) => getAllowedOrigins(client, { signal })).pipe(
          mergeMap((allowed): LatchEvent[] => {
            if (allowed.length === 0) return [originChecked({ result: 'unknown' })]
            if (isOriginAllowed(origin, allowed)) return [originChecked({ result: 'allowed' })]
            return [originChecked({ result: 'refused' }), alertRaised({ id: 'ORIGIN_NOT_ALLOWED' })]
          }),
          catchError((error: unknown) => {
            const unknown = originChecked({ result: 'unknown' })
            if (error instanceof LatchError && (error.code === 'RATE_LIMITED' || error.code === 'SERVER_ERROR')) return of(unknown, alertRaised({ id: error.code }))
            return of(unknown)
          }),
        )
      }),
    )
}

function pageOrigin(window: Window | undefined): string | undefined {
  try {
    const origin = window?.location?.origin
    return typeof origin === 'string' && origin !== 'null' ? origin : undefined
  } catch {
    return undefined
  }
}
