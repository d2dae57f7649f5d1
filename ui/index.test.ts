import { describe, expect, it } from 'vitest'
import * as react from './index'

// The public surface is a test: an accidental export or removal of `latch/react` fails here.
describe('public API of "./react"', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(react).sort()).toEqual([
      'AccountButton',
      'ConnectButton',
      'ConnectButtonRenderer',
      'LatchProvider',
      'NetworkButton',
      'baseTokens',
      'connectMethodOrder',
      'darkTokens',
      'defineAddon',
      'defineLocale',
      'lightTokens',
      'preloadModal',
      'themeVariableNames',
      'useLatch',
      'useLatchAccount',
      'useLatchBalance',
      'useLatchBalanceWatch',
      'useLatchConnectButtonState',
      'useLatchInstance',
      'useLatchModal',
      'useLatchNetwork',
      'useLatchSendCalls',
      'useLatchSendTransaction',
      'useLatchSignMessage',
      'useLatchSignTypedData',
      'useLatchTokenBalances',
      'useLatchTranslate',
      'walletFeatureOrder',
    ])
  })
})
