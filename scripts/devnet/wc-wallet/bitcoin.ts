/**
 * What the WalletConnect dev wallet answers in the bip122 namespace (docs/walletconnect.md, "The dev wallet"). Its key
 * is the Bitcoin dev wallet's P2WPKH payment key (scripts/devnet/bitcoin-wallet/keys.ts, funded on the local regtest
 * ledger); its address on each chain is written in that network's encoding (plugins/bip122/networks.ts), so regtest
 * gets `bcrt1…` and testnet `tb1…`. Signatures come from scripts/devnet/bitcoin-wallet/sign.ts.
 */
import { base64, hex } from '@scure/base'
import * as btc from '@scure/btc-signer'
import * as z from 'zod'
import { addressParamsOf } from '../../../plugins/bip122/networks'
import { devBitcoinAccounts, type DevBitcoinAccount } from '../bitcoin-wallet/keys'
import { signBip322, signLegacy } from '../bitcoin-wallet/sign'
import { readParams, WalletError } from './params'

/** The bip122 methods the wallet answers. */
export const bitcoinMethods = ['signMessage', 'getAccountAddresses'] as const

const address = z.string().max(100)
const params = {
  signMessage: z.object({
    account: address.optional(),
    address: address.optional(),
    message: z.string().max(100_000),
    protocol: z.enum(['ecdsa', 'bip322']).default('ecdsa'),
  }),
  // AppKit sends no params at all; the spec's are { account, intentions? }.
  getAccountAddresses: z.object({ account: address.optional(), intentions: z.array(z.string()).optional() }).nullish(),
}

export type BitcoinSigner = ReturnType<typeof createBitcoinSigner>

/** The wallet's Bitcoin payment key and its answer to each request on a chain (CAIP-2). */
export function createBitcoinSigner() {
  const key = devBitcoinAccounts().find((account) => account.addressType === 'p2wpkh')!
  const accountOn = (chainId: string): DevBitcoinAccount => {
    // btc-signer's network type carries a WIF version too; addresses never use it.
    const payment = btc.p2wpkh(hex.decode(key.publicKey), { ...addressParamsOf(chainId), wif: 0 })
    return { ...key, address: payment.address!, script: payment.script }
  }
  return {
    /** The payment address on a chain, in that network's encoding. */
    addressOn: (chainId: string): string => accountOn(chainId).address,
    /** Answers one bip122 request on `chainId`. */
    answer(method: string, raw: unknown, chainId: string): unknown {
      const account = accountOn(chainId)
      const own = (claimed: string | undefined) => {
        // A bech32 address may be written in capitals; the wallet's is lower case.
        if (claimed !== undefined && claimed.toLowerCase() !== account.address) throw new WalletError(4100, `The wallet has no account ${claimed}`)
      }
      switch (method) {
        case 'getAccountAddresses': {
          const { account: connected, intentions } = readParams(method, params.getAccountAddresses, raw) ?? {}
          own(connected)
          if (intentions && !intentions.includes('payment')) return []
          return [{ address: account.address, publicKey: account.publicKey, intention: 'payment' }]
        }
        case 'signMessage': {
          const request = readParams(method, params.signMessage, raw)
          own(request.account)
          own(request.address)
          const signature = request.protocol === 'bip322' ? signBip322(account, request.message) : signLegacy(account, request.message)
          // The spec's signature is hex (AppKit turns it into base64); sign.ts writes base64.
          return { address: account.address, signature: hex.encode(base64.decode(signature)) }
        }
        default:
          throw new WalletError(4200, `The dev wallet does not support ${method}`)
      }
    },
  }
}
