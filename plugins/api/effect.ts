/**
 * The api plugin's effect (docs/behaviour.md, "What loads when"): the wallet list's pages, searches and featured
 * listings, token balances from the provider API, and the provider's image origin. index.ts loads it with `import()` as
 * the instance starts, so none of it is in a dapp's first load.
 */
import { EMPTY, filter, map, merge, take } from 'rxjs'
import { imageOriginsAllowed, latchConfigured, type Effect, type LatchEvent } from '../../kernel/index'
import { balancesEffect } from './balances'
import { walletListEffect } from './effects'
import { remoteFeaturesEffect } from './remote-features'
import { allowedOriginEffect } from './allowed-origin'
import type { ApiSettings } from './source'

/** docs/behaviour.md, "Images": the provider API's wallet images (by id) load from its origin, so it is announced once configured. */
function imagesEffect(settings: ApiSettings): Effect {
  const { baseUrl } = settings
  if (!baseUrl) return () => EMPTY
  return (events$) => events$.pipe(filter(latchConfigured.match), take(1), map((): LatchEvent => imageOriginsAllowed({ origins: [new URL(baseUrl).origin] })))
}

/** The wallet list, the provider's token balances, its image origin, the project's remote features and the allowed-origin check, for `settings`. */
export function apiEffect(settings: ApiSettings): Effect {
  const effects = [walletListEffect(settings), balancesEffect(settings), imagesEffect(settings), remoteFeaturesEffect(settings), allowedOriginEffect(settings)]
  return (events$, ctx) => merge(...effects.map((effect) => effect(events$, ctx)))
}
