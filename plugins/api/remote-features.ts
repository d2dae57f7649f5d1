/**
 * docs/operations.md, "Remote features": once the instance is configured, the project's features are read once from
 * GET /appkit/v1/config (2 s at most) and merged into the state: they can switch a feature off, never on, and the
 * integrator's own settings win. Until they arrive (or when the call fails, is slow or is junk) the local settings
 * apply, so nothing waits for it.
 */
import { EMPTY, catchError, map } from 'rxjs'
import { remoteFeaturesLoaded, type Effect, type LatchEvent } from '../../kernel/index'
import { fromAbortable } from '../provider-api/index'
import { onceConfigured } from './once-configured'
import { getFeatures } from './get-features'
import type { ApiSettings } from './source'

/** The bound on the config call (docs/operations.md). */
export const remoteFeaturesTimeout = 2_000

/** At most this many remote features are kept (the event's bound); the rest are left out. */
const maxFeatures = 64

export function remoteFeaturesEffect(settings: ApiSettings): Effect {
  if (settings.remoteFeatures === false) return () => EMPTY
  const timeout = Math.min(settings.timeout ?? remoteFeaturesTimeout, remoteFeaturesTimeout)
  return onceConfigured(settings, { timeout }, (client, ctx) =>
    fromAbortable((signal) => getFeatures(client, { signal })).pipe(
      map((features): LatchEvent => remoteFeaturesLoaded({ features: bounded(features) })),
      catchError((error: unknown) => {
        ctx.ports.logger.warn('api: the remote features could not be read; the local ones apply', error)
        return EMPTY
      }),
    ),
  )
}

/** The first `maxFeatures` names of at most 64 characters. */
function bounded(features: Record<string, boolean>): Record<string, boolean> {
  const kept: Record<string, boolean> = {}
  for (const [name, on] of Object.entries(features)) {
    if (Object.keys(kept).length >= maxFeatures) break
    if (name.length >= 1 && name.length <= 64 && name !== '__proto__') kept[name] = on
  }
  return kept
}
