import { filter, mergeMap, Observable } from 'rxjs'
import { kernelFaulted } from './core/events'
import { type LatchError, toLatchError } from './errors'
import type { EventDefinition, LatchEvent, Logged } from './events'
import type { ChainNamespace } from './types'

/** Returned by a handler to leave the intent to another plugin (say, one that owns the connector). */
export const notMine: unique symbol = Symbol('latch.notMine')

export type AnswerIntentOptions<I, S> = {
  /** The intent to answer, its success event, and its failure event (payload `{ error }`). */
  intent: EventDefinition<string, I>
  succeeded: EventDefinition<string, S>
  failed: EventDefinition<string, { error: { code: string; shortMessage: string; details?: string } }>
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
 * one that escapes is logged as `kernel/faulted` and ends only that answer.
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
          handle(intent, emit)
            .then(
              (result) => {
                if (result !== notMine) emit(options.succeeded(result, reply) as LatchEvent)
              },
              (error: unknown) => emit(options.failed({ error: toError(error).toData() }, reply) as LatchEvent),
            )
            .catch((bug: unknown) => emit(kernelFaulted({ source: options.intent.type, error: toLatchError(bug, 'EFFECT_FAILED').toData() })))
            .finally(() => subscriber.complete())
        }),
    ),
  )
}
