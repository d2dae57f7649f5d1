import { map, type Observable } from 'rxjs'
import { constants, type Ports } from '../../kernel/index'
import { jsonRpcCall } from '../../kernel/family/json-rpc'

export { postJsonRpc, readJsonRpcResult as readRpcResult, type RpcErrorAnswer } from '../../kernel/family/json-rpc'

/**
 * One JSON-RPC call over HTTP through the fetch port, the kit's client: validated, aborted on unsubscribe,
 * failing with `REQUEST_TIMEOUT` after `timeout` ms of the clock port (docs/behaviour.md, "Numbers": 10 s).
 */
export function rpcCall(ports: Ports, url: string, method: string, params: readonly unknown[], timeout: number = constants.rpcTimeout): Observable<unknown> {
  return jsonRpcCall(ports, url, method, params, { timeout }).pipe(map((answer) => answer.result))
}
