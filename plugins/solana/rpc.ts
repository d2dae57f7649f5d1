import { catchError, defer, throwError, type Observable } from 'rxjs'
import { LatchError, type Ports } from '../../kernel/index'
import { jsonRpcCall } from '../../kernel/family/json-rpc'

/** A JSON-RPC answer: its result, and the body's text (for numbers too large for a double). */
export type RpcAnswer = { result: unknown; text: string }

/**
 * One JSON-RPC call to a Solana network's RPC URLs, in the integrator's order (docs/solana.md, "Balances"): the
 * next URL when one fails (no answer, an HTTP error, junk, an RPC error); the last URL's error when all fail. Each
 * URL gets 10 s on the clock port; unsubscribing aborts the fetch. The kit's JSON-RPC client: errors as for EVM RPC (docs/errors.md).
 */
export function rpcRequest(ports: Ports, urls: readonly string[], method: string, params: readonly unknown[]): Observable<RpcAnswer> {
  const attempt = (i: number): Observable<RpcAnswer> =>
    jsonRpcCall(ports, urls[i] as string, method, params, { cut: 300 }).pipe(catchError((error: unknown) => (i + 1 < urls.length ? attempt(i + 1) : throwError(() => error))))
  return defer(() => (urls.length === 0 ? throwError(() => new LatchError('UNKNOWN', { details: `${method}: no RPC URL` })) : attempt(0)))
}
