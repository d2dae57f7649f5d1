import type { Hex } from 'viem'
import { LatchError } from '../engine/errors'
import type { Kernel, RequestOptions } from '../engine/kernel'
import type { ChainNamespace } from '../types'

export type SignMessageParameters<N extends ChainNamespace | undefined = ChainNamespace | undefined> = { message: string; ns?: N } & RequestOptions
/**
 * The signature as the family writes it: 0x hex for eip155 (viem's type only, `import type`: the kernel loads nothing
 * of viem at run time), base58 for Solana, base64 for Bitcoin; a plain string when the family is not named (the active one).
 */
export type SignMessageReturnType<N extends ChainNamespace | undefined = ChainNamespace | undefined> = { signature: [N] extends ['eip155'] ? Hex : string }

/** Asks the connected wallet to sign a message; resolves with the signature. Fails with a `SignMessageErrorType`. */
export function signMessage<const N extends ChainNamespace | undefined = undefined>(latch: Kernel, { message, ns, ...options }: SignMessageParameters<N>): Promise<SignMessageReturnType<N>> {
  const family = ns ?? latch.getState().activeNamespace
  if (!family) return Promise.reject(new LatchError('CHAIN_REQUIRED'))
  // The eip155 plugin answers with the signature the wallet returned, checked as 0x and at least 62 hex digits.
  return latch.request({ type: 'wallet/signMessageRequested', ns: family, payload: { message } }, options) as Promise<SignMessageReturnType<N>>
}
