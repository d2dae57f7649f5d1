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
      'useAccount',
      'useBalance',
      'useBalanceWatch',
      'useConnectButtonState',
      'useLatch',
      'useLatchInstance',
      'useModal',
      'useNetwork',
      'useSendCalls',
      'useSendTransaction',
      'useSignMessage',
      'useSignTypedData',
      'useT',
      'useTokenBalances',
      'walletFeatureOrder',
    ])
  })
})
