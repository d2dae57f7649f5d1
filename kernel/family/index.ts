/**
 * `latch/family`: the family kit for plugin authors (docs/plugins.md, "The family kit"). A chain family says what its
 * wallets do; the connect lifecycle, the reconnect after a reload, the network switch, the session reader, the wallet-call tracker, the wallet-error reader,
 * the JSON-RPC client, the registry, the remote wallets a connector hands a family and loading on demand are
 * written once here. Apart from `latch`, so a dapp's first load
 * carries the kit only with a family plugin that uses it.
 */
export { answerFamilyConnect, type FamilyConnect, type FamilyConnected } from './connect'
export { answerIntent, answerFamilyDisconnect, type AnswerIntentOptions } from '../engine/answer-intent'
export { answerFamilyReconnect, type FamilyReconnect } from './reconnect'
export { answerFamilyNetworkSwitch, type FamilyNetworkSwitch } from './switch-network'
export { answerSessionDisconnect } from './disconnect'
export { connectedAccount, familySession, followConnectedWallet, isForeignConnector, type ConnectedAccount, type FamilySession, type FamilySessionReader } from './session'
export { connectedAddress, readParams, walletIntents } from './wallet-intents'
export { remoteWallets, type RemoteWallet, type RemoteWallets } from './wallets'
export { chunk, failIntent, familyEffectAtStart, whenFamilyNeeded, loadError, loadOnDemand, reconnectPending, whenNeeded, type Chunk, type Kept, type WhenNeededOptions } from './lazy'
export { createWalletCalls, settleWalletCalls, type WalletCalls, type WalletCallOptions } from './wallet-calls'
export { defineErrors, type ErrorDeclaration, type ErrorMap, type ErrorsOf } from '../engine/errors'
export { walletErrorReader, type WalletErrorTable, type WalletErrorEntry } from './wallet-errors'
export { jsonRpcCall, jsonRpcResponseSchema, postJsonRpc, readJsonRpcResult, type JsonRpcBody, type RpcErrorAnswer } from './json-rpc'
export { createWalletRegistry, createWarnOnce, type RegistrySet, type WalletRegistry, type WalletRegistryOptions } from './registry'
