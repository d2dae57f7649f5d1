import { filter, mergeMap, Observable } from 'rxjs'
import { accountDisconnected, kernelFaulted } from './core/events'
import { walletDisconnectFailed, walletDisconnectRequested, walletDisconnectSucceeded } from './core/intents'
import { type LatchError, toLatchError } from './errors'
import type { EventDefinition, LatchEvent, Logged } from './events'
import type { ChainNamespace } from './types'

/** Returned by a handler to leave the intent to another plugin (say, one that owns the connector). */
export const notMine: unique symbol = Symbol('latch.notMine')

/**
 * What `answerIntent` emits for `notMine`: not an event, the kernel takes it. When every plugin that claims the family
 * declined an intent, nobody holds the family's connection: the kernel answers `NOT_CONNECTED` (docs/plugins.md).
 */
export const declined = 'kernel/declined'

export type AnswerIntentOptions<I, S> = {
  /** The intent to answer, its success event, and its failure event (payload `{ error }`). */
  intent: EventDefinition<string, I>
  succeeded: EventDefinition<string, S>
  failed: EventDefinition<string, { error: { code: string; shortMessage: string; details?: string | undefined } }>
  /** Only intents naming this chain family are answered. */
  ns: ChainNamespace
  /** Turns whatever the handler threw into the LatchError the visitor sees. */
  toError?: (error: unknown) => LatchError
}

type Intent<I> = Logged<{ type: string; payload: I; ns?: ChainNamespace; requestId?: string }>

/**
 * Answers every `intent` for one chain family: runs `handle`, then replies with the success
 * event carrying its result, or the failure event carrying its error, both echoing `ns` and
 * `requestId` so `latch.request` settles. `emit` sends events before the reply (facts such as
 * `account/connected`). Intents are handled concurrently; a reply can never be lost to a bug:
 * one that escapes (a throwing `toError`) is logged as `kernel/faulted` and the intent fails with
 * `EFFECT_FAILED`.
 */
export function answerIntent<I, S>(
  events$: Observable<Logged>,
  options: AnswerIntentOptions<I, S>,
  handle: (intent: Intent<I>, emit: (event: LatchEvent) => void) => Promise<S | typeof notMine>,
): Observable<LatchEvent> {
  const toError = options.toError ?? ((error: unknown) => toLatchError(error))
  return events$.pipe(
    filter((event) => options.intent.match(event) && event.ns === options.ns),
    mergeMap(
      (event) =>
        new Observable<LatchEvent>((subscriber) => {
          const intent = event as unknown as Intent<I>
          const reply = intent.requestId === undefined ? { ns: options.ns } : { ns: options.ns, requestId: intent.requestId }
          const emit = (event: LatchEvent) => subscriber.next(event)
          let answered = false
          const fail = (error: LatchError) => emit(options.failed({ error: error.toData() }, reply) as LatchEvent)
          // A handler that throws before its first await fails like one that rejects.
          new Promise<S | typeof notMine>((resolve) => resolve(handle(intent, emit)))
            .then(
              (result) => {
                answered = true
                emit((result === notMine ? { type: declined, requestId: intent.requestId } : options.succeeded(result, reply)) as LatchEvent)
              },
              (error: unknown) => {
                const latchError = toError(error)
                answered = true
                fail(latchError)
              },
            )
            .catch((bug: unknown) => {
              const error = toLatchError(bug, 'EFFECT_FAILED')
              emit(kernelFaulted({ source: options.intent.type, error: error.toData() }))
              // Even a bug answers the intent (docs/plugins.md, "Intents and request()").
              if (!answered) fail(error)
            })
            .finally(() => subscriber.complete())
        }),
    ),
  )
}

/** Who holds a family's connection, as its plugin sees it: nobody, another plugin, or this plugin (with `S`). */
export type FamilySession<S> = { kind: 'none' } | { kind: 'foreign' } | ({ kind: 'mine' } & S)

/**
 * Answers `wallet/disconnectRequested` for one family (docs/behaviour.md, "Connection states"): a connection another
 * plugin holds is left to it; a wallet this plugin holds is told (`tell`, best effort: a wallet that cannot forget
 * the site is forgotten by the site all the same); then the family is disconnected. Failures are `DISCONNECT_FAILED`.
 */
export function answerFamilyDisconnect<S>(
  events$: Observable<Logged>,
  ns: ChainNamespace,
  session: () => FamilySession<S>,
  tell: (session: { kind: 'mine' } & S) => Promise<unknown>,
): Observable<LatchEvent> {
  const options = {
    intent: walletDisconnectRequested,
    succeeded: walletDisconnectSucceeded,
    failed: walletDisconnectFailed,
    ns,
    toError: (error: unknown) => toLatchError(error, 'DISCONNECT_FAILED'),
  } as const
  return answerIntent(events$, options, async (_intent, emit) => {
    const current = session()
    if (current.kind === 'foreign') return notMine
    if (current.kind === 'mine') await tell(current).catch(() => undefined)
    emit(accountDisconnected({}, { ns }))
    return {}
  })
}
