import type { Address, Hex, TypedData, TypedDataDefinition } from 'viem'
import { LatchError, request, type Kernel, type RequestOptions } from '../../kernel/index'
import { selectEip155Address } from './selectors'
import { notConnected } from './not-connected'

export type SignTypedDataParameters<
  typedData extends TypedData | Record<string, unknown> = TypedData,
  primaryType extends keyof typedData | 'EIP712Domain' = keyof typedData,
> = TypedDataDefinition<typedData, primaryType> & {
  /** The signing address (default: the connected EVM account). */
  account?: Address
} & RequestOptions
export type SignTypedDataReturnType = { signature: Hex }
export type SignTypedDataErrorType = LatchError

/**
 * Asks the connected EVM wallet to sign EIP-712 typed data (`eth_signTypedData_v4`), viem-style:
 * `{ domain, types, primaryType, message }`, bigints allowed. Resolves with the signature, checked
 * as 0x and at least 62 hex digits; junk from the wallet is `INVALID_RESPONSE` (docs/behaviour.md, "Wallet requests").
 */
export async function signTypedData<const typedData extends TypedData | Record<string, unknown>, primaryType extends keyof typedData | 'EIP712Domain'>(
  latch: Kernel,
  parameters: SignTypedDataParameters<typedData, primaryType>,
): Promise<SignTypedDataReturnType> {
  const { account, timeout, ...definition } = parameters as SignTypedDataParameters & { timeout?: number }
  const address = account ?? selectEip155Address(latch.getState())
  if (!address) throw notConnected()
  const typedData = serializeTypedData(definition as TypedDataShape)
  const signature = await request<Hex>(latch, { ns: 'eip155', method: 'eth_signTypedData_v4', params: [address, typedData], ...(timeout === undefined ? {} : { timeout }) })
  return { signature }
}

/** Typed data as the verb takes it, before serialising. */
export type TypedDataShape = {
  domain?: Readonly<Record<string, unknown>>
  types: Readonly<Record<string, readonly { name: string; type: string }[]>>
  primaryType: string
  message?: Readonly<Record<string, unknown>>
}

/**
 * The JSON `eth_signTypedData_v4` sends, as viem serialises it: bigints as decimal strings, and an
 * `EIP712Domain` type derived from the fields the domain has when `types` lacks one (wallets hash
 * the domain by that type). Throws `INVALID_PARAMS` for what is not JSON (a cycle).
 */
export function serializeTypedData({ domain, types, primaryType, message }: TypedDataShape): string {
  const withDomain = types.EIP712Domain ? types : { EIP712Domain: domainTypes(domain), ...types }
  try {
    const data = { domain: domain ?? {}, types: withDomain, primaryType, ...(primaryType === 'EIP712Domain' ? {} : { message }) }
    return JSON.stringify(data, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))
  } catch (cause) {
    throw new LatchError('INVALID_PARAMS', { details: `eth_signTypedData_v4: the typed data is not JSON (${cause instanceof Error ? cause.message : String(cause)})`, cause })
  }
}

/** EIP-712's domain fields, in their order, for those the domain sets. */
function domainTypes(domain: TypedDataShape['domain']): { name: string; type: string }[] {
  const fields = [
    ['name', 'string'],
    ['version', 'string'],
    ['chainId', 'uint256'],
    ['verifyingContract', 'address'],
    ['salt', 'bytes32'],
  ] as const
  return fields.filter(([name]) => domain?.[name] != null).map(([name, type]) => ({ name, type }))
}
