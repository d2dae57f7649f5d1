/**
 * The provider API's client (docs/behaviour.md, "Provider API"): not a plugin but the HTTP client the api, names, onramp and
 * activity plugins share. Plugins import it through this file only; their options checks, which run up front, read `baseUrl` with
 * kernel/rules/base-url.ts alone, so their entries carry none of the client.
 */
export * from './client'
