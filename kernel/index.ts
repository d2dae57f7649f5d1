/** Latch's kernel: `createLatch`, the plugin API, replay, and the pure rules of docs/README.md. */
export { createLatch, type Latch, type LatchOptions } from './latch'
export { createKernel, type Kernel, type KernelOptions, type RequestOptions } from './engine/kernel'
export { definePlugin, persisted, type Effect, type EffectContext, type PersistedItem, type Plugin, type Updater, type Updaters } from './engine/plugin'
export {
  defineEvent,
  type EventDefinition,
  type EventMap,
  type EventMeta,
  type EventOf,
  type EventType,
  type EventsOf,
  type LatchEvent,
  type Logged,
  type RequestResult,
  type RequestType,
} from './engine/events'
export { defineRequest, type DefineRequestOptions, type FailedPayload, type RequestDefinition } from './engine/define-request'
export { sensitive, REDACTED } from './engine/redact'
export { markLibraryDefaultRpc, libraryDefaultRpcOf } from './rpc-source'
export { fromViemChain, isViemChain, type FromViemChainOptions, type ViemChainLike } from './viem-chain'
export { replay, replaySteps, type ReplayIssue, type ReplayResult, type ReplayRun, type ReplayStep } from './engine/replay'
export { parseLog, defaultLogBytes, type ExportedLog } from './engine/log'
export { createMemoryStorage, defaultPorts, type LoggerPort, type LogLevel, type Ports, type StoragePort } from './engine/ports'
export {
  LatchError,
  toLatchError,
  defineErrors,
  errorText,
  shortMessages,
  visitorMessages,
  genericMessage,
  type ErrorDeclaration,
  type ErrorMap,
  type ErrorsOf,
  type LatchErrorCode,
  type LatchErrorData,
  type LatchErrorOf,
  type MessageValues,
  type PluginErrorCode,
  type VisitorMessageId,
} from './engine/errors'
export type * from './core/state'
export type * from './types'
export { chainNamespaces, viewNames } from './types'
export { constants, defaultFeatures, sdkVersion } from './constants'
export { storageKeys, defaultStoragePrefix } from './engine/storage-keys'
export * from './schemas'
export { kernelEventRejected, kernelFaulted, storageHydrated, storageValueRejected, coreEvents } from './core/events'
// The core slices (kernel/core/slices/): each one's events and selectors.
export {
  accountConnected,
  accountAddressChanged,
  accountDisconnected,
  accountStatusChanged,
  accountBalanceLoading,
  accountBalanceUpdated,
  accountBalanceFailed,
  accountProfileUpdated,
  accountPreferredTypeSet,
  accountSmartAccountDeployedSet,
  networkSwitched,
  networkApprovedSet,
  networkSmartAccountNetworksSet,
  networkRemoved,
  selectActiveNetwork,
  selectAddress,
  selectConfiguredNamespaces,
  selectConnectedNamespaces,
  selectIsActiveNetworkSupported,
  selectIsConnected,
  selectPreferredAccountType,
  selectRequestedNetworks,
  selectTokenBalances,
} from './core/slices/chains'
export {
  connectionAccountRemoved,
  connectionRemoved,
  connectionSwitchingChanged,
  connectionSwitched,
  connectionStatusChanged,
  connectionRecentWalletAdded,
  connectionDeepLinkChosen,
  connectAttemptSchema,
  connectionAttemptEnded,
  connectionAttemptStarted,
  connectionPairingChanged,
  selectConnectAttempt,
} from './core/slices/connection'
export { connectorsDiscovered, connectorsRemoved } from './core/slices/connectors'
export { modalOpened, modalClosed, routerPushed, routerReplaced, routerWentBack, routerReset, selectView } from './core/slices/router'
export { toastRequested, toastShown, toastClosed, errorToast } from './core/slices/toast'
export { cacheKinds, cacheStored } from './core/slices/caches'
export {
  balanceEvents,
  balanceProviderConfigured,
  balanceTokensFailed,
  balanceTokensRequested,
  balanceTokensSucceeded,
  balanceWatchStarted,
  balanceWatchStopped,
  selectBalanceWatched,
} from './core/slices/balances'
export { pageVisibilityChanged } from './core/slices/page'
export { latchConfigured, localeChanged, imageOriginsAllowed, remoteFeaturesLoaded } from './core/slices/options'
export * from './actions'
export * from './core/intents'
export { describeIssues, type DescribeIssuesOptions } from './engine/issues'
