import { catchError, defer, Observable, throwError } from 'rxjs'
import * as z from 'zod/mini'
import { constants, LatchError, toLatchError, type Ports } from '../../kernel/index'

/** A JSON-RPC answer: its result, and the body's text (for numbers too large for a double). */
export type RpcAnswer = { result: unknown; text: string }

const responseSchema = z.union([z.object({ error: z.object({ code: z.number(), message: z.string() }) }), z.object({ result: z.unknown() })])

/**
 * One JSON-RPC call to a Solana network's RPC URLs, in the integrator's order (docs/solana.md, "Balances"): the
 * next URL when one fails (no answer, an HTTP error, junk, an RPC error); the last URL's error when all fail. Each
 * URL gets 10 s on the clock port; unsubscribing aborts the fetch. Errors as for EVM RPC (docs/errors.md).
 */
export function rpcRequest(ports: Ports, urls: readonly string[], method: string, params: readonly unknown[]): Observable<RpcAnswer> {
  const attempt = (i: number): Observable<RpcAnswer> =>
    call(ports, urls[i] as string, method, params).pipe(catchError((error: unknown) => (i + 1 < urls.length ? attempt(i + 1) : throwError(() => error))))
  return defer(() => (urls.length === 0 ? throwError(() => new LatchError('UNKNOWN', { details: `${method}: no RPC URL` })) : attempt(0)))
}

function call(ports: Ports, url: string, method: string, params: readonly unknown[]): Observable<RpcAnswer> {
  return new Observable<RpcAnswer>((subscriber) => {
    const fetch = ports.fetch
    if (!fetch) {
      subscriber.error(new LatchError('UNKNOWN', { details: 'no fetch port' }))
      return undefined
    }
    const controller = new AbortController()
    const timer = ports.scheduler.schedule(() => {
      controller.abort()
      subscriber.error(new LatchError('REQUEST_TIMEOUT', { details: `${method} to ${url} got no answer in ${constants.rpcTimeout} ms` }))
    }, constants.rpcTimeout)
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }), signal: controller.signal })
      .catch((cause: unknown) => {
        throw new LatchError('NETWORK_ERROR', { details: `${method} to ${url} failed: ${cause instanceof Error ? cause.message : String(cause)}`, cause })
      })
      .then(async (response) => {
        const details = `${method}: HTTP ${response.status}`
        if (response.status === 429) throw new LatchError('RATE_LIMITED', { details })
        if (response.status >= 500 && response.status <= 599) throw new LatchError('SERVER_ERROR', { details })
        if (!response.ok) throw new LatchError('UNKNOWN', { details })
        const text = await response.text()
        let json: unknown
        try {
          json = JSON.parse(text)
        } catch {
          json = undefined
        }
        const parsed = z.safeParse(responseSchema, json)
        if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: `${method}: not a JSON-RPC response` })
        if ('error' in parsed.data) throw new LatchError('UNKNOWN', { details: `${method}: RPC error ${parsed.data.error.code}: ${parsed.data.error.message.slice(0, 300)}`, cause: parsed.data.error })
        return { result: parsed.data.result, text }
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
