/**
 * What ui/ uses of the plugin: the Send view's send verbs, name lookup and pending list, and the verbs the hooks
 * `useLatchSignTypedData` and `useLatchSendCalls` import on first use (through index.ts, which a dynamic import keeps
 * whole, they would hold every verb of the plugin in a dapp's first load). ui/ imports a
 * plugin through its index.ts or this file only (scripts/layering.test.ts); this one keeps the Send chunk free of the
 * rest of the plugin (docs/chunks.md).
 */
export { estimateSendFee, sendTokens } from './send-tokens'
// The entry's own modules, through its door (docs/chunks.md), so that they stay in one chunk with the rest.
export { resolveName, selectPendingTransfers, sendCalls, signTypedData } from './shared'
export type {} from './events'
