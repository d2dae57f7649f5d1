import { map, Observable } from 'rxjs'
import * as z from 'zod/mini'
import { constants, LatchError, toLatchError, type Ports } from '../index'

/** A JSON-RPC answer as the kit reads it: an error (code and message) or a result. */
export const jsonRpcResponseSchema = z.union([z.object({ error: z.object({ code: z.number(), message: z.string() }) }), z.object({ result: z.unknown() })])

/** An RPC node's error answer, kept as the LatchError's cause (so a fallback can tell a revert from a failing node). */
export type RpcErrorAnswer = { code: number; message: string }

/** What came back: the parsed JSON (undefined when the body is not JSON) and the body's text (for numbers too large for a double). */
export type JsonRpcBody = { json: unknown; text: string }

/**
 * POSTs a JSON-RPC body (one call, or a batch) through the fetch port (docs/plugins.md, "The family kit"). Fails with
 * `NETWORK_ERROR` (no answer), `RATE_LIMITED` (429), `SERVER_ERROR` (5xx), `UNKNOWN` (another status or no fetch port)
 * or `REQUEST_TIMEOUT` after `timeout` ms of the clock port (default 10 s, docs/behaviour.md, "Numbers"); unsubscribing
 * aborts the fetch. `label` names the call in error details.
 */
export function postJsonRpc(ports: Ports, url: string, body: unknown, label: string, timeout: number = constants.rpcTimeout): Observable<JsonRpcBody> {
  return new Observable<JsonRpcBody>((subscriber) => {
    const fetch = ports.fetch
    if (!fetch) {
      subscriber.error(new LatchError('UNKNOWN', { details: 'no fetch port' }))
      return undefined
    }
    const controller = new AbortController()
    const timer = ports.scheduler.schedule(() => {
      controller.abort()
      subscriber.error(new LatchError('REQUEST_TIMEOUT', { details: `${label} to ${url} got no answer in ${timeout} ms` }))
    }, timeout)
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: controller.signal })
      .catch((cause: unknown) => {
        throw new LatchError('NETWORK_ERROR', { details: `${label} to ${url} failed: ${cause instanceof Error ? cause.message : String(cause)}`, cause })
      })
      .then(async (response) => {
        const details = `${label}: HTTP ${response.status}`
        if (response.status === 429) throw new LatchError('RATE_LIMITED', { details })
        if (response.status >= 500 && response.status <= 599) throw new LatchError('SERVER_ERROR', { details })
        if (!response.ok) throw new LatchError('UNKNOWN', { details })
        const text = await response.text().catch(() => '')
        return { json: parseJson(text), text }
      })
      .then(
        (answer) => {
          timer.unsubscribe()
          subscriber.next(answer)
          subscriber.complete()
        },
        (error: unknown) => {
          timer.unsubscribe()
          subscriber.error(toLatchError(error))
        },
      )
    return () => {
      timer.unsubscribe()
      controller.abort()
    }
  })
}

/**
 * The result of one JSON-RPC answer, validated: throws `INVALID_RESPONSE` for junk ('not a JSON-RPC response'), `UNKNOWN`
 * for an error answer (details `method: RPC error code: message`, the message cut to `cut` characters; cause: the error).
 */
export function readJsonRpcResult(json: unknown, method: string, cut?: number): unknown {
  const parsed = z.safeParse(jsonRpcResponseSchema, json)
  if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: `${method}: not a JSON-RPC response` })
  if ('error' in parsed.data) {
    const { code, message } = parsed.data.error
    throw new LatchError('UNKNOWN', { details: `${method}: RPC error ${code}: ${message.slice(0, cut)}`, cause: { code, message } satisfies RpcErrorAnswer })
  }
  return parsed.data.result
}

/** One JSON-RPC call (`id` 1) to `url`: its validated result and the body's text; errors as `postJsonRpc` and `readJsonRpcResult`. */
export function jsonRpcCall(
  ports: Ports,
  url: string,
  method: string,
  params: readonly unknown[],
  options: { timeout?: number; cut?: number } = {},
): Observable<{ result: unknown; text: string }> {
  return postJsonRpc(ports, url, { jsonrpc: '2.0', id: 1, method, params }, method, options.timeout).pipe(
    map(({ json, text }) => ({ result: readJsonRpcResult(json, method, options.cut), text })),
  )
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
