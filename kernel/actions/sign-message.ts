import type { Hex } from 'viem'
import { LatchError } from '../errors'
import type { Kernel, RequestOptions } from '../kernel'
import type { ChainNamespace } from '../types'

export type SignMessageParameters = { message: string; ns?: ChainNamespace } & RequestOptions
// viem's type only (`import type`): the kernel loads nothing of viem at run time.
export type SignMessageReturnType = { signature: Hex }

/** Asks the connected wallet to sign a message; resolves with the signature. */
export function signMessage(latch: Kernel, { message, ns, ...options }: SignMessageParameters): Promise<SignMessageReturnType> {
  const family = ns ?? latch.getState().activeNamespace
  if (!family) return Promise.reject(new LatchError('CHAIN_REQUIRED'))
  // The eip155 plugin answers with the signature the wallet returned, checked as 0x and at least 62 hex digits.
  return latch.request({ type: 'wallet/signMessageRequested', ns: family, payload: { message } }, options) as Promise<SignMessageReturnType>
}
