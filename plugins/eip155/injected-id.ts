/**
 * The id of the legacy `window.ethereum` connector (docs/behaviour.md hides 'Browser Wallet' where it says). In a file
 * of its own: the plugin's entry exports it, and discovery (discover.ts) loads with the plugin's effect, later.
 */
export const injectedConnectorId = 'injected'
