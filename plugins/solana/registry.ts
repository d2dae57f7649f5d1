import type { Connector } from '../../kernel/index'
import type { StandardWallet, WalletInfo } from './wallet-schema'

/** A listed wallet: the connector the UI shows, and the wallet object only this plugin holds. */
export type WalletEntry = { connector: Connector; wallet: StandardWallet; info: WalletInfo }

/** Most Solana wallets one page lists (docs/limits.md, "Wallets on the page"). */
export const maxWallets = 100

/** The wallets one Latch instance listed, by connector id (the wallet's name). Created inside the effect: two instances share nothing. */
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
  const entries = new Map<string, WalletEntry>()
  const findByWallet = (wallet: unknown) => [...entries.values()].find((entry) => entry.wallet === wallet)
  return {
    get: (id) => entries.get(id),
    set(entry) {
      const existing = entries.get(entry.connector.id)
      if (existing) return existing.wallet === entry.wallet ? 'unchanged' : 'taken'
      if (entries.size >= maxWallets) return 'full'
      entries.set(entry.connector.id, entry)
      return 'added'
    },
    remove(wallet) {
      const entry = findByWallet(wallet)
      if (entry) entries.delete(entry.connector.id)
      return entry?.connector.id
    },
    findByWallet,
  }
}
