/** What the demo page is built with: the local chains and the local provider API (baked in at build time). */
export type DemoConfig = {
  /** The local chains; `ensUniversalResolver` is where ENS answers on them (scripts/devnet/ens.ts). */
  chains: readonly { chainId: number; name: string; rpcUrl: string; ensUniversalResolver?: string }[]
  api?: { url: string; projectId: string }
  /** The token list given to eip155() (read from the chain when `?balances=chain` or without the API). */
  tokens?: readonly { chainId: number; address: string }[]
  /** The local Solana network (its RPC and websocket) and the demo SPL token's mint. */
  solana?: { rpcUrl: string; wsUrl: string; mint: string; token: { symbol: string; name: string } }
  /** Bitcoin regtest: the local ledger's Esplora base URL (the provider API's). */
  bitcoin?: { esploraUrl: string }
  /** The local WalletConnect relay the demo's walletConnect() plugin pairs through (docs/walletconnect.md, "Local relay and dev wallet"). */
  walletConnect?: { relayUrl: string }
  /**
   * The embedded wallet's e-mail login (docs/embedded-wallet.md): the stack's frame URL (the wallet service serves the
   * frame app at its `/`) and its dev inbox, where the login codes land (the page links it).
   */
  embedded?: { frameUrl: string; inboxUrl: string }
  themeMode?: 'light' | 'dark' | 'system'
}

declare global {
  // Replaced by esbuild's `define` when the demo is built.
  const __LATCH_DEMO_CONFIG__: DemoConfig
}
