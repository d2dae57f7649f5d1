/**
 * The door of the plugin's lazily loaded code (wallet-session.ts, wallet.ts, address.ts) to the modules it shares with
 * the plugin's entry (docs/chunks.md): each lazy module reaches this file, which reaches every such module, so esbuild
 * keeps them in one chunk instead of one per subset of lazy modules. scripts/layering.test.ts checks the rule.
 */
export { satsConnectWallets } from './sats-wallets'
export { toBitcoinWalletError } from './errors'
export { bip122BalanceFailed } from './events'
export { addressParamsOf, knownBitcoinNetworks } from './networks'
export { maxWallets } from './registry'
export { checkAccountSwitch } from './rules'
