import { LatchError, selectAddress, type Kernel, type RequestOptions } from '../../kernel/index'
import { eip155CapabilitiesRequested, type Capabilities } from './events'
import { eip155Errors } from './error-codes'

export type GetCapabilitiesParameters = { address?: string } & RequestOptions
export type GetCapabilitiesReturnType = Capabilities
export type GetCapabilitiesErrorType = LatchError

/**
 * The connected wallet's EIP-5792 capabilities for `address` (the connected one by default);
 * `{}` when the wallet fails or lacks the method (docs/errors.md). No address at all rejects (docs/errors.md).
 */
export async function getCapabilities(latch: Kernel, { address, ...options }: GetCapabilitiesParameters = {}): Promise<GetCapabilitiesReturnType> {
  const target = address ?? selectAddress(latch.getState(), 'eip155')
  if (!target) throw eip155Errors.error('CAPABILITIES_ADDRESS_REQUIRED')
  try {
    const { capabilities } = await latch.request(eip155CapabilitiesRequested({ address: target }, { ns: 'eip155' }), options)
    return capabilities
  } catch (error) {
    if (error instanceof LatchError && error.code === 'CAPABILITIES_ADDRESS_REQUIRED') throw error
    return {}
  }
}
