import type { RawWallet } from './wallet-types'
import type { Connector } from '../../kernel/index'

/** A wallet-standard wallet, as far as Latch reads it (its features are checked when they are used). */
export type StandardWallet = {
  readonly name: string
  readonly icon: string
  readonly chains: readonly string[]
  readonly features: Readonly<Record<string, unknown>>
  readonly accounts: readonly StandardAccount[]
}

/** A wallet-standard account. Bitcoin wallets add `purpose` ('payment' or 'ordinals'). */
export type StandardAccount = { readonly address: string; readonly publicKey: Uint8Array; readonly chains: readonly string[]; readonly purpose?: unknown }

/** Where a discovered wallet is reached: through sats-connect by its provider id, or through the wallet standard. */
export type WalletSource =
  | { kind: 'sats'; providerId: string }
  | { kind: 'standard'; wallet: StandardWallet }
  // A connector's wallet (WalletConnect's), already in the family's shape: never listed in the registry.
  | { kind: 'remote'; wallet: RawWallet }

/** A discovered wallet: the connector the UI lists, and how only this plugin reaches it. */
export type ConnectorEntry = {
  connector: Connector
  source: WalletSource
  walletInfo: { name: string; icon?: string }
}

/** The wallets one kernel discovered. Created inside the effect, so two Latch instances share nothing. */
export type Registry = {
  get(id: string): ConnectorEntry | undefined
  /** Adds an entry; an id already taken keeps its first source ('taken'), as with EIP-6963 rdns (docs/behaviour.md, "Wallet discovery"). */
  set(entry: ConnectorEntry): 'added' | 'unchanged' | 'taken' | 'full'
  delete(id: string): boolean
  entries(): readonly ConnectorEntry[]
}

/** Most Bitcoin wallets one page lists (docs/limits.md, "Wallets on the page"). */
export const maxWallets = 100

/** An empty registry. */
export function createRegistry(): Registry {
  const entries = new Map<string, ConnectorEntry>()
  const sameSource = (a: WalletSource, b: WalletSource) =>
    a.kind === 'sats' ? b.kind === 'sats' && a.providerId === b.providerId : b.kind === 'standard' && a.wallet === b.wallet
  return {
    get: (id) => entries.get(id),
    set(entry) {
      const existing = entries.get(entry.connector.id)
      if (existing) return sameSource(existing.source, entry.source) ? 'unchanged' : 'taken'
      if (entries.size >= maxWallets) return 'full'
      entries.set(entry.connector.id, entry)
      return 'added'
    },
    delete: (id) => entries.delete(id),
    entries: () => [...entries.values()],
  }
}
