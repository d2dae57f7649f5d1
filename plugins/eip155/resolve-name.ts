import { LatchError, type Kernel, type RequestOptions } from '../../kernel/index'
import { eip155NameRequested } from './events'

export type ResolveNameErrorType = LatchError

/**
 * The address an ENS name resolves to on the active EVM network, through its universal resolver and its own RPC
 * (docs/behaviour.md, "Names"): lower-case, or null when the name resolves to none or is not a name. Rejects with
 * `NAME_RESOLUTION_FAILED` ('Error resolving name') when the lookup cannot be made or answered (no universal
 * resolver on the network, no answer within 5 seconds, junk), and `INVALID_NAME` when `name` is not a string.
 */
export async function resolveName(latch: Kernel, name: string, options?: RequestOptions): Promise<string | null> {
  if (typeof name !== 'string') throw new LatchError('INVALID_NAME', { details: 'resolveName: the name must be a string' })
  const { address } = await latch.request(eip155NameRequested({ name: name.slice(0, 300) }, { ns: 'eip155' }), options)
  return address
}
