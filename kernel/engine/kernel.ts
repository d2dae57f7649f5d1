import { BehaviorSubject } from 'rxjs/internal/BehaviorSubject'
import { Subject } from 'rxjs/internal/Subject'
import { distinctUntilChanged } from 'rxjs/internal/operators/distinctUntilChanged'
import { filter } from 'rxjs/internal/operators/filter'
import { map } from 'rxjs/internal/operators/map'
import { skip } from 'rxjs/internal/operators/skip'
import { take } from 'rxjs/internal/operators/take'
import { timer } from 'rxjs/internal/observable/timer'
import type { Observable, Subscription } from 'rxjs'
import * as z from 'zod/mini'
import { LatchError, type LatchErrorData } from './errors'
import type { EventOf, LatchEvent, Logged, RequestResult, RequestType } from './events'
import { createEventLog, defaultLogBytes, type ExportedLog } from './log'
import type { EffectContext, PersistedItem, Plugin } from './plugin'
import type { Ports } from './ports'
import type { ChainNamespace } from '../types'
import { createReduction, deepFreeze, type Accepted } from './reducer'
import { initialCoreState, type State } from '../core/state'
import { constants } from '../constants'
import { corePlugin } from '../core/plugin'
import { defaultStoragePrefix } from './storage-keys'
import { storageValueRejected, storageHydrated, kernelEventRejected, kernelFaulted } from '../core/events'

export type KernelOptions = {
  plugins?: readonly Plugin[]
  ports: Ports
  /** Prefix of every stored key; give two instances on one page different prefixes. */
  storagePrefix?: string
  /** Size bound of the event log (docs/limits.md, "The event log": about 1 MB). */
  logBytes?: number
  /** Events dispatched first, before stored values are read (the integrator's configuration). */
  configuration?: readonly LatchEvent[]
  /**
   * How long `request()` waits for an answer when the call names no `timeout`, in ms (default
   * 6 minutes, `constants.requestTimeout`); `Infinity` waits as long as the kernel lives.
   */
  requestTimeout?: number
}

export type RequestOptions = {
  /**
   * Milliseconds to wait for the `…Succeeded` or `…Failed` answer before rejecting with
   * `REQUEST_TIMEOUT` (default: the kernel's `requestTimeout`, 6 minutes). `Infinity` waits as
   * long as the kernel lives; so does any value of 2^31 ms (about 24.8 days) or more, beyond
   * what timers can count. Zero, a negative number or NaN is refused with `INVALID_OPTIONS`.
   */
  timeout?: number
}

export type Kernel = {
  /** The current state (frozen). */
  getState(): State
  /**
   * The state from the configuration alone (frozen, the same object for the kernel's life): the options reduced, before
   * stored values were read, before any plugin or wallet spoke. It is what a server renders and what a client's first
   * render shows while React hydrates that page, so both match; `useSyncExternalStore`'s `getServerSnapshot`
   * (docs/nextjs.md, "Hydration").
   */
  getServerState(): State
  /** Every state, starting with the current one. */
  readonly state$: Observable<State>
  /** Every accepted event, after it was reduced (unredacted: for effects and tests). */
  readonly events$: Observable<Logged>
  /** Validates, logs and reduces an event. Junk is rejected (logged as `kernel/eventRejected`), never thrown. */
  dispatch(event: LatchEvent): Logged | undefined
  /** Emits the selected value at once, then only when it changes. */
  select<T>(selector: (state: State) => T, equality?: (a: T, b: T) => boolean): Observable<T>
  /** For `useSyncExternalStore`: calls `listener` after every state change. */
  subscribe(listener: () => void): () => void
  /** Dispatches an intent and settles with its `…Succeeded` payload or a `LatchError` from `…Failed`. */
  request<T extends RequestType>(intent: EventOf<T>, options?: RequestOptions): Promise<RequestResult<T>>
  /** The bounded log as JSON-ready data, secrets redacted. */
  exportLog(): ExportedLog
  readonly plugins: readonly string[]
  readonly ports: Ports
  /** Stops every effect and rejects pending requests. */
  destroy(): void
}

