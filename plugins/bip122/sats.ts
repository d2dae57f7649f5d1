/**
 * The only module that imports sats-connect, loaded with a dynamic import once a sats-connect wallet is used
 * (docs/bitcoin.md, "What it costs"). Only these two members are read, so the dapp's bundler leaves the rest of
 * sats-connect out (its wallet selector among it: Latch never shows it). A namespace import, so a bundler that puts an
 * empty module in place of a missing sats-connect (Vite) builds, and the loader tells `PEER_MISSING` (docs/errors.md).
 */
import * as satsConnect from 'sats-connect'

export const BaseAdapter = satsConnect.BaseAdapter
export const defaultAdapters = satsConnect.defaultAdapters
