/**
 * The door of the plugin's lazily loaded code (session.ts, spl.ts) to the modules it shares with the plugin's entry
 * (docs/chunks.md): each lazy module reaches this file, which reaches every such module, so esbuild keeps them in one
 * chunk instead of one per subset of lazy modules. scripts/layering.test.ts checks the rule.
 */
export { fromBase64, toBase64 } from './bytes'
export { maxTokenBalances, solanaRpcUrlMissing, solanaTokenBalancesFailed, solanaTokenBalancesUpdated, solanaWalletRefused, tokenPrograms } from './events'
export { walletChainOf } from './networks'
export { isBytes, readWallet } from './wallet-schema'
export { signatureFee } from './send-verbs'
