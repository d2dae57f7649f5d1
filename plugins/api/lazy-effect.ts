import { modalOpened, type Effect, type LatchEvent } from '../../kernel/index'
import { chunk, whenNeeded, type Chunk } from '../../kernel/family/lazy'
import { walletListFailed, walletListPageRequested, walletListSearchFailed, walletListSearchRequested } from './events'
import type { ApiSettings } from './source'

const effectCode = chunk(() => import('./effect'))

/**
 * The plugin's effect (effect.ts) loads with `import()` as the instance starts, so a dapp's first load holds only what
 * renders before it (docs/behaviour.md, "What loads when"): the events dispatched meanwhile are handed to it in order once
 * it has loaded. If it cannot load, a page or search of the wallet list asked for meanwhile fails (the list shows its
 * error and Retry), and the next one, or the modal opening, tries again.
 * `code` is the effect's chunk (a test hands its own).
 */
export function lazyEffect(settings: ApiSettings, code: Chunk<typeof import('./effect')> = effectCode): Effect {
  return (events$, ctx) =>
    whenNeeded(events$, ctx, {
      name: 'api',
      // Token balances are not among them: the provider answers them only once this code has said so (balance/providerConfigured).
      wanted: (event) => walletListPageRequested.match(event) || walletListSearchRequested.match(event),
      prefetch: (event) => modalOpened.match(event),
      now: () => true,
      chunk: code,
      run: (loaded, events$, ctx) => loaded.apiEffect(settings)(events$, ctx),
      failed: ({ event }, error): LatchEvent[] => {
        if (walletListPageRequested.match(event)) return [walletListFailed({ error: error.toData() })]
        if (walletListSearchRequested.match(event)) return [walletListSearchFailed({ query: event.payload.query, error: error.toData() })]
        return []
      },
    })
}

/** The plugin's code loaded later: `load()` it to have it at once (tests do). */
export const lazyCode = { effect: effectCode }
