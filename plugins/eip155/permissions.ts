import { request, type Kernel, type LatchError, type RequestOptions } from '../../kernel/index'
import { toHexQuantity } from './hex'

/** A permissions request as ERC-7715 (grant) or EIP-2255 (revoke) shapes it; bigints become hex quantities. */
export type PermissionsParameters = Readonly<Record<string, unknown>> & RequestOptions
export type GrantPermissionsReturnType = Record<string, unknown>
export type RevokePermissionsReturnType = Record<string, unknown> | boolean | null
export type PermissionsErrorType = LatchError

/** Asks the connected EVM wallet to grant permissions (`wallet_grantPermissions`, ERC-7715); resolves with what it granted. */
export function grantPermissions(latch: Kernel, parameters: PermissionsParameters): Promise<GrantPermissionsReturnType> {
  return send(latch, 'wallet_grantPermissions', parameters) as Promise<GrantPermissionsReturnType>
}

/** Asks the connected EVM wallet to revoke permissions (`wallet_revokePermissions`; `{ eth_accounts: {} }` forgets the site). */
export function revokePermissions(latch: Kernel, parameters: PermissionsParameters): Promise<RevokePermissionsReturnType> {
  return send(latch, 'wallet_revokePermissions', parameters) as Promise<RevokePermissionsReturnType>
}

function send(latch: Kernel, method: string, { timeout, ...body }: PermissionsParameters): Promise<unknown> {
  let params: unknown
  try {
    params = JSON.parse(JSON.stringify(body, (_key, value: unknown) => (typeof value === 'bigint' ? toHexQuantity(value) : value)))
  } catch {
    // Not JSON (a cycle): the kernel refuses the intent and says why.
    params = body
  }
  return request(latch, { ns: 'eip155', method, params: [params], ...(timeout === undefined ? {} : { timeout }) })
}
