/** Latch's kernel: `createLatch`, the plugin API, replay, and the pure rules of docs/README.md. */
export { createLatch, type Latch, type LatchOptions } from './latch'
export { createKernel, type Kernel, type KernelOptions, type RequestOptions } from './engine/kernel'
export { definePlugin, persisted, type Effect, type EffectContext, type PersistedItem, type Plugin, type Reducer, type Reducers } from './engine/plugin'
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
export * from './core/selectors'
export * from './core/events'
export { errorToast } from './core/toasts'
export { readField, integerField, thrownMessage } from './rules/thrown'
export * from './core/balance-events'
export {
  connectAttemptSchema,
  connectionAttemptEnded,
  connectionAttemptStarted,
  connectionPairingChanged,
  selectConnectAttempt,
  type ConnectAttempt,
  type PairingPhase,
} from './core/attempt'
export * from './rules'
export * from './actions'
export * from './core/intents'
export { answerFamilyDisconnect, answerIntent, type AnswerIntentOptions } from './engine/answer-intent'
export { describeIssues, type DescribeIssuesOptions } from './engine/issues'
