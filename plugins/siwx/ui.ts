/**
 * What the modal uses of the plugin: its events and selectors. ui/ imports a plugin through its index.ts or this file
 * only (scripts/layering.test.ts); this one reaches none of the plugin's lazily loaded code (docs/chunks.md).
 */
export { siwxSignInCancelled, siwxSignInRequested } from './events'
export { selectActiveAccount, selectSiwx, sessionOf, type SiwxState } from './state'
