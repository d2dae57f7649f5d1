import { request, type Kernel, type LatchError, type RequestOptions } from '../../kernel/index'

export type GetAccountAddressesParameters = {
  /** The purposes asked (default: the plugin's, payment and, with `bip122({ ordinals: true })`, ordinals). */
  purposes?: readonly ('payment' | 'ordinals')[]
} & RequestOptions
export type AccountAddress = { address: string; publicKey?: string; purpose: 'payment' | 'ordinals'; addressType: 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' }
export type GetAccountAddressesReturnType = AccountAddress[]
export type GetAccountAddressesErrorType = LatchError

/** Asks the connected Bitcoin wallet for its addresses (`getAccountAddresses`), each checked for the connection's network. */
export function getAccountAddresses(latch: Kernel, { purposes, ...options }: GetAccountAddressesParameters = {}): Promise<GetAccountAddressesReturnType> {
  return request<GetAccountAddressesReturnType>(latch, { ns: 'bip122', method: 'getAccountAddresses', params: purposes ? { purposes: [...purposes] } : {}, ...options })
}
