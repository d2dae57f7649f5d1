/** Configuration baked into the dev wallet's browser script at build time. */

/** One chain the dev wallet can switch to: its id, its anvil RPC URL and a display name. */
export type DevWalletChain = { chainId: number; rpcUrl: string; name: string }

/** The dev wallet's chains (the first is the default) and accounts (unlocked on every chain's RPC). */
export type DevWalletConfig = { chains: readonly DevWalletChain[]; accounts: readonly string[] }

/** The wallet's EIP-6963 name and reverse-DNS id. */
export const devWalletInfo = { name: 'Latch Dev Wallet', rdns: 'dev.latch.wallet' } as const

/** localStorage keys the dev wallet uses (per origin, like an extension's per-site permissions). */
export const storageKeys = {
  /** JSON array of the authorised accounts; absent when not connected. */
  authorised: 'latch-dev-wallet:authorised',
  /** The current chain id (decimal). */
  chain: 'latch-dev-wallet:chain',
  /** JSON array of chains added with wallet_addEthereumChain. */
  addedChains: 'latch-dev-wallet:chains',
  /** 'approve' or 'reject': answer prompts without showing them (automation). */
  auto: 'latch-dev-wallet:auto',
} as const
