/** Loads the part of the plugin a Bitcoin wallet needs (wallet.ts), once, on first use (docs/bitcoin.md, "What it costs"). */
export type WalletModule = typeof import('./wallet')

let loading: Promise<WalletModule> | undefined

/** The wallet module; a failed load (the network dropped) is tried again on the next call. */
export function loadWalletModule(): Promise<WalletModule> {
  loading ??= import('./wallet').catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
