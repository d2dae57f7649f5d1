import type { RawWallet } from './wallet-types'
import type { Connector } from '../../kernel/index'
import { createWalletRegistry, type RegistrySet, type WalletRegistry } from '../../kernel/family/registry'

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

/**
 * The wallets one kernel discovered (the kit's registry). Created inside the effect, so two Latch instances share
 * nothing. An id already taken keeps its first source ('taken'), as with EIP-6963 rdns (docs/behaviour.md, "Wallet
 * discovery").
 */
export type Registry = Omit<WalletRegistry<ConnectorEntry, Exclude<RegistrySet, 'updated'>>, 'find'>

/** Most Bitcoin wallets one page lists (docs/limits.md, "Wallets on the page"). */
export const maxWallets = 100

const sameSource = (a: WalletSource, b: WalletSource) =>
  a.kind === 'sats' ? b.kind === 'sats' && a.providerId === b.providerId : b.kind === 'standard' && a.wallet === b.wallet

/** An empty registry. */
export function createRegistry(): Registry {
  return createWalletRegistry<ConnectorEntry>({ same: (a, b) => sameSource(a.source, b.source), max: maxWallets })
}
