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
