/**
 * What the modal's Send view uses of the plugin: the send verbs, the name lookup and the pending list. ui/ imports a
 * plugin through its index.ts or this file only (scripts/layering.test.ts); this one keeps the Send chunk free of the
 * rest of the plugin (docs/chunks.md).
 */
export { estimateSendFee, sendTokens } from './send-tokens'
export { resolveName } from './resolve-name'
export { selectPendingTransfers } from './pending'
export type {} from './events'
