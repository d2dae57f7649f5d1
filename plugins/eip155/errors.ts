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
