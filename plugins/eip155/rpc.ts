import { Observable } from 'rxjs'
import * as z from 'zod/mini'
import { constants, LatchError, toLatchError, type Ports } from '../../kernel/index'
import { jsonRpcResponseSchema } from './schemas'

/**
 * One JSON-RPC call over HTTP through the fetch port: validated, aborted on unsubscribe,
 * failing with `REQUEST_TIMEOUT` after `timeout` ms of the clock port (docs/behaviour.md, "Numbers": 10 s).
 */
export function rpcCall(ports: Ports, url: string, method: string, params: readonly unknown[], timeout: number = constants.rpcTimeout): Observable<unknown> {
  return new Observable<unknown>((subscriber) => {
    const fetch = ports.fetch
    if (!fetch) {
      subscriber.error(new LatchError('UNKNOWN', { details: 'no fetch port' }))
      return undefined
    }
    const controller = new AbortController()
    const timer = ports.scheduler.schedule(() => {
      controller.abort()
      subscriber.error(new LatchError('REQUEST_TIMEOUT', { details: `${method} to ${url} got no answer in ${timeout} ms` }))
    }, timeout)
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: controller.signal,
    })
      .catch((cause: unknown) => {
        throw new LatchError('NETWORK_ERROR', { details: `${method} to ${url} failed: ${cause instanceof Error ? cause.message : String(cause)}`, cause })
      })
      .then(async (response) => {
        if (!response.ok) throw httpError(response.status, method)
        const json: unknown = await response.json().catch(() => undefined)
        return readResult(json, method)
      })
      .then(
        (result) => {
          timer.unsubscribe()
          subscriber.next(result)
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

function readResult(json: unknown, method: string): unknown {
  const parsed = z.safeParse(jsonRpcResponseSchema, json)
  if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: `${method}: not a JSON-RPC response` })
  if ('error' in parsed.data) throw new LatchError('UNKNOWN', { details: `${method}: RPC error ${parsed.data.error.code}: ${parsed.data.error.message}` })
  return parsed.data.result
}

function httpError(status: number, method: string): LatchError {
  const details = `${method}: HTTP ${status}`
  if (status === 429) return new LatchError('RATE_LIMITED', { details })
  if (status >= 500 && status <= 599) return new LatchError('SERVER_ERROR', { details })
  return new LatchError('UNKNOWN', { details })
}
