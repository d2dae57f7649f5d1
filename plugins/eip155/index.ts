/** Latch's EVM family (eip155): the plugin, its verbs, events and selectors. */
export { eip155, type Eip155Options } from './plugin'
export type { TokenListEntry } from './tokens/options'
export { eip155ReceiptReceived, eip155TokenRejected } from './balance-events'
export { fromViemChain, type FromViemChainOptions, type ViemChainLike } from './networks'
export { getCapabilities, type GetCapabilitiesErrorType, type GetCapabilitiesParameters, type GetCapabilitiesReturnType } from './get-capabilities'
export { signTypedData, serializeTypedData, type SignTypedDataErrorType, type SignTypedDataParameters, type SignTypedDataReturnType, type TypedDataShape } from './sign-typed-data'
export { sendCalls, type Call, type SendCallsErrorType, type SendCallsParameters, type SendCallsReturnType } from './send-calls'
export { getCallsStatus, type GetCallsStatusErrorType, type GetCallsStatusParameters, type GetCallsStatusReturnType } from './get-calls-status'
export { waitForCallsStatus, type WaitForCallsStatusParameters } from './wait-for-calls-status'
export {
  grantPermissions,
  revokePermissions,
  type GrantPermissionsReturnType,
  type PermissionsErrorType,
  type PermissionsParameters,
  type RevokePermissionsReturnType,
} from './permissions'
export { eip155Provider, ProviderRpcError, toProviderError, type Eip155ProviderEvent, type LatchEip1193Provider } from './eip1193-provider'
export {
  eip155CapabilitiesFailed,
  eip155CapabilitiesRequested,
  eip155CapabilitiesSucceeded,
  eip155Events,
  type Capabilities,
  type Eip155State,
} from './events'
export { selectCapabilities, selectEip155Address, selectEip155ChainId, selectEip155Network, selectIsEip155Connected } from './selectors'
export { providerErrorCodes } from './errors'
export { injectedConnectorId } from './injected-id'
export type { Eip1193Provider } from './provider'
export { eip155RpcUrlMissing, eip155TransportEvents } from './transport-events'
export { resolveName, type ResolveNameErrorType } from './resolve-name'
export { eip155NameFailed, eip155NameRequested, eip155NameSucceeded } from './events'
export { estimateFee, type EstimateFeeParameters, type EstimateFeeReturnType } from './estimate-fee'
export { eip155FeeEstimateFailed, eip155FeeEstimateRequested, eip155FeeEstimateSucceeded } from './events'
export { sendTokens, estimateSendFee } from './send-verbs'
export type { EstimateSendFeeParameters, SendTokensErrorType, SendTokensParameters, SendTokensReturnType, SendTokensToken } from './send-tokens'
export { eip155TransferSent, selectPendingTransfers } from './pending'
export { eip155Errors } from './error-codes'
