import type { Connector } from '../../kernel/index'
import { createWalletRegistry } from '../../kernel/family/registry'
import type { StandardWallet, WalletInfo } from './wallet-schema'

/** A listed wallet: the connector the UI shows, and the wallet object only this plugin holds. */
export type WalletEntry = { connector: Connector; wallet: StandardWallet; info: WalletInfo }

/** Most Solana wallets one page lists (docs/limits.md, "Wallets on the page"). */
export const maxWallets = 100

/** The wallets one Latch instance listed, by connector id (the wallet's name), in the kit's registry. Created inside the effect: two instances share nothing. */
export type Registry = {
  get(id: string): WalletEntry | undefined
  /**
   * Adds a wallet. The first wallet object listed under a name keeps it (docs/solana.md, "Discovery"): another
   * object with the same name is refused ('taken'), so a connected wallet never changes under the visitor.
   */
  set(entry: WalletEntry): 'added' | 'unchanged' | 'taken' | 'full'
  /** Removes the entry holding this wallet object; its id, if it was listed. */
  remove(wallet: unknown): string | undefined
  /** The entry holding this wallet object. */
  findByWallet(wallet: unknown): WalletEntry | undefined
}

export function createRegistry(): Registry {
  const registry = createWalletRegistry<WalletEntry>({ same: (a, b) => a.wallet === b.wallet, max: maxWallets })
  const findByWallet = (wallet: unknown) => registry.find((entry) => entry.wallet === wallet)
  return {
    get: registry.get,
    set: registry.set,
    remove(wallet) {
      const entry = findByWallet(wallet)
      if (entry) registry.delete(entry.connector.id)
      return entry?.connector.id
    },
    findByWallet,
  }
}
