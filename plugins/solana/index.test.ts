import { describe, expect, it } from 'vitest'
import * as entry from './index'

describe('public surface of latch/plugins/solana', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
      [
        "estimateSendFee",
        "estimateSendFees",
        "feeSpeeds",
        "selectIsSolanaConnected",
        "selectSolanaAddress",
        "selectSolanaNetwork",
        "selectSolanaTokenBalances",
        "sendTokens",
        "signAllTransactions",
        "signAndSendTransaction",
        "signMessage",
        "signTransaction",
        "signatureFee",
        "solana",
        "solanaCaipNetworkIds",
        "solanaDevnet",
        "solanaEvents",
        "solanaLocalnet",
        "solanaMainnet",
        "solanaRpcUrlMissing",
        "solanaTestnet",
        "solanaTokenBalancesFailed",
        "solanaTokenBalancesUpdated",
        "solanaWalletRefused",
        "walletChainOf",
      ]
    `)
  })
})
