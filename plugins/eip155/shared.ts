/**
 * What the plugin's lazily loaded code (kernel/family/lazy.ts) uses of the rest: every module loaded with
 * `import()` takes the plugin's own helpers from here, never from their files.
 *
 * Why one door: esbuild splits shared code by which entries reach a file, so a helper reached by only some of the
 * lazy modules would be cut into a small chunk of its own in the initial load (each costing a file and its gzip
 * overhead). Reached by all of them through this module, the helpers stay in one chunk (docs/behaviour.md,
 * "What loads when"). scripts/layering.test.ts checks the rule.
 */
export { describe, readAccounts, readChainId } from './accounts'
export { eip155ReceiptReceived, eip155TokenRejected, eip155TransferSent, nativeBalanceTriggers } from './balance-events'
export { estimateFee } from './estimate-fee'
export { providerErrorCode, toWalletError } from './wallet-error'
export { caipAddressOf, connectedEvents } from './connected'
export {
  eip155CapabilitiesFailed,
  eip155CapabilitiesRequested,
  eip155CapabilitiesSucceeded,
  eip155FeeEstimateFailed,
  eip155FeeEstimateRequested,
  eip155FeeEstimateSucceeded,
  eip155NameFailed,
  eip155NameRequested,
  eip155NameSucceeded,
} from './events'
export { toHexQuantity } from './hex'
export { injectedConnectorId } from './injected-id'
export { chunk } from '../../kernel/family/lazy'
export { chainIdOf } from './networks'
export { caipNetworkIdOf, placeholderNetwork, toAddChainParameters, universalResolverOf } from './network-params'
export { capabilitiesSchema, hexQuantitySchema } from './schemas'
export { selectEip155ChainId } from './selectors'
export { activeSession, isForeignConnector } from './session'
export { notConnected } from './not-connected'
export { selectPendingTransfers } from './pending'
export { resolveName } from './resolve-name'
export { sendCalls } from './send-calls'
export { signTypedData } from './sign-typed-data'
export { eip155RpcUrlMissing } from './transport-events'
