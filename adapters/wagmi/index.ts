/**
 * `latch/wagmi`: Latch as a wagmi connector (wagmi 2 and 3), so an app built on wagmi keeps its hooks and actions and
 * connects through Latch's modal (docs/wagmi.md). Not a Latch plugin: an adapter in the plugin layer, which
 * imports the kernel and the eip155 plugin's entry, never the UI. Its own entry, so a dapp that does not
 * import it loads none of it.
 */
export { latchConnector, type LatchConnectorParameters } from './latch-connector'
