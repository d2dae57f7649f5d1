import { describe, expect, it } from 'vitest'
import * as entry from './index'

describe('public surface of latch/plugins/eip155', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
      [
        "ProviderRpcError",
        "eip155",
        "eip155CapabilitiesFailed",
        "eip155CapabilitiesRequested",
        "eip155CapabilitiesSucceeded",
        "eip155Errors",
        "eip155Events",
        "eip155FeeEstimateFailed",
        "eip155FeeEstimateRequested",
        "eip155FeeEstimateSucceeded",
        "eip155NameFailed",
        "eip155NameRequested",
        "eip155NameSucceeded",
        "eip155Provider",
        "eip155ReceiptReceived",
        "eip155RpcUrlMissing",
        "eip155TokenRejected",
        "eip155TransferSent",
        "eip155TransportEvents",
        "estimateFee",
        "estimateSendFee",
        "fromViemChain",
        "getCallsStatus",
        "getCapabilities",
        "grantPermissions",
        "injectedConnectorId",
        "providerErrorCodes",
        "resolveName",
        "revokePermissions",
        "selectCapabilities",
        "selectEip155Address",
        "selectEip155ChainId",
        "selectEip155Network",
        "selectIsEip155Connected",
        "selectPendingTransfers",
        "sendCalls",
        "sendTokens",
        "serializeTypedData",
        "signTypedData",
        "toProviderError",
        "waitForCallsStatus",
      ]
    `)
  })
})
