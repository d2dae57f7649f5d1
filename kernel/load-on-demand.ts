import { Observable, Subject } from 'rxjs'
import { kernelFaulted, storageHydrated } from './core/events'
import { LatchError, toLatchError } from './errors'
import type { LatchEvent, Logged } from './events'
import type { Effect, EffectContext } from './plugin'
import type { ChainNamespace } from './types'

/** Options of `loadOnDemand`. */
export type LoadOnDemandOptions = {
  /** Whose code it is, for the developer's message ('solana', 'bip122'). */
  name: string
  /** The first event that needs the effect (an intent it answers, a stored connection to restore). */
  wanted(event: Logged, ctx: EffectContext): boolean
  /** True when the effect is needed at once (a reconnect pending at start). */
  now(ctx: EffectContext): boolean
  /** Loads the effect (a dynamic `import()`). */
  load(): Promise<Effect>
}

/**
 * Runs an effect whose code loads only when first needed (docs/plugins.md, "Code loaded on first use"); the
 * Solana and Bitcoin plugins load their wallet sessions this way. Imported by path, not from the kernel's barrel. From the first
 * wanted event, events are kept while the code loads, then fed to the effect in order, followed by every later
 * one: an intent dispatched while loading is answered once loaded. If loading fails, each kept intent fails with
 * `NETWORK_ERROR` (so no caller waits for its timeout), or with the `PEER_MISSING` a missing peer package gave
 * (docs/plugins.md), and the next wanted event tries again.
 */
export function loadOnDemand(events$: Observable<Logged>, ctx: EffectContext, options: LoadOnDemandOptions): Observable<LatchEvent> {
  return new Observable<LatchEvent>((subscriber) => {
    let stage: 'idle' | 'loading' | 'ready' = 'idle'
    let kept: Logged[] = []
    const live = new Subject<Logged>()

    const start = (first?: Logged) => {
      stage = 'loading'
      if (first) kept.push(first)
      options.load().then(
        (effect) => {
          if (subscriber.closed) return
          subscriber.add(
            effect(live.asObservable(), ctx).subscribe({
              next: (event) => subscriber.next(event),
              error: (cause: unknown) => subscriber.error(cause),
            }),
          )
          stage = 'ready'
          const pending = kept
          kept = []
          for (const event of pending) live.next(event)
        },
        (cause: unknown) => {
          if (subscriber.closed) return
          stage = 'idle'
          const pending = kept
          kept = []
          // A missing peer package says which (docs/errors.md, PEER_MISSING); anything else is the chunk not loading.
          const error =
            cause instanceof LatchError && cause.code === 'PEER_MISSING'
              ? cause
              : new LatchError('NETWORK_ERROR', { details: `the ${options.name} plugin's code did not load: ${toLatchError(cause).details ?? String(cause)}`, cause })
          ctx.ports.logger.error(error.message, error)
          subscriber.next(kernelFaulted({ source: options.name, error: error.toData() }))
          for (const event of pending) {
            if (!event.requestId || !event.type.endsWith('Requested')) continue
            const failed = { type: event.type.replace(/Requested$/, 'Failed'), ns: event.ns, requestId: event.requestId, payload: { error: error.toData() } }
            subscriber.next(failed as LatchEvent)
          }
        },
      )
    }

    const subscription = events$.subscribe((event) => {
      if (stage === 'ready') return live.next(event)
      if (stage === 'loading') return void kept.push(event)
      if (options.wanted(event, ctx)) start(event)
    })
    if (stage === 'idle' && options.now(ctx)) start()
    return () => {
      subscription.unsubscribe()
      live.complete()
    }
  })
}

/** A stored connection of family `ns` waits to be restored (docs/behaviour.md, "Reconnect"). */
export function reconnectPending(ctx: EffectContext, ns: ChainNamespace): boolean {
  const chain = ctx.getState().chains[ns]
  return chain.reconnectConnectorId !== undefined && chain.connectorId === undefined
}

/**
 * When a family's wallet session is wanted: an intent of that family it answers (`intents`), or the stored state
 * brought back with a connection to restore. For `loadOnDemand`'s `wanted` and `now`.
 */
export function familySession(ns: ChainNamespace, intents: ReadonlySet<string>): Pick<LoadOnDemandOptions, 'wanted' | 'now'> {
  return {
    wanted: (event, ctx) => (event.ns === ns && intents.has(event.type)) || (storageHydrated.match(event) && reconnectPending(ctx, ns)),
    now: (ctx) => reconnectPending(ctx, ns),
  }
}
