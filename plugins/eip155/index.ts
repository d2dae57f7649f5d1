/** Latch's EVM family (eip155): the plugin, its verbs, events and selectors. */
export { eip155, type Eip155Options } from './plugin'
export type { TokenListEntry } from './tokens/options'
export { eip155ReceiptReceived, eip155TokenRejected } from './balance-events'
export { fromViemChain, placeholderNetwork, toAddChainParameters, type AddChainParameters, type FromViemChainOptions, type ViemChainLike } from './networks'
export { getCapabilities, type GetCapabilitiesErrorType, type GetCapabilitiesParameters, type GetCapabilitiesReturnType } from './get-capabilities'
export {
  eip155CapabilitiesFailed,
  eip155CapabilitiesRequested,
  eip155CapabilitiesSucceeded,
  eip155Events,
  type Capabilities,
  type Eip155State,
} from './events'
export { selectCapabilities, selectEip155Address, selectEip155ChainId, selectEip155Network, selectIsEip155Connected } from './selectors'
export { providerErrorCodes, toWalletError, type ToWalletErrorOptions } from './errors'
export { injectedConnectorId } from './discover'
export type { Eip1193Provider } from './provider'
