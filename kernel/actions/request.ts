import { LatchError } from '../engine/errors'
import type { Kernel, RequestOptions } from '../engine/kernel'
import type { ChainNamespace } from '../types'

export type RequestParameters = {
  method: string
  /** JSON only: hex strings rather than bigints, as EIP-1193 sends them. */
  params?: readonly unknown[] | Readonly<Record<string, unknown>>
  ns?: ChainNamespace
} & RequestOptions
export type RequestReturnType = unknown

/**
 * Sends any RPC method to the connected wallet of a family (the active one by default), through
 * the log: the intent and its outcome are logged. The family's plugin refuses a method outside the
 * allowed ones with `RPC_NOT_ALLOWED` (docs/behaviour.md, "Wallet requests").
 */
export function request<T = RequestReturnType>(latch: Kernel, { method, params, ns, ...options }: RequestParameters): Promise<T> {
  const family = ns ?? latch.getState().activeNamespace
  if (!family) return Promise.reject(new LatchError('CHAIN_REQUIRED'))
  const payload = params === undefined ? { method } : { method, params: params as never }
  return latch.request({ type: 'wallet/rpcRequested', ns: family, payload }, options).then(({ result }) => result as T)
}
