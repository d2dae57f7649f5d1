/**
 * Loading on demand (docs/plugins.md, "Loading on demand"): the one mechanism by which a plugin keeps code out of a
 * dapp's first load and fetches it with `import()` when first needed. A plugin supplies its `import()` (`chunk`), the
 * events that need the code (`wanted`, and `prefetch`/`now` to start early) and what differs (`run`, `failed`).
 *
 * Kept events: from the moment the import starts, every event is kept while the code loads, then handed to it in
 * order, followed by what those cause, then every later event: the loaded part sees what it would have seen had it
 * been loaded from the start, and an intent dispatched meanwhile is answered once loaded. The one rule for the state:
 * a kept event is handed with the state it was dispatched in (`ctx.getState()` while it is handed), so what the
 * visitor changed meanwhile counts as it would have at once; what the loaded part's own answers to earlier kept events
 * changed is the loaded part's to remember (the transaction history, history-effect.ts). If the code does not load,
 * the kept intents are answered at once with their failure (no caller waits for a timeout), and the next wanted event
 * tries again.
 */
import { Observable } from 'rxjs/internal/Observable'
import { Subject } from 'rxjs/internal/Subject'
import { Subscription } from 'rxjs/internal/Subscription'
import { kernelFaulted, LatchError, storageHydrated, toLatchError, type ChainNamespace, type EffectContext, type Effect, type LatchEvent, type Logged, type State } from '../index'

/** A module loaded at most once per page; a failed import is tried again by the next `load()`. */
export type Chunk<M> = {
  /** The module, once it has arrived (synchronously from then on). */
  loaded(): M | undefined
  /** Starts the import, or joins the one under way. */
  load(): Promise<M>
}

/** `chunk(() => import('./session'))`: the import starts on the first `load()`, never before. */
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

/** A wanted event kept while the chunk loaded: the state it was dispatched in, and what the plugin noted then. */
export type Kept<K> = { event: Logged; state: State; note: K }

/** Any event kept while the chunk loaded; `wanted` for the ones `wanted` accepted. */
type Entry<K> = Kept<K> & { wanted: boolean }

export type WhenNeededOptions<M, K> = {
  /** Whose code it is, for the developer's message when it does not load ('solana', 'bip122'). */
  name?: string
  /** The events the chunk's code answers: the first one starts the import. */
  wanted(event: Logged, ctx: EffectContext): boolean
  /** Events that make a wanted one likely soon (a transaction asked for, before it is sent): they start the import too. */
  prefetch?(event: Logged, ctx: EffectContext): boolean
  /** True when the code is needed as the instance starts (a stored connection to restore). */
  now?(ctx: EffectContext): boolean
  chunk: Chunk<M>
  /** Runs the chunk's effect over `events$` (the kept events first); `kept()` is the wanted one being handed over, while it is. */
  run(module: M, events$: Observable<Logged>, ctx: EffectContext, kept: () => Kept<K> | undefined): Observable<LatchEvent>
  /** Noted when a wanted event is kept (say, a mark of what happens while the chunk loads); released once it has been handed over. */
  note?(event: Logged): K
  release?(note: K): void
  /**
   * The answers to a kept wanted event when the chunk could not be loaded. Without it, a kept wanted intent
   * (`x/yRequested` with a `requestId`) fails with its `x/yFailed` (`failIntent`), and the fault is logged as
   * `kernel/faulted` from `name`. `all` is every wanted event kept, in order (for an answer given once per failure).
   */
  failed?(kept: Kept<K>, error: LatchError, all: readonly Kept<K>[]): LatchEvent[]
}

/** Why the code did not load: a missing peer package says which (docs/errors.md, PEER_MISSING); anything else is `NETWORK_ERROR`. */
export function loadError(name: string, cause: unknown): LatchError {
  if (cause instanceof LatchError && cause.code === 'PEER_MISSING') return cause
  return new LatchError('NETWORK_ERROR', { details: `the ${name} plugin's code did not load: ${toLatchError(cause).details ?? String(cause)}`, cause })
}

/** A kept intent's `x/yFailed` with `error`; nothing for an event that is not an intent with a `requestId`. */
export function failIntent(event: Logged, error: LatchError): LatchEvent[] {
  if (!event.requestId || !event.type.endsWith('Requested')) return []
  return [{ type: event.type.replace(/Requested$/, 'Failed'), ns: event.ns, requestId: event.requestId, payload: { error: error.toData() } } as LatchEvent]
}

/**
 * The effect in `options.chunk`, loaded on the first wanted or prefetch event (or at once when `now` says so), and run
 * as soon as it has loaded. Already loaded when the instance starts, it runs at once, as if it were part of the
 * initial bundle. Otherwise events are kept while it loads and handed over as the module's comment says.
 */
