import { describe, expect, it } from 'vitest'
import * as apiPlugin from './index'

// The public surface is a test: an accidental export or removal fails here.
describe('public API of plugins/api', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(apiPlugin).sort()).toEqual([
      'activityErrors',
      'api',
      'apiUrl',
      'assetImageUrl',
      'createApiClient',
      'curatedWallets',
      'currencyImageUrl',
      'defaultTimeout',
      'getAllowedOrigins',
      'getAnalyticsConfig',
      'getBalances',
      'getFeatures',
      'getTransactions',
      'getWallets',
      'historyPath',
      'initialWalletListState',
      'isSpamOnly',
      'keepTransactions',
      'parseWalletListing',
      'parseWalletListings',
      'sdkType',
      'sdkVersion',
      'selectRecommendedWallets',
      'selectTransactions',
      'selectWalletList',
      'tokenImageUrl',
      'walletIcon',
      'walletImageUrl',
      'walletListEvents',
      'walletListFailed',
      'walletListFeaturedReceived',
      'walletListPageReceived',
      'walletListPageRequested',
      'walletListSearchFailed',
      'walletListSearchReceived',
      'walletListSearchRequested',
    ])
  })
})
