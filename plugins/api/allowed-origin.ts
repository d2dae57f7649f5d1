/**
 * docs/operations.md, "Allowed origins": once configured, in a browser, the api plugin asks the provider API which
 * origins the project allows (GET /projects/v1/origins) and raises Invalid App Configuration when the page's origin
 * is not among them. 429 raises Rate Limited and 5xx Server Error; any other failure, or an empty list, raises nothing
 * (the server, which enforces the list, has the last word).
 */
import { EMPTY, catchError, mergeMap, of } from 'rxjs'
import { LatchError, type Effect, type LatchEvent } from '../../kernel/index'
import { fromAbortable } from '../provider-api/index'
import { onceConfigured } from './once-configured'
import { alertRaised, originChecked } from './alerts'
import { getAllowedOrigins } from './get-allowed-origins'
import type { ApiSettings } from './source'
import { isOriginAllowed, pageOrigin } from '../../kernel/rules/origin'

export function allowedOriginEffect(settings: ApiSettings): Effect {
  if (settings.checkOrigin === false) return () => EMPTY
  return onceConfigured(settings, {}, (client, ctx) => {
    const origin = pageOrigin(ctx.ports.window)
    if (origin === undefined) return EMPTY
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
  })
}
