import { LatchError } from '../errors'
import type { Kernel, RequestOptions } from '../kernel'
import type { ChainNamespace } from '../types'

export type SignMessageParameters = { message: string; ns?: ChainNamespace } & RequestOptions

/** Asks the connected wallet to sign a message; resolves with the signature. */
export function signMessage(latch: Kernel, { message, ns, ...options }: SignMessageParameters): Promise<{ signature: string }> {
  const family = ns ?? latch.getState().activeNamespace
  if (!family) return Promise.reject(new LatchError('CHAIN_REQUIRED'))
  return latch.request({ type: 'wallet/signMessageRequested', ns: family, payload: { message } }, options)
}
