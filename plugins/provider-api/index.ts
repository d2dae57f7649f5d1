/**
 * The provider API's client (docs/behaviour.md, "Provider API"): not a plugin but the HTTP client the api, names, onramp and
 * activity plugins share. Plugins import it through this file only (scripts/layering.test.ts).
 */
export * from './client'
