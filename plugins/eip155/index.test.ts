import { describe, expect, it } from 'vitest'
import * as entry from './index'

describe('public surface of latch/plugins/eip155', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
      [
        "eip155",
        "eip155CapabilitiesFailed",
        "eip155CapabilitiesRequested",
        "eip155CapabilitiesSucceeded",
        "eip155Events",
        "eip155ReceiptReceived",
        "eip155TokenRejected",
        "fromViemChain",
        "getCapabilities",
        "injectedConnectorId",
        "placeholderNetwork",
        "providerErrorCodes",
        "selectCapabilities",
        "selectEip155Address",
        "selectEip155ChainId",
        "selectEip155Network",
        "selectIsEip155Connected",
        "toAddChainParameters",
        "toWalletError",
      ]
    `)
  })
})
