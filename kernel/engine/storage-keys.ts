import type { ChainNamespace } from '../types'

/** browser-stored items (docs/storage.md, "Stored items"). Every key is stored under the instance's prefix (default `@latch/`). */
export const storageKeys = {
  emailLoginUsed: 'emailLoginUsed',
  email: 'email',
  socialUsername: 'socialUsername',
  lastEmailLoginTime: 'lastEmailLoginTime',
  lastUsedChain: 'lastUsedChain',
  smartAccountEnabledNetworks: 'smartAccountEnabledNetworks',
  recentWallets: 'recentWallets',
  activeNamespace: 'activeNamespace',
  activeCaipNetworkId: 'activeCaipNetworkId',
  connectedConnectorId: (ns: ChainNamespace) => `connectedConnectorId/${ns}`,
  connectedSocialProvider: 'connectedSocialProvider',
  connectedSocialUsername: 'connectedSocialUsername',
  connectionStatus: 'connectionStatus',
  connectedNamespaces: 'connectedNamespaces',
  preferredAccountTypes: 'preferredAccountTypes',
  disconnectedConnectorIds: 'disconnectedConnectorIds',
  walletDeepLink: 'walletDeepLink',
} as const

export const defaultStoragePrefix = '@latch/'

/**
 * docs/storage.md, "The wallet's four keys": the items that say which wallet the visitor uses and where — the wallet
 * (its connector id, one key per family), the active family, the active network and the connection status — each
 * stored under the prefix. A reload reads them to bring the wallet back ("How items are read back").
 */
export function walletStorageKeys(ns: ChainNamespace, prefix: string = defaultStoragePrefix): readonly [string, string, string, string] {
  return [prefix + storageKeys.connectedConnectorId(ns), prefix + storageKeys.activeNamespace, prefix + storageKeys.activeCaipNetworkId, prefix + storageKeys.connectionStatus]
}

/**
 * docs/storage.md, "The name suffix": the suffix of the names wallets' accounts are given in Latch's own zone
 * (`alice.latch.id`; docs/names.md). The local provider API's name service registers under it unless told another zone.
 */
export const walletNameSuffix = '.latch.id'
