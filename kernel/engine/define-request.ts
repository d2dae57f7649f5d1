import * as z from 'zod/mini'
import { defineEvent, type EventDefinition, type FailedOf, type SucceededOf } from './events'
import { sensitive as secret } from './redact'
import { errorDataSchema } from '../schemas'

const failedSchema = z.object({ error: errorDataSchema })
/** The payload of every `…Failed` answer: the LatchError as data (docs/errors.md). */
export type FailedPayload = z.infer<typeof failedSchema>

/** The three events of one intent (docs/plugins.md, "Intents"): asked, answered, failed. */
export type RequestDefinition<T extends `${string}Requested`, P, R> = {
  readonly requested: EventDefinition<T, P>
  readonly succeeded: EventDefinition<SucceededOf<T>, R>
  readonly failed: EventDefinition<FailedOf<T>, FailedPayload>
  /** The three, for a plugin's `events` (and `EventsOf<typeof x.events>`). */
  readonly events: readonly [EventDefinition<T, P>, EventDefinition<SucceededOf<T>, R>, EventDefinition<FailedOf<T>, FailedPayload>]
}

export type DefineRequestOptions<P> = {
  /** The intent and its answers concern one chain family and must carry `ns`. */
  namespaced?: boolean
  /**
   * The result is a secret (a signature, a signed transaction): every field of it is redacted before the log and the
   * reducers (docs/debugging.md, "What the log never holds"); the caller of `request` still gets it. A function decides
   * per intent: it returns true when this intent's answer is secret (a wallet request whose method is not read-only).
   */
  sensitive?: boolean | ((params: P) => boolean)
}

/**
 * Makes the `x/yRequested` / `x/ySucceeded` / `x/yFailed` triple of an intent from one definition: the intent's
 * parameters, its result (an object schema), and whether the result is secret. A secret result is redacted in the log
 * by construction, so a signing method cannot be logged in clear by forgetting a `sensitive()` somewhere else.
 */
export function defineRequest<T extends `${string}Requested`, P, S extends z.core.$ZodShape>(
  type: T,
  { params, result }: { params: z.ZodMiniType<P>; result: z.ZodMiniObject<S> },
  options: DefineRequestOptions<P> = {},
): RequestDefinition<T, P, z.infer<z.ZodMiniObject<S>>> {
  const base = type.slice(0, -'Requested'.length)
  const namespaced = options.namespaced ?? false
  const { sensitive } = options
  const answer = sensitive ? z.extend(result, Object.fromEntries(Object.entries(result.shape).map(([key, field]) => [key, secret(field as z.ZodMiniType)]))) : result
  const requested = defineEvent(type, params, {
    namespaced,
    ...(typeof sensitive === 'function' ? { answerInClear: (payload: P) => !sensitive(payload) } : {}),
  })
  const succeeded = defineEvent(`${base}Succeeded` as SucceededOf<T>, answer as unknown as z.ZodMiniType<z.infer<z.ZodMiniObject<S>>>, { namespaced })
  const failed = defineEvent(`${base}Failed` as FailedOf<T>, failedSchema, { namespaced })
  return { requested, succeeded, failed, events: [requested, succeeded, failed] }
}
