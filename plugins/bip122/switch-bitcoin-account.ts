import type { CaipAddress, Kernel, LatchError, RequestOptions } from '../../kernel/index'

export type SwitchAccountParameters = { address: string } & RequestOptions
export type SwitchAccountReturnType = { caipAddress: CaipAddress }
/** `BIP122_ADDRESS_REQUIRED`, `NON_PAYMENT_ACCOUNT` or `INVALID_ADDRESS` (docs/errors.md). */
export type SwitchAccountErrorType = LatchError

/**
 * Makes another payment account of the connected Bitcoin wallet the active one (docs/bitcoin.md, "Switching
 * accounts"). Refused without an address ('Address parameter is required for switching bip122 connection') and for
 * a non-payment account ('Switching to non-payment accounts is not allowed for bip122').
 */
export function switchAccount(latch: Kernel, { address, ...options }: SwitchAccountParameters): Promise<SwitchAccountReturnType> {
  return latch.request({ type: 'bip122/switchAccountRequested', ns: 'bip122', payload: address === undefined ? {} : { address } }, options)
}
