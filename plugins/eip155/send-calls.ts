import type { Address, Hex } from 'viem'
import { request, type Kernel, type LatchError, type RequestOptions } from '../../kernel/index'
import { toHexQuantity } from './hex'
import { selectEip155Address, selectEip155ChainId } from './selectors'

/** One call of a batch: `to` and `data` are 0x hex; `value` in wei. */
export type Call = { to: Address; data?: Hex; value?: bigint }

export type SendCallsParameters = {
  calls: readonly Call[]
  /** The wallet must run the calls atomically, all or none (EIP-5792 `atomicRequired`; default false). */
  forceAtomic?: boolean
  /** Capabilities the batch asks for (EIP-5792). */
  capabilities?: Readonly<Record<string, unknown>>
  /** An id of the dapp's choosing for the batch. */
  id?: string
  /** The sending address (default: the connected EVM account). */
  account?: Address
  /** The chain (default: the EVM family's current network). */
  chainId?: number
} & RequestOptions
export type SendCallsReturnType = { id: string; capabilities?: Record<string, unknown> }
export type SendCallsErrorType = LatchError

/**
 * Asks the connected EVM wallet to send a batch of calls (EIP-5792 `wallet_sendCalls`), in order.
 * Every `to` and `data` must be 0x hex: a malformed call is refused with `INVALID_PARAMS`, naming
 * the bad field, before the wallet sees it (docs/behaviour.md, "Wallet requests"). Resolves with
 * the batch id for `getCallsStatus`.
 */
export async function sendCalls(latch: Kernel, parameters: SendCallsParameters): Promise<SendCallsReturnType> {
  const { calls, forceAtomic = false, capabilities, id, account, chainId, timeout } = parameters
  const state = latch.getState()
  const from = account ?? selectEip155Address(state)
  const chain = chainId ?? selectEip155ChainId(state)
  const batch = {
    version: '2.0.0',
    ...(id === undefined ? {} : { id }),
    ...(from === undefined ? {} : { from }),
    ...(chain === undefined ? {} : { chainId: toHexQuantity(chain) }),
    atomicRequired: forceAtomic,
    // Left as given when not a bigint: the plugin's check then names the bad field.
    calls: Array.isArray(calls) ? calls.map((call) => (typeof call?.value === 'bigint' ? { ...call, value: toHexQuantity(call.value) } : call)) : calls,
    ...(capabilities === undefined ? {} : { capabilities }),
  }
  const result = await request<string | SendCallsReturnType>(latch, { ns: 'eip155', method: 'wallet_sendCalls', params: [batch], ...(timeout === undefined ? {} : { timeout }) })
  return typeof result === 'string' ? { id: result } : result
}
