/**
 * JSON-RPC batching for one RPC URL (docs/networks.md, "Several RPC URLs"): calls made in the same tick go out as one
 * JSON-RPC batch of at most 1,000 calls (a lone call as a plain request), and each caller gets its own answer.
 */
import { Observable } from 'rxjs'
import * as z from 'zod/mini'
import { constants, LatchError, toLatchError, type Ports } from '../../kernel/index'
import { postJsonRpc, readRpcResult } from './rpc'

/** Most calls in one JSON-RPC batch (docs/behaviour.md, "Numbers"). */
export const rpcBatchSize = constants.rpcFallback.batchSize

/** Sends one JSON-RPC call to the batcher's URL; unsubscribing drops it (and aborts the fetch once no call of it is left). */
export type RpcBatcher = (method: string, params: readonly unknown[]) => Observable<unknown>

type Outcome = { result: unknown } | { error: LatchError }

type Call = {
  method: string
  params: readonly unknown[]
  live: boolean
  settle(outcome: Outcome): void
  /** Set once the call is sent: drops it, and aborts the request when no call of it is left. */
  cancel?: () => void
}

// Each answer is read whole by readRpcResult; here only its id is looked at.
const batchAnswerSchema = z.array(z.unknown())

/** A batcher over the fetch port; every request times out after `timeout` ms of the clock port. */
export function createBatcher(ports: Ports, url: string, timeout: number = constants.rpcTimeout, size: number = rpcBatchSize): RpcBatcher {
  let queue: Call[] = []

  const flush = () => {
    const calls = queue.filter((call) => call.live)
    queue = []
    for (let start = 0; start < calls.length; start += size) send(calls.slice(start, start + size))
  }

  const send = (calls: readonly Call[]) => {
    const [first] = calls
    if (!first) return
    const single = calls.length === 1
    const body = single
      ? { jsonrpc: '2.0', id: 1, method: first.method, params: first.params }
      : calls.map((call, id) => ({ jsonrpc: '2.0', id, method: call.method, params: call.params }))
    const settle = (outcomes: readonly Outcome[]) => calls.forEach((call, i) => call.live && call.settle(outcomes[i] as Outcome))
    const subscription = postJsonRpc(ports, url, body, single ? first.method : `a batch of ${calls.length} calls`, timeout).subscribe({
      next: ({ json }) => settle(single ? [outcomeOf(() => readRpcResult(json, first.method))] : batchOutcomes(json, calls, url)),
      error: (error: unknown) => settle(calls.map(() => ({ error: toLatchError(error) }))),
    })
    for (const call of calls) {
      call.cancel = () => {
        if (calls.every((other) => !other.live)) subscription.unsubscribe()
      }
    }
  }

  return (method, params) =>
    new Observable<unknown>((subscriber) => {
      const call: Call = {
        method,
        params,
        live: true,
        settle(outcome) {
          call.live = false
          if ('error' in outcome) subscriber.error(outcome.error)
          else {
            subscriber.next(outcome.result)
            subscriber.complete()
          }
        },
      }
      queue.push(call)
      // The first call of a tick schedules the flush; the others made before it ride along.
      if (queue.length === 1) queueMicrotask(flush)
      return () => {
        if (!call.live) return
        call.live = false
        call.cancel?.()
      }
    })
}

function outcomeOf(read: () => unknown): Outcome {
  try {
    return { result: read() }
  } catch (error) {
    return { error: toLatchError(error) }
  }
}

/** Each call's outcome from a batch answer, matched by id; a call the answer lacks fails with `INVALID_RESPONSE`. */
function batchOutcomes(json: unknown, calls: readonly Call[], url: string): Outcome[] {
  const answers = answersById(json, calls.length)
  return calls.map((call, id) => {
    const answer = answers?.get(id)
    if (answer === undefined) return { error: new LatchError('INVALID_RESPONSE', { details: `${call.method}: no answer for it in the batch from ${url}` }) }
    return outcomeOf(() => readRpcResult(answer, call.method))
  })
}

/** The answers of a batch by id, or undefined when the body is not a batch answer. */
function answersById(json: unknown, count: number): Map<number, unknown> | undefined {
  const parsed = z.safeParse(batchAnswerSchema, json)
  if (!parsed.success) return undefined
  const answers = new Map<number, unknown>()
  for (const answer of parsed.data.slice(0, count)) {
    const id = typeof answer === 'object' && answer !== null ? (answer as { id?: unknown }).id : undefined
    if (typeof id === 'number' && !answers.has(id)) answers.set(id, answer)
  }
  return answers
}