/** Builds a kernel: reduces events into state and runs the plugins' effects over ports. */
export function createKernel(options: KernelOptions): Kernel {
  const { ports } = options
  const requestTimeout = options.requestTimeout ?? constants.requestTimeout
  const invalid = timeoutProblem(requestTimeout)
  if (invalid) throw new LatchError('INVALID_OPTIONS', { details: `requestTimeout ${invalid}` })
  const prefix = options.storagePrefix ?? defaultStoragePrefix
  const reduction = createReduction(options.plugins ?? [], initialCoreState, [corePlugin])
  const log = createEventLog({ maxBytes: options.logBytes ?? defaultLogBytes, initialState: reduction.initialState })
  const state$ = new BehaviorSubject<State>(reduction.initialState)
  const events$ = new Subject<Logged>()
  const subscriptions: Subscription[] = []
  const queue: { event: Logged; logged: Logged; bytes: number }[] = []
  let seq = 0
  let lastAt = Number.NEGATIVE_INFINITY
  let draining = false
  let destroyed = false
  // Why the last event was refused, for request() to say.
  let lastRejection: string | undefined
  // Intents awaiting their one answer, by requestId (docs/plugins.md, "Intents and request()").
  const pending = new Map<string, Intent>()

  function dispatch(input: LatchEvent): Logged | undefined {
    if (destroyed) return undefined
    // The pending intent this event answers, if any: a read-only request's answer is logged in clear; any other keeps its
    // `sensitive()` fields redacted.
    const answering = answered(typeOf(input), field(input, 'requestId'))
    const accepted = reduction.accept(input, { clear: answering?.clear })
    if (!accepted.ok) {
      lastRejection = accepted.reason
      ports.logger.warn(`event rejected: ${accepted.reason}`)
      enqueue(reduction.accept(kernelEventRejected({ eventType: typeOf(input), reason: accepted.reason.slice(0, 500) })) as Accepted)
      // A refused answer (junk, over the size limit) still answers its intent, at once.
      if (answering) answer(answering, new LatchError('INVALID_RESPONSE', { details: `the answer was refused: ${accepted.reason.slice(0, 400)}` }))
      return undefined
    }
    const { type, ns, requestId, payload } = accepted.event as Logged
    const base = type.slice(0, -9)
    const definition = requestId !== undefined && type.endsWith('Requested') && reduction.definition(`${base}Failed`) && reduction.definition(type)
    const intent: Intent | undefined = definition ? { base, ns, requestId: requestId as string, clear: definition.answerInClear?.(payload) } : undefined
    if (intent) {
      pending.set(intent.requestId, intent)
      // Bounded: intents nobody answers (an integrator's own, a plugin that never replies) are forgotten oldest first.
      if (pending.size > maxPending) pending.delete(pending.keys().next().value as string)
    }
    const logged = enqueue(accepted)
    // Routed by owner (docs/plugins.md, "Intents and request()"): the plugin that claims a family answers its wallet
    // intents; with none, nobody would answer, and the kernel says so at once.
    if (intent) unowned(intent)
    return logged
  }

  /**
   * A wallet intent (`wallet/…`, `network/…`) of a family no plugin claims (docs/errors.md): a connect or a network
   * switch has no adapter to go to (CHAIN_ADAPTER_NOT_FOUND); anything else needs a connection first (NOT_CONNECTED).
   */
  function unowned(intent: Intent) {
    if (!intent.ns || !/^(wallet|network)\//.test(intent.base)) return
    if (reduction.plugins.some((plugin) => plugin.namespaces?.includes(intent.ns as ChainNamespace))) return
    const missing = `${intent.ns} is not configured: no plugin holds a ${intent.ns} connection`
    if (intent.base === 'wallet/connect' || intent.base === 'network/switch') {
      answer(intent, new LatchError('CHAIN_ADAPTER_NOT_FOUND', { details: `${missing}; register its family plugin in createLatch({ plugins })` }))
      return
    }
    answer(intent, new LatchError('UNKNOWN', { message: 'NOT_CONNECTED', details: `${missing}; register its family plugin, then call connect() first` }))
  }

  /** The pending intent `type` answers (its `…Succeeded` or `…Failed` with its requestId), now answered. */
  function answered(type: string, requestId: unknown): Intent | undefined {
    const intent = pending.get(requestId as string)
    if (!intent || (type !== `${intent.base}Succeeded` && type !== `${intent.base}Failed`)) return undefined
    pending.delete(intent.requestId)
    return intent
  }

  /** The kernel answers an intent itself, with its `…Failed`. */
  function answer(intent: Intent, error: LatchError) {
    pending.delete(intent.requestId)
    dispatch({ type: `${intent.base}Failed`, ns: intent.ns, requestId: intent.requestId, payload: { error: error.toData() } } as LatchEvent)
  }

  /**
   * The next event's `meta`: numbered in order, and timed by the clock port but never earlier than the
   * event before (a wall clock can be set back), so a log's times never decrease and parseLog accepts it.
   */
  function nextMeta(): { seq: number; at: number } {
    lastAt = Math.max(lastAt, ports.scheduler.now())
    return { seq: ++seq, at: lastAt }
  }

  function enqueue({ event, logged, bytes }: Accepted): Logged {
    const meta = nextMeta()
    // docs/debugging.md, "Exporting a log": what subscribers receive and what the log keeps are frozen, so neither can be changed.
    const entry = { event: deepFreeze({ ...event, meta } as Logged), logged: deepFreeze({ ...logged, meta } as Logged), bytes }
    queue.push(entry)
    drain()
    return entry.event
  }

  // Events dispatched while one is being handled wait their turn, so every
  // subscriber sees every event in log order.
  function drain() {
    if (draining) return
    draining = true
    try {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        const { state, error } = reduction.reduce(state$.value, entry.logged)
        log.append(entry.logged, state, entry.bytes)
        if (state !== state$.value) state$.next(state)
        if (error) {
          ports.logger.error(error.message, error.cause)
          const faulted = reduction.accept(kernelFaulted({ source: entry.event.type, error: error.toData() }))
          if (faulted.ok) {
            const meta = nextMeta()
            queue.push({ event: deepFreeze({ ...faulted.event, meta } as Logged), logged: deepFreeze({ ...faulted.logged, meta } as Logged), bytes: faulted.bytes })
          }
        }
        events$.next(entry.event)
      }
    } finally {
      draining = false
    }
  }

  const select: Kernel['select'] = (selector, equality = Object.is) =>
    state$.pipe(map(selector), distinctUntilChanged(equality))

  const context: EffectContext = { ports, storagePrefix: prefix, getState: () => state$.value, select }

  function startEffects() {
    for (const plugin of reduction.plugins) {
      for (const effect of plugin.effects ?? []) {
        // An effect that throws, while starting or later, stops; the kernel and every other effect go on.
        let output: Observable<LatchEvent>
        try {
          output = effect(events$.asObservable(), context)
        } catch (cause) {
          fault(plugin.name, 'threw while starting', cause)
          continue
        }
        subscriptions.push(
          output.subscribe({
            next: (event) => void dispatch(event),
            error: (cause) => fault(plugin.name, 'failed and stopped', cause),
          }),
        )
      }
    }
  }

  /** Logs an effect's failure (docs/debugging.md, "Errors"): `kernel/faulted` in the log, the logger's error. */
  function fault(name: string, what: string, cause: unknown) {
    const error = new LatchError('EFFECT_FAILED', { details: `an effect of plugin "${name}" ${what}: ${describeCause(cause)}`, cause })
    ports.logger.error(error.message, error)
    dispatch(kernelFaulted({ source: name, error: error.toData() }))
  }

  const items = reduction.plugins.flatMap((plugin) => plugin.persist ?? [])

  function hydrate() {
    const storage = ports.storage
    if (!storage || items.length === 0) return
    const values: Record<string, unknown> = {}
    for (const item of items) {
      const key = prefix + item.key
      const raw = guard(() => storage.getItem(key), null)
      if (raw === null || raw === undefined) continue
      const value = decode(item, raw)
      if (value.ok) values[item.key] = value.value
      else {
        dispatch(storageValueRejected({ key: item.key, reason: value.reason }))
        guard(() => storage.removeItem(key), undefined)
      }
    }
    if (Object.keys(values).length > 0) dispatch(storageHydrated({ values }))
  }

  function persist() {
    const storage = ports.storage
    if (!storage) return
    if (items.length === 0) return
    // One subscriber for every item (not a select() pipeline each): it runs on every state change. Each item is written
    // at once, then whenever what it reads changes as JSON, in the items' order.
    const keys = items.map((item) => prefix + item.key)
    const last: unknown[] = []
    const stopped: boolean[] = []
    let first = true
    subscriptions.push(
      state$.subscribe((state) => {
        for (let i = 0; i < items.length; i++) {
          if (stopped[i]) continue
          let value: unknown
          try {
            value = (items[i] as PersistedItem).read(state)
          } catch (cause) {
            // As a failing select() pipeline did: this item is no longer written; the others go on.
            stopped[i] = true
            ports.logger.error(`storage item "${(items[i] as PersistedItem).key}" stopped: its read threw`, cause)
            continue
          }
          if (!first && jsonEqual(last[i], value)) continue
          last[i] = value
          const key = keys[i] as string
          guard(() => (value === undefined ? storage.removeItem(key) : storage.setItem(key, JSON.stringify(value))), undefined)
        }
        first = false
      }),
    )
  }

  function guard<T>(action: () => T, fallback: T): T {
    try {
      return action()
    } catch (cause) {
      // docs/storage.md, "When items are written": storage failures are only logged.
      ports.logger.warn('storage failed', cause)
      return fallback
    }
  }

  function request<T extends RequestType>(intent: EventOf<T>, requestOptions: RequestOptions = {}) {
    const requestId = intent.requestId ?? ports.random.id()
    const base = (intent.type as string).slice(0, -'Requested'.length)
    return new Promise<RequestResult<T>>((resolve, reject) => {
      if (destroyed) return reject(new LatchError('KERNEL_DESTROYED', { details: `request(${intent.type}) after destroy()` }))
      const wait = requestOptions.timeout ?? requestTimeout
      const invalid = timeoutProblem(wait)
      if (invalid) return reject(new LatchError('INVALID_OPTIONS', { details: `request(${intent.type}): timeout ${invalid}` }))
      const settled = events$.pipe(
        filter((e) => e.requestId === requestId && (e.type === `${base}Succeeded` || e.type === `${base}Failed`)),
        take(1),
      )
      const subscription = settled.subscribe({
        next: (event) => {
          stop()
          if (event.type.endsWith('Succeeded')) resolve(event.payload as RequestResult<T>)
          else reject(LatchError.fromData((event.payload as { error: LatchErrorData }).error))
        },
        complete: () => reject(new LatchError('KERNEL_DESTROYED', { details: `${intent.type} was pending when destroy() was called` })),
      })
      const timeout =
        wait >= maxTimer
          ? undefined
          : timer(wait, ports.scheduler).subscribe(() => {
              stop()
              pending.delete(requestId)
              reject(new LatchError('REQUEST_TIMEOUT', { details: `${intent.type} got no answer in ${wait} ms` }))
            })
      function stop() {
        subscription.unsubscribe()
        timeout?.unsubscribe()
      }
      lastRejection = undefined
      if (!dispatch({ ...intent, requestId } as LatchEvent)) {
        stop()
        reject(new LatchError('INVALID_EVENT', { details: lastRejection ?? `${intent.type} was not accepted` }))
      }
    })
  }

  // Reduced apart from the live state, with no effect running and a fixed time, so a server and a browser given the
  // same options compute the same state, whatever their effects and storage do. Computed on first use: only a server
  // render or a hydration asks for it, so a page rendered only in the browser does no second reduction at start-up.
  let serverState: State | undefined
  function getServerState(): State {
    if (serverState) return serverState
    let computed = reduction.initialState
    for (const event of options.configuration ?? []) {
      const accepted = reduction.accept(event)
      if (accepted.ok) computed = reduction.reduce(computed, { ...accepted.logged, meta: { seq: 0, at: 0 } } as Logged).state
    }
    return (serverState = deepFreeze(computed))
  }

  startEffects()
  for (const event of options.configuration ?? []) dispatch(event)
  hydrate()
  persist()

  return {
    getState: () => state$.value,
    getServerState,
    state$: state$.asObservable(),
    events$: events$.asObservable(),
    dispatch,
    select,
    subscribe(listener) {
      const subscription = state$.pipe(skip(1)).subscribe(() => listener())
      return () => subscription.unsubscribe()
    },
    request,
    exportLog: () => log.export(reduction.plugins.map((p) => p.name)),
    plugins: reduction.plugins.map((p) => p.name),
    ports,
    destroy() {
      if (destroyed) return
      destroyed = true
      for (const subscription of subscriptions) subscription.unsubscribe()
      events$.complete()
      state$.complete()
    },
  }
}

