import type { Connector } from '../../kernel/index'
import { createWalletRegistry, type WalletRegistry } from '../../kernel/family/registry'
import type { Eip1193Provider } from './provider'

/** A discovered wallet: the connector the UI lists, and the provider only this plugin holds. */
export type ConnectorEntry = {
  connector: Connector
  provider: Eip1193Provider
  walletInfo: { name: string; icon?: string; rdns?: string }
}

/**
 * The wallets one kernel subscription discovered (the kit's registry). Created inside the effect, so two Latch
 * instances share nothing. The first provider seen under an id keeps it for the registry's lifetime: an entry with the
 * same id and another provider is refused ('taken'), so a connected wallet's provider never changes under the visitor
 * and an impostor announcing a known rdns is never listed or used. The same provider may update its name and icon
 * ('updated'); 'unchanged' when nothing differs; 'full' past `maxWallets` entries.
 */
export type Registry = Pick<WalletRegistry<ConnectorEntry>, 'get' | 'set'> & {
  /** The entry holding this very provider object, if any. */
  findByProvider(provider: unknown): ConnectorEntry | undefined
}

/** Most EVM wallets one page lists (docs/limits.md, "Wallets on the page"). */
export const maxWallets = 100

/** An empty registry. */
export function createRegistry(): Registry {
  const registry = createWalletRegistry<ConnectorEntry>({ same: (a, b) => a.provider === b.provider, max: maxWallets, updates: true })
  return { get: registry.get, set: registry.set, findByProvider: (provider) => registry.find((entry) => entry.provider === provider) }
}
