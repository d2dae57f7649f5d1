import type { Connector } from '../../kernel/index'
import type { Eip1193Provider } from './provider'

/** A discovered wallet: the connector the UI lists, and the provider only this plugin holds. */
export type ConnectorEntry = {
  connector: Connector
  provider: Eip1193Provider
  walletInfo: { name: string; icon?: string; rdns?: string }
}

/** The wallets one kernel subscription discovered. Created inside the effect, so two Latch instances share nothing. */
export type Registry = {
  get(id: string): ConnectorEntry | undefined
  /**
   * Adds an entry. The first provider seen under an id keeps it for the registry's lifetime: an entry
   * with the same id and another provider is refused ('taken'), so a connected wallet's provider never
   * changes under the visitor and an impostor announcing a known rdns is never listed or used. The same
   * provider may update its name and icon ('updated'); 'unchanged' when nothing differs; 'full' past
   * `maxWallets` entries.
   */
  set(entry: ConnectorEntry): 'added' | 'updated' | 'unchanged' | 'taken' | 'full'
  /** The entry holding this very provider object, if any. */
  findByProvider(provider: unknown): ConnectorEntry | undefined
}

/** Most EVM wallets one page lists (docs/limits.md, "Wallets on the page"). */
export const maxWallets = 100

/** An empty registry. */
export function createRegistry(): Registry {
  const entries = new Map<string, ConnectorEntry>()
  return {
    get: (id) => entries.get(id),
    set(entry) {
      const existing = entries.get(entry.connector.id)
      if (existing && existing.provider !== entry.provider) return 'taken'
      if (existing && JSON.stringify(existing.connector) === JSON.stringify(entry.connector)) return 'unchanged'
      if (!existing && entries.size >= maxWallets) return 'full'
      entries.set(entry.connector.id, entry)
      return existing ? 'updated' : 'added'
    },
    findByProvider: (provider) => [...entries.values()].find((entry) => entry.provider === provider),
  }
}
