import { LatchError } from '../errors'
import type { Kernel, RequestOptions } from '../kernel'
import type { ChainNamespace } from '../types'

export type SendTransactionParameters = { to: string; value: bigint | string; data?: string; ns?: ChainNamespace } & RequestOptions

/** Asks the connected wallet to send a transaction; resolves with its hash once the wallet has sent it. */
export function sendTransaction(latch: Kernel, { to, value, data, ns, ...options }: SendTransactionParameters): Promise<{ hash: string }> {
  const family = ns ?? latch.getState().activeNamespace
  if (!family) return Promise.reject(new LatchError('CHAIN_REQUIRED'))
  const payload = { to, value: value.toString(), ...(data === undefined ? {} : { data }) }
  return latch.request({ type: 'wallet/sendTransactionRequested', ns: family, payload }, options)
}
