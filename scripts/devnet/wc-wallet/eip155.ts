/**
 * What the WalletConnect dev wallet (scripts/devnet/wc-wallet/wallet.ts) answers in the eip155 namespace, signing
 * with anvil's first key: personal_sign, eth_signTypedData_v4, eth_sendTransaction (signed here, sent to the chain's
 * anvil) and wallet_switchEthereumChain. Params are read with zod; anything else is a JSON-RPC error with an EIP-1193
 * code.
 */
import * as z from 'zod'
import { createWalletClient, http, isAddressEqual, isHex, type Hex, type TypedDataDefinition } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { readParams as read, WalletError } from './params'

/** anvil's dev mnemonic ("test … junk"); account 0 is scripts/devnet/anvil.ts's anvilAccounts[0]. */
export const anvilMnemonic = 'test test test test test test test test test test test junk'

/** A chain the wallet serves: its id and its anvil's RPC URL. */
export type WalletChain = { chainId: number; rpcUrl: string }

/** The methods the wallet approves in a session (docs/walletconnect.md). */
export const walletMethods = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain'] as const

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/) as z.ZodType<Hex>
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/) as z.ZodType<Hex>
const quantity = hex.transform((value) => BigInt(value))
const typedData = z.object({ domain: z.record(z.string(), z.unknown()).default({}), types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))), primaryType: z.string(), message: z.record(z.string(), z.unknown()) })
const params = {
  personal_sign: z.tuple([z.string(), address]).rest(z.unknown()),
  eth_signTypedData_v4: z.tuple([address, z.union([z.string().transform((text, ctx) => parseJson(text, ctx)), z.unknown()]).pipe(typedData)]),
  eth_sendTransaction: z.tuple([z.object({ from: address, to: address.optional(), value: quantity.optional(), data: hex.optional(), gas: quantity.optional(), nonce: quantity.optional() })]),
  wallet_switchEthereumChain: z.tuple([z.object({ chainId: hex })]),
}

function parseJson(text: string, ctx: z.RefinementCtx): unknown {
  try {
    return JSON.parse(text)
  } catch {
    ctx.addIssue({ code: 'custom', message: 'typed data is not JSON' })
    return z.NEVER
  }
}

export type Signer = ReturnType<typeof createSigner>

/** The dev wallet's key and what it does with each request. `switchTo` tells the session of a chain switch. */
export function createSigner(chains: readonly WalletChain[]) {
  const account = mnemonicToAccount(anvilMnemonic)
  const chainOf = (caip: string): WalletChain => {
    const chain = chains.find((c) => `eip155:${c.chainId}` === caip)
    if (!chain) throw new WalletError(4902, `Unrecognized chain ${caip}`)
    return chain
  }
  const own = (claimed: Hex) => {
    if (!isAddressEqual(claimed, account.address)) throw new WalletError(4100, `The wallet has no account ${claimed}`)
  }
  return {
    address: account.address,
    /** Answers one request on `chainId` (CAIP-2); `switchTo` is called with the chain a switch moves to. */
    async answer(method: string, raw: unknown, chainId: string, switchTo: (caip: string) => Promise<void>): Promise<unknown> {
      switch (method) {
        case 'personal_sign': {
          const [message, from] = read(method, params.personal_sign, raw)
          own(from)
          return account.signMessage({ message: isHex(message) ? { raw: message } : message })
        }
        case 'eth_signTypedData_v4': {
          const [from, data] = read(method, params.eth_signTypedData_v4, raw)
          own(from)
          const { EIP712Domain: _domain, ...types } = data.types
          return account.signTypedData({ ...data, types } as unknown as TypedDataDefinition)
        }
        case 'eth_sendTransaction': {
          const [tx] = read(method, params.eth_sendTransaction, raw)
          own(tx.from)
          const chain = chainOf(chainId)
          const client = createWalletClient({
            account,
            chain: { id: chain.chainId, name: chainId, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } },
            transport: http(chain.rpcUrl),
          })
          return client.sendTransaction({ to: tx.to ?? null, value: tx.value, data: tx.data, gas: tx.gas, nonce: tx.nonce === undefined ? undefined : Number(tx.nonce) })
        }
        case 'wallet_switchEthereumChain': {
          const [{ chainId: target }] = read(method, params.wallet_switchEthereumChain, raw)
          const caip = `eip155:${Number(BigInt(target))}`
          chainOf(caip)
          await switchTo(caip)
          return null
        }
        default:
          throw new WalletError(4200, `The dev wallet does not support ${method}`)
      }
    },
  }
}
