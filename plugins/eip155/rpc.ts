import { Observable, map } from 'rxjs'
import * as z from 'zod/mini'
import { constants, LatchError, toLatchError, type Ports } from '../../kernel/index'
import { jsonRpcResponseSchema } from './schemas'

/**
 * One JSON-RPC call over HTTP through the fetch port: validated, aborted on unsubscribe,
 * failing with `REQUEST_TIMEOUT` after `timeout` ms of the clock port (docs/behaviour.md, "Numbers": 10 s).
 */
export function rpcCall(ports: Ports, url: string, method: string, params: readonly unknown[], timeout: number = constants.rpcTimeout): Observable<unknown> {
  return postJsonRpc(ports, url, { jsonrpc: '2.0', id: 1, method, params }, method, timeout).pipe(map((json) => readRpcResult(json, method)))
}

/**
 * POSTs a JSON-RPC body (one call, or a batch) and gives the parsed JSON answer, or undefined when the body is
 * not JSON. Fails with `NETWORK_ERROR` (no answer), `RATE_LIMITED` (429), `SERVER_ERROR` (5xx), `UNKNOWN`
 * (another status) or `REQUEST_TIMEOUT` after `timeout` ms of the clock port; unsubscribing aborts the fetch.
 * `label` names the call in error details.
 */
export function postJsonRpc(ports: Ports, url: string, body: unknown, label: string, timeout: number = constants.rpcTimeout): Observable<unknown> {
  return new Observable<unknown>((subscriber) => {
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
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    })
      .catch((cause: unknown) => {
        throw new LatchError('NETWORK_ERROR', { details: `${label} to ${url} failed: ${cause instanceof Error ? cause.message : String(cause)}`, cause })
      })
      .then(async (response) => {
        if (!response.ok) throw httpError(response.status, label)
        return (await response.json().catch(() => undefined)) as unknown
      })
      .then(
        (json) => {
          timer.unsubscribe()
          subscriber.next(json)
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

/** An RPC node's error answer, kept as the LatchError's cause so a fallback can tell a revert from a failing node. */
export type RpcErrorAnswer = { code: number; message: string }

/** The result of one JSON-RPC answer; throws `INVALID_RESPONSE` for junk, `UNKNOWN` (cause: the answer's error) for an error answer. */
export function readRpcResult(json: unknown, method: string): unknown {
  const parsed = z.safeParse(jsonRpcResponseSchema, json)
  if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: `${method}: not a JSON-RPC response` })
  if ('error' in parsed.data) {
    const { code, message } = parsed.data.error
    throw new LatchError('UNKNOWN', { details: `${method}: RPC error ${code}: ${message}`, cause: { code, message } satisfies RpcErrorAnswer })
  }
  return parsed.data.result
}

function httpError(status: number, label: string): LatchError {
  const details = `${label}: HTTP ${status}`
  if (status === 429) return new LatchError('RATE_LIMITED', { details })
  if (status >= 500 && status <= 599) return new LatchError('SERVER_ERROR', { details })
  return new LatchError('UNKNOWN', { details })
}
