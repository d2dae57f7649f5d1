import { describe, expect, it } from 'vitest'
import * as entry from './index'

describe('public surface of latch/plugins/bip122', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
      [
        "bip122",
        "bip122BalanceFailed",
        "bip122Events",
        "bip122SwitchAccountFailed",
        "bip122SwitchAccountRequested",
        "bip122SwitchAccountSucceeded",
        "bitcoin",
        "bitcoinRegtest",
        "bitcoinTestnet",
        "checkAccountSwitch",
        "getAccountAddresses",
        "loadBitcoinAddressRule",
        "placeholderBitcoinNetwork",
        "satsConnectWallets",
        "selectBip122Accounts",
        "selectBip122Address",
        "selectBip122Network",
        "selectBip122SwitchableAccounts",
        "selectIsBip122Connected",
        "sendTokens",
        "sendTransfer",
        "signMessage",
        "signPsbt",
        "switchAccount",
        "switchableAccounts",
      ]
    `)
  })
})
