import type { Connector } from '../index'

/** What `set` did: listed a new wallet, updated its name or icon, nothing, refused another wallet under a taken id, or refused past the limit. */
export type RegistrySet = 'added' | 'updated' | 'unchanged' | 'taken' | 'full'

/**
 * The wallets one plugin instance discovered, by connector id (docs/plugins.md, "The family kit"). Created inside the
 * plugin's effect, so two Latch instances share nothing. The first wallet listed under an id keeps it for the
 * registry's lifetime ('taken' for another): a connected wallet never changes under the visitor, and an impostor
 * announcing a known id is never listed or used (docs/behaviour.md, "Wallet discovery").
 */
export type WalletRegistry<E extends { connector: Connector }, S extends RegistrySet = RegistrySet> = {
  get(id: string): E | undefined
  set(entry: E): S
  /** The first entry `test` accepts. */
  find(test: (entry: E) => boolean): E | undefined
  delete(id: string): boolean
  entries(): readonly E[]
}

export type WalletRegistryOptions<E> = {
  /** True when two entries reach the same wallet (the same provider object, the same wallet-standard wallet). */
  same(a: E, b: E): boolean
  /** Most wallets listed ('full' past it; docs/limits.md, "Wallets on the page"). */
  max: number
}

/** An empty registry; with `updates`, the same wallet may change its connector (name, icon): 'updated'. */
export function createWalletRegistry<E extends { connector: Connector }>(options: WalletRegistryOptions<E> & { updates: true }): WalletRegistry<E>
export function createWalletRegistry<E extends { connector: Connector }>(options: WalletRegistryOptions<E>): WalletRegistry<E, Exclude<RegistrySet, 'updated'>>
export function createWalletRegistry<E extends { connector: Connector }>(options: WalletRegistryOptions<E> & { updates?: boolean }): WalletRegistry<E> {
  const entries = new Map<string, E>()
  return {
    get: (id) => entries.get(id),
    set(entry) {
      const existing = entries.get(entry.connector.id)
      if (existing && !options.same(existing, entry)) return 'taken'
      if (existing && (options.updates !== true || JSON.stringify(existing.connector) === JSON.stringify(entry.connector))) return 'unchanged'
      if (!existing && entries.size >= options.max) return 'full'
      entries.set(entry.connector.id, entry)
      return existing ? 'updated' : 'added'
    },
    find: (test) => [...entries.values()].find(test),
    delete: (id) => entries.delete(id),
    entries: () => [...entries.values()],
  }
}

/** A discovery's developer warnings: each key warns once (one wallet refused, the page full), however often it recurs. */
export function createWarnOnce(logger: { warn(message: string): void } | undefined): (key: string, message: string) => void {
  const warned = new Set<string>()
  return (key, message) => {
    if (warned.has(key)) return
    warned.add(key)
    logger?.warn(message)
  }
}
