import { integerField, readField } from '../../kernel/rules/thrown'

/** EIP-1193 (and EIP-1474) provider error codes that Latch tells apart. */
export const providerErrorCodes = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  requestPending: -32002,
  methodNotFound: -32601,
} as const

/** The EIP-1193 code of a wallet error, looking inside the wrapper some wallets add; undefined when it has none. */
export function providerErrorCode(error: unknown): number | undefined {
  const code = integerField(error, 'code')
  // MetaMask mobile wraps provider errors as -32603 with the real error in data.originalError.
  const inner = integerField(readField(readField(error, 'data'), 'originalError'), 'code')
  if (code === -32603 && inner !== undefined) return inner
  return code ?? integerField(readField(error, 'cause'), 'code')
}