function decode(item: PersistedItem, raw: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return { ok: false, reason: 'not JSON' }
  }
  const parsed = z.safeParse(item.schema, json)
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: parsed.error.issues[0]?.message ?? 'invalid' }
}

/** Timers count up to 2^31 - 1 ms; a longer wait (Infinity included) means no timeout. */
const maxTimer = 2 ** 31

function timeoutProblem(ms: number): string | undefined {
  return typeof ms === 'number' && ms > 0 ? undefined : `must be a positive number of milliseconds or Infinity (got ${String(ms).slice(0, 40)})`
}

function describeCause(cause: unknown): string {
  try {
    if (cause instanceof LatchError) return `${cause.code}: ${cause.message}`.slice(0, 500)
    if (cause instanceof Error) return `${cause.name}: ${cause.message}`.slice(0, 500)
    return typeof cause === 'string' ? cause.slice(0, 500) : typeof cause
  } catch {
    return '(unreadable)'
  }
}

/** The most intents awaiting an answer that the kernel keeps track of. */
const maxPending = 1_000

type Intent = { base: string; ns?: ChainNamespace; requestId: string; clear?: boolean }

/** A field of an event as given, or undefined when it cannot be read (a Proxy, a getter that throws). */
function field(input: unknown, key: 'type' | 'requestId'): unknown {
  try {
    return (input as Record<string, unknown> | null)?.[key]
  } catch {
    return undefined
  }
}

function typeOf(input: unknown): string {
  const type = field(input, 'type')
  return typeof type === 'string' ? type.slice(0, 200) : '(none)'
}

/** Equal as JSON text. Arrays of strings (a common stored value) are compared item by item, without writing the text. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b) && a.every(isString) && b.every(isString)) return a.length === b.length && a.every((item, i) => item === b[i])
  return JSON.stringify(a) === JSON.stringify(b)
}

function isString(value: unknown): value is string {
  return typeof value === 'string'
}
