/**
 * The only module that imports sats-connect, loaded with a dynamic import once a sats-connect wallet is used
 * (docs/bitcoin.md, "What it costs"). Named imports let the dapp's bundler leave the rest of sats-connect out
 * (its wallet selector among it: Latch never shows it).
 */
export { BaseAdapter, defaultAdapters } from 'sats-connect'
