/** Latch's WalletConnect plugin: pairing by QR code and deep link, one session across families (docs/walletconnect.md). */
export { walletConnect, defaultRelayUrl, type WalletConnectOptions, type WalletConnectStorage } from './plugin'
export type { WalletConnectMetadata } from './metadata'
export { watchPairing, walletConnectConnectorId, type Pairing } from './pairing'
export { walletConnectEvents, walletConnectPairingEnded, walletConnectSessionEnded, walletConnectSessionSet, walletConnectUriShown, walletConnectUriWanted } from './events'
export { memoryStore, type KeyValueStore } from './store'
export { walletLinkFor, formatNativeUrl, formatUniversalUrl, type WalletLink } from './links'
export { walletConnectErrors } from './error-codes'