export function whenNeeded<M, K = undefined>(events$: Observable<Logged>, ctx: EffectContext, options: WhenNeededOptions<M, K>): Observable<LatchEvent> {
  return new Observable<LatchEvent>((subscriber) => {
    const subscriptions = new Subscription()
    let handing: Entry<K> | undefined
    const start = (module: M, kept: readonly Entry<K>[]) => {
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
      subscriptions.add(options.run(module, hub, context, () => (handing?.wanted ? handing : undefined)).subscribe(subscriber))
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
      release(kept)
    }
    const release = (kept: readonly Entry<K>[]) => {
      for (const entry of kept) if (entry.wanted && options.note) options.release?.(entry.note)
    }
    const ready = options.chunk.loaded()
    if (ready) {
      start(ready, [])
      return subscriptions
    }
    let kept: Entry<K>[] | undefined
    const load = () => {
      kept ??= []
      options.chunk.load().then(
        (module) => {
          waiting.unsubscribe()
          const handed = kept ?? []
          kept = undefined
          if (!subscriptions.closed) start(module, handed)
          else release(handed)
        },
        (cause: unknown) => {
          const handed = kept ?? []
          kept = undefined
          release(handed)
          if (subscriptions.closed) return
          const error = loadError(options.name ?? 'a', cause)
          if (!options.failed) {
            ctx.ports.logger.error(error.message, error)
            subscriber.next(kernelFaulted({ source: options.name ?? 'plugin', error: error.toData() }))
          }
          const wanted = handed.filter((entry) => entry.wanted)
          for (const entry of wanted) for (const answer of options.failed?.(entry, error, wanted) ?? failIntent(entry.event, error)) subscriber.next(answer)
        },
      )
    }
    const keep = (event: Logged, wanted: boolean) => kept?.push({ event, state: ctx.getState(), note: (wanted ? options.note?.(event) : undefined) as K, wanted })
    const waiting = events$.subscribe((event) => {
      const wanted = options.wanted(event, ctx)
      if (kept) return void keep(event, wanted)
      if (!wanted && !options.prefetch?.(event, ctx)) return
      load()
      keep(event, wanted)
    })
    subscriptions.add(waiting)
    if (!kept && options.now?.(ctx)) load()
    return subscriptions
  })
}

/**
 * `whenNeeded` for a chunk whose code is one effect: `load` resolves to the `Effect` to run (a dynamic `import()` and
 * the plugin's settings), loaded at most once per instance. The family sessions (solana, bip122), WalletConnect's
 * session, the siwx flow and the names effect load this way.
 */
export function loadOnDemand(
  events$: Observable<Logged>,
  ctx: EffectContext,
  options: Omit<WhenNeededOptions<Effect, undefined>, 'chunk' | 'run' | 'note' | 'release' | 'name'> & { name: string; load(): Promise<Effect> },
): Observable<LatchEvent> {
  return whenNeeded(events$, ctx, { ...options, chunk: chunk(options.load), run: (effect, events$, ctx) => effect(events$, ctx) })
}

/**
 * A family plugin's effect, loaded with `import()` as the instance starts (docs/behaviour.md, "What loads when"), so a
 * dapp's first load holds only the plugin's events, reducers and slices: the events of that moment are kept and handed
 * to it in order once it has arrived. If it cannot load, the family's wallet and network intents kept (and its own,
 * `ns/…Requested`) fail with `NETWORK_ERROR`, except a connect to a connector another plugin listed (a WalletConnect or
 * embedded wallet: that plugin answers it), and the next one tries again. `run` makes the effect from the module.
 */
export function familyEffectAtStart<M>(ns: ChainNamespace, code: Chunk<M>, run: (module: M) => Effect): Effect {
  const owned = new RegExp(`^(wallet|network|${ns})/.+Requested$`)
  return (events$, ctx) =>
    whenNeeded(events$, ctx, {
      name: ns,
      wanted: (event) => event.ns === ns && owned.test(event.type),
      now: () => true,
      chunk: code,
      run: (module, events$, ctx) => run(module)(events$, ctx),
      // The code did not load, so the family knows no wallet of its own: a listed connector is another plugin's (session.ts's
      // isForeignConnector with an empty registry, written out so the first load does not take session.ts with it).
      failed: ({ event, state }, cause) => {
        const connectorId = event.type === 'wallet/connectRequested' ? (event.payload as { connectorId?: unknown }).connectorId : undefined
        return connectorId !== undefined && state.connectors.list.some((c) => c.id === connectorId && c.chain === ns) ? [] : failIntent(event, cause)
      },
    })
}

/** A stored connection of family `ns` waits to be restored (docs/behaviour.md, "Reconnect"). */
export function reconnectPending(ctx: EffectContext, ns: ChainNamespace): boolean {
  const chain = ctx.getState().chains[ns]
  return chain.reconnectConnectorId !== undefined && chain.connectorId === undefined
}

/**
 * When a family's wallet session is wanted: an intent of that family it answers (`intents`), or the stored state
 * brought back with a connection to restore. For `whenNeeded`'s `wanted` and `now`.
 */
export function whenFamilyNeeded(ns: ChainNamespace, intents: ReadonlySet<string>): Pick<WhenNeededOptions<unknown, unknown>, 'wanted' | 'now'> {
  return {
    wanted: (event, ctx) => (event.ns === ns && intents.has(event.type)) || (storageHydrated.match(event) && reconnectPending(ctx, ns)),
    now: (ctx) => reconnectPending(ctx, ns),
  }
}
