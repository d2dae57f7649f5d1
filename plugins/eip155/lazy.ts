/**
 * Code a visitor has not asked for yet, loaded with `import()` when it is first needed (docs/behaviour.md,
 * "What loads when"): the events that need it and arrive while it loads are kept, then handed to it in order,
 * each with the state it was dispatched in, so none is lost and each is answered as it would have been at once.
 */
import { Observable, Subject, Subscription } from 'rxjs'
import type { EffectContext, LatchEvent, Logged, State } from '../../kernel/index'

/** A module loaded at most once per page; a failed import is tried again by the next `load()`. */
export type Chunk<M> = {
  /** The module, once it has arrived (synchronously from then on). */
  loaded(): M | undefined
  /** Starts the import, or joins the one under way. */
  load(): Promise<M>
}

/** `chunk(() => import('./wallet-rpc'))`: the import starts on the first `load()`, never before. */
export function chunk<M>(load: () => Promise<M>): Chunk<M> {
  let module: M | undefined
  let loading: Promise<M> | undefined
  return {
    loaded: () => module,
    load: () =>
      (loading ??= load().then(
        (value) => (module = value),
        (error: unknown) => {
          loading = undefined
          throw error
        },
      )),
  }
}

/** An event kept while the chunk loaded: the state it was dispatched in, and what the caller noted then. */
export type Kept<K> = { event: Logged; state: State; note: K }

export type WhenNeededOptions<M, K> = {
  /** The events the chunk's code answers: the first one starts the import. */
  wanted(event: Logged): boolean
  /** Events that make a wanted one likely soon (a transaction asked for, before it is sent): they start the import too. */
  prefetch?(event: Logged): boolean
  chunk: Chunk<M>
  /** Runs the chunk's effect over `events$` (the kept events first); `kept()` is the one being handed over, while it is. */
  run(module: M, events$: Observable<Logged>, ctx: EffectContext, kept: () => Kept<K> | undefined): Observable<LatchEvent>
  /** Noted when an event is kept (say, a mark of what happens while the chunk loads); released once it has been handed over. */
  note?(event: Logged): K
  release?(note: K): void
  /** The answer to a kept event when the chunk could not be loaded (nothing by default); the next wanted event tries again. */
  failed?(kept: Kept<K>, error: unknown): LatchEvent[]
}

/**
 * The effect in `options.chunk`, loaded on the first wanted (or prefetch) event, and run as soon as it has loaded.
 * Already loaded when the instance starts, it runs at once, as if it were part of the initial bundle. Otherwise
 * wanted events are kept while it loads and handed to it first, in order; while one is handed over,
 * `ctx.getState()` is the state it was dispatched in (what the effect reads synchronously when it answers is what
 * it would have read then).
 */
export function whenNeeded<M, K = undefined>(events$: Observable<Logged>, ctx: EffectContext, options: WhenNeededOptions<M, K>): Observable<LatchEvent> {
  return new Observable<LatchEvent>((subscriber) => {
    const subscriptions = new Subscription()
    let handing: Kept<K> | undefined
    const start = (module: M, kept: readonly Kept<K>[]) => {
      if (kept.length === 0) return void subscriptions.add(options.run(module, events$, ctx, () => undefined).subscribe(subscriber))
      // The effect is subscribed whole before anything is handed over, as it would have been from the start; what
      // comes meanwhile (what the kept events cause too) waits its turn behind them.
      const hub = new Subject<Logged>()
      const queue: Logged[] = []
      let replaying = true
      subscriptions.add(
        events$.subscribe({
          next: (event) => (replaying ? queue.push(event) : hub.next(event)),
          error: (error: unknown) => hub.error(error),
          complete: () => hub.complete(),
        }),
      )
      const context: EffectContext = { ...ctx, getState: () => handing?.state ?? ctx.getState() }
      subscriptions.add(options.run(module, hub, context, () => handing).subscribe(subscriber))
      for (const entry of kept) {
        handing = entry
        try {
          hub.next(entry.event)
        } finally {
          handing = undefined
        }
      }
      for (let event = queue.shift(); event; event = queue.shift()) hub.next(event)
      replaying = false
      for (const entry of kept) options.release?.(entry.note)
    }
    const ready = options.chunk.loaded()
    if (ready) {
      start(ready, [])
      return subscriptions
    }
    let kept: Kept<K>[] = []
    let loading = false
    const load = () => {
      if (loading) return
      loading = true
      options.chunk.load().then(
        (module) => {
          waiting.unsubscribe()
          const handed = kept
          kept = []
          if (!subscriptions.closed) start(module, handed)
          else for (const entry of handed) options.release?.(entry.note)
        },
        (error: unknown) => {
          loading = false
          const handed = kept
          kept = []
          for (const entry of handed) {
            options.release?.(entry.note)
            if (!subscriptions.closed) for (const answer of options.failed?.(entry, error) ?? []) subscriber.next(answer)
          }
        },
      )
    }
    const waiting = events$.subscribe((event) => {
      if (options.wanted(event)) {
        kept.push({ event, state: ctx.getState(), note: options.note?.(event) as K })
        load()
      } else if (options.prefetch?.(event)) load()
    })
    subscriptions.add(waiting)
    return subscriptions
  })
}
