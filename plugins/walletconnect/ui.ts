/**
 * What the modal uses of the plugin: the pairing watch, the connector's id and the deep links. ui/ imports a plugin
 * through its index.ts or this file only (scripts/layering.test.ts); this one reaches none of the plugin's lazily loaded
 * code, so latch/react never reaches an import() of an optional peer (@walletconnect/sign-client) a dapp may not install.
 */
export { watchPairing, walletConnectConnectorId, type Pairing } from './pairing'
export { walletLinkFor, type Platform, type WalletLink, type WalletLinks } from './links'
