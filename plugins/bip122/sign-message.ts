import { request, type Kernel, type LatchError, type RequestOptions } from '../../kernel/index'

export type SignMessageParameters = {
  message: string
  /** The signing address (default: the active payment address). It must be an account of the connection. */
  address?: string
  /** 'BIP322' (default for segwit and taproot addresses) or 'ECDSA', the legacy form (default for P2PKH addresses). */
  protocol?: 'ECDSA' | 'BIP322'
} & RequestOptions
/** The signature in base64, the address that signed and the protocol used. */
export type SignMessageReturnType = { signature: string; address: string; protocol: 'ECDSA' | 'BIP322' }
export type SignMessageErrorType = LatchError

/**
 * Asks the connected Bitcoin wallet to sign a message (`signMessage`, docs/bitcoin.md, "Requests"): BIP-322 simple
 * for segwit and taproot addresses, the legacy signed-message form for P2PKH. Resolves once the answer is checked
 * as a signature of that address.
 */
export function signMessage(latch: Kernel, { message, address, protocol, ...options }: SignMessageParameters): Promise<SignMessageReturnType> {
  const params = { message, ...(address === undefined ? {} : { address }), ...(protocol === undefined ? {} : { protocol }) }
  return request<SignMessageReturnType>(latch, { ns: 'bip122', method: 'signMessage', params, ...options })
}
