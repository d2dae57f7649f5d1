/** Loads the part of the plugin a Bitcoin wallet needs (wallet.ts), once, on first use (docs/bitcoin.md, "What it costs"; docs/plugins.md, "Loading on demand"). */
import { chunk } from '../../kernel/family/lazy'

export type WalletModule = typeof import('./wallet')

const walletModule = chunk<WalletModule>(() => import('./wallet'))

/** The wallet module; a failed load (the network dropped) is tried again on the next call. */
export const loadWalletModule = (): Promise<WalletModule> => walletModule.load()
