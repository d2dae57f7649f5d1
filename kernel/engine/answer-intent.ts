import { filter } from 'rxjs/internal/operators/filter'
import { mergeMap } from 'rxjs/internal/operators/mergeMap'
import { Observable } from 'rxjs/internal/Observable'
import { accountDisconnected } from '../core/slices/chains'
import { kernelFaulted } from '../core/events'
import { walletDisconnectFailed, walletDisconnectRequested, walletDisconnectSucceeded } from '../core/intents'
import { type LatchError, toLatchError } from './errors'
import type { EventDefinition, LatchEvent, Logged } from './events'
import type { ChainNamespace } from '../types'

export type AnswerIntentOptions<I, S> = {
  /** The intent to answer, its success event, and its failure event (payload `{ error }`). */
  intent: EventDefinition<string, I>
  succeeded: EventDefinition<string, S>
  failed: EventDefinition<string, { error: { code: string; shortMessage: string; details?: string | undefined } }>
  /** Only intents naming this chain family are answered. */
  ns: ChainNamespace
  /** Turns whatever the handler threw into the LatchError the visitor sees. */
  toError?: (error: unknown) => LatchError
  /**
   * Which of the family's intents are this handler's, when it answers only some (a connect naming a connector another
   * plugin lists, docs/plugins.md "Intents and request()"); read when the intent arrives. Default: all of them.
   */
  owns?: (intent: Intent<I>) => boolean
}

export type Intent<I> = Logged<{ type: string; payload: I; ns?: ChainNamespace; requestId?: string }>

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
  handle: (intent: Intent<I>, emit: (event: LatchEvent) => void) => Promise<S>,
): Observable<LatchEvent> {
  const toError = options.toError ?? ((error: unknown) => toLatchError(error))
  return events$.pipe(
    filter((event) => options.intent.match(event) && event.ns === options.ns && (options.owns?.(event as unknown as Intent<I>) ?? true)),
    mergeMap(
      (event) =>
        new Observable<LatchEvent>((subscriber) => {
          const intent = event as unknown as Intent<I>
          const reply = intent.requestId === undefined ? { ns: options.ns } : { ns: options.ns, requestId: intent.requestId }
          const emit = (event: LatchEvent) => subscriber.next(event)
          let answered = false
          const fail = (error: LatchError) => emit(options.failed({ error: error.toData() }, reply) as LatchEvent)
          // A handler that throws before its first await fails like one that rejects.
          new Promise<S>((resolve) => resolve(handle(intent, emit)))
            .then(
              (result) => {
                answered = true
                emit(options.succeeded(result, reply) as LatchEvent)
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

/**
 * Answers `wallet/disconnectRequested` for one family (docs/behaviour.md, "Connection states"): the wallet that holds the
 * connection, if any, is told (`tell`, best effort: a wallet that cannot forget the site is forgotten by the site all the
 * same); then the family is disconnected. Failures are `DISCONNECT_FAILED`.
 */
export function answerFamilyDisconnect<S>(
  events$: Observable<Logged>,
  ns: ChainNamespace,
  session: () => S | undefined,
  tell: (session: S) => Promise<unknown>,
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
    if (current !== undefined) await tell(current).catch(() => undefined)
    emit(accountDisconnected({}, { ns }))
    return {}
  })
}
