// In a file of its own: the plugin's entry exports it, and discovery (discover.ts) loads with the plugin's effect, later.
/** The wallets sats-connect reaches through its own adapters, by provider id (a path on `window`). */
export const satsConnectWallets: readonly { id: string; name: string }[] = [
  { id: 'XverseProviders.BitcoinProvider', name: 'Xverse' },
  { id: 'unisat', name: 'UniSat Wallet' },
  { id: 'FordefiProviders.UtxoProvider', name: 'Fordefi' },
]
