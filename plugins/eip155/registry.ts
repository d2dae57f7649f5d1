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
  /** Adds or replaces an entry; false when an identical one was already there. */
  set(entry: ConnectorEntry): boolean
  /** The entry holding this very provider object, if any. */
  findByProvider(provider: unknown): ConnectorEntry | undefined
}

/** An empty registry. */
export function createRegistry(): Registry {
  const entries = new Map<string, ConnectorEntry>()
  return {
    get: (id) => entries.get(id),
    set(entry) {
      const existing = entries.get(entry.connector.id)
      if (existing && existing.provider === entry.provider && JSON.stringify(existing.connector) === JSON.stringify(entry.connector)) return false
      entries.set(entry.connector.id, entry)
      return true
    },
    findByProvider: (provider) => [...entries.values()].find((entry) => entry.provider === provider),
  }
}
