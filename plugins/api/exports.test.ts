import { describe, expect, it } from 'vitest'
import * as apiPlugin from './index'
import * as apiClient from './client'

// The public surface is a test: an accidental export or removal fails here.
describe('public API of plugins/api', () => {
  it('latch/plugins/api exports exactly these names: the plugin, its events and selectors', () => {
    expect(Object.keys(apiPlugin).sort()).toEqual([
      'activityErrors',
      'alertDismissed',
      'alertRaised',
      'api',
      'initialWalletListState',
      'originChecked',
      'selectAlert',
      'selectRecommendedWallets',
      'selectTransactions',
      'selectWalletList',
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

  it('latch/plugins/api/client exports exactly these names: the provider API client and the helpers', () => {
    expect(Object.keys(apiClient).sort()).toEqual([
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
      'isSpamOnly',
      'keepTransactions',
      'parseWalletListing',
      'parseWalletListings',
      'sdkType',
      'sdkVersion',
      'tokenImageUrl',
      'walletIcon',
      'walletImageUrl',
    ])
  })
})
