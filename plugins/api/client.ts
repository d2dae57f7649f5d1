/**
 * `latch/plugins/api/client`: the provider API's typed client and the api plugin's helpers for integrators (docs/behaviour.md,
 * "Provider API"): the routes as functions, the curated registry, image URLs, listing parsers and the transaction
 * history. Apart from `latch/plugins/api`, so a dapp that only registers `api()` loads none of it up front: the plugin's
 * own lazily loaded code shares these modules, and an entry that named them would pull them into every first load
 * (docs/chunks.md).
 */
export { curatedWallets } from './registry'
export { walletIcon } from './icons'
export { createApiClient, apiUrl, sdkType, sdkVersion, defaultTimeout, type ApiClient, type ApiClientOptions } from '../provider-api/index'
export { getWallets, type GetWalletsErrorType, type GetWalletsParameters, type GetWalletsReturnType } from './get-wallets'
export { getFeatures, type GetFeaturesErrorType, type GetFeaturesParameters, type GetFeaturesReturnType } from './get-features'
export {
  getAllowedOrigins,
  type GetAllowedOriginsErrorType,
  type GetAllowedOriginsParameters,
  type GetAllowedOriginsReturnType,
} from './get-allowed-origins'
export {
  getAnalyticsConfig,
  type GetAnalyticsConfigErrorType,
  type GetAnalyticsConfigParameters,
  type GetAnalyticsConfigReturnType,
} from './get-analytics-config'
export { getBalances, type BalanceProviderAsset, type GetBalancesErrorType, type GetBalancesParameters, type GetBalancesReturnType } from './get-balances'
export { assetImageUrl, currencyImageUrl, tokenImageUrl, walletImageUrl } from './images'
export { parseWalletListing, parseWalletListings } from './listings'
// Activity's transaction history (plugins/activity), which the api plugin registers.
export {
  getTransactions,
  historyPath,
  isSpamOnly,
  keepTransactions,
  type GetTransactionsErrorType,
  type GetTransactionsParameters,
  type GetTransactionsReturnType,
  type Transfer,
} from '../activity/index'
