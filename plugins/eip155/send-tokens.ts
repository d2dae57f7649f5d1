import * as z from 'zod/mini'
import { LatchError, request, sendTransaction, type Kernel, type RequestOptions } from '../../kernel/index'
import { isEvmAddress } from '../../kernel/rules/address'
import { eip155TransferSent, estimateFee } from './shared'

/** The coin (`'native'`), or a token by its contract and decimals (docs/behaviour.md, "Sending tokens"). */
export type SendTokensToken = 'native' | { address: string; decimals: number }
export type SendTokensParameters = { token: SendTokensToken; amount: bigint; to: string } & RequestOptions
export type SendTokensReturnType = { hash: string }
export type SendTokensErrorType = LatchError

const tokenSchema = z.union([
  z.literal('native'),
  z.object({ address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)), decimals: z.number().check(z.int(), z.gte(0), z.lte(255)) }),
])
const paramsSchema = z.object({ token: tokenSchema, amount: z.bigint().check(z.gte(0n), z.lt(1n << 256n)), to: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)) })

const maxUint256 = (1n << 256n) - 1n

/**
 * The call data of an ERC-20 `transfer(to, amount)`: the selector 0xa9059cbb and two 32-byte words. Undefined when `to`
 * is not an EVM address or `amount` is not a uint256.
 */
export function erc20TransferData(to: string, amount: bigint): `0x${string}` | undefined {
  if (!isEvmAddress(to) || typeof amount !== 'bigint' || amount < 0n || amount > maxUint256) return undefined
  const word = (hex: string) => hex.toLowerCase().padStart(64, '0')
  return `0xa9059cbb${word(to.replace(/^0x/, ''))}${word(amount.toString(16))}`
}

function read(parameters: unknown): { token: SendTokensToken; amount: bigint; to: `0x${string}` } {
  const parsed = z.safeParse(paramsSchema, parameters)
  if (!parsed.success) throw new LatchError('INVALID_PARAMS', { details: `sendTokens: ${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? ''}` })
  return parsed.data as { token: SendTokensToken; amount: bigint; to: `0x${string}` }
}

/**
 * Sends `amount` (in the token's smallest unit) to `to` from the connected EVM account (docs/behaviour.md, "Sending
 * tokens"): the coin as a transfer of its value, an ERC-20 as a call of the token's `transfer(to, amount)` with no
 * value, both through `sendTransaction`. Resolves with the transaction hash once the wallet sent it, and records it as
 * pending (`eip155/transferSent`, docs/behaviour.md, "Pending transactions") until its receipt comes. Rejects with
 * `INVALID_PARAMS` when a parameter does not validate (the wallet is not asked), else as `sendTransaction`.
 */
export async function sendTokens(latch: Kernel, { token, amount, to, ...options }: SendTokensParameters): Promise<SendTokensReturnType> {
  const checked = read({ token, amount, to })
  const sent =
    checked.token === 'native'
      ? await sendTransaction(latch, { to: checked.to, value: checked.amount, ns: 'eip155', ...options })
      : await sendTransaction(latch, { to: checked.token.address as `0x${string}`, value: 0n, data: erc20TransferData(checked.to, checked.amount), ns: 'eip155', ...options })
  latch.dispatch(eip155TransferSent({ hash: sent.hash }, { ns: 'eip155' }))
  return sent
}

export type EstimateSendFeeParameters = { from: string; token: SendTokensToken; to: string }

const hexQuantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))

/**
 * The network fee of `sendTokens` in wei (docs/behaviour.md, "Send"): `estimateFee` of the transfer (an ERC-20's as a
 * transfer of 0) on the network's own RPC; on a network without an RPC URL, the connected wallet's `eth_estimateGas`
 * times its `eth_gasPrice`, asked through the log. Rejects as `estimateFee`, or `INVALID_RESPONSE` for a wallet's junk.
 */
export async function estimateSendFee(latch: Kernel, { from, token, to }: EstimateSendFeeParameters, options?: RequestOptions): Promise<bigint> {
  const transaction = token === 'native' ? { from, to } : { from, to: token.address, data: erc20TransferData(to, 0n) }
  if (latch.getState().chains.eip155.network.caipNetwork?.rpcUrls.default.http[0]) return (await estimateFee(latch, transaction, options)).fee
  const [gas, price] = await Promise.all([
    request(latch, { method: 'eth_estimateGas', params: [transaction], ns: 'eip155', ...options }),
    request(latch, { method: 'eth_gasPrice', params: [], ns: 'eip155', ...options }),
  ])
  const parsedGas = z.safeParse(hexQuantity, gas)
  const parsedPrice = z.safeParse(hexQuantity, price)
  if (!parsedGas.success || !parsedPrice.success) throw new LatchError('INVALID_RESPONSE', { details: 'eth_estimateGas or eth_gasPrice answered no hex quantity' })
  return BigInt(parsedGas.data) * BigInt(parsedPrice.data)
}
