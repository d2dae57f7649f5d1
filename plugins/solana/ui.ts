/**
 * What the modal's Send view uses of the plugin: the send verb and the signature fee. ui/ imports a plugin through its
 * index.ts or this file only (scripts/layering.test.ts); this one keeps the Send chunk free of the rest of the plugin
 * (docs/chunks.md).
 */
export { sendTokens } from './send-tokens'
export { signatureFee } from './shared'
