import type { Hex } from 'viem'
import { request, type Kernel, type LatchError, type RequestOptions } from '../../kernel/index'

/**
 * One call's receipt in a batch's status (EIP-5792), the shape viem names `WalletCallReceipt`. Declared here:
 * that name is not in every viem 2 release the peer range allows.
 */
export type CallReceipt<quantity = Hex, status = Hex> = {
  logs: { address: Hex; data: Hex; topics: Hex[] }[]
  status: status
  blockHash: Hex
  blockNumber: quantity
  gasUsed: quantity
  transactionHash: Hex
}

export type GetCallsStatusParameters = { id: string } & RequestOptions
export type GetCallsStatusReturnType = {
  id: string
  version: string
  chainId: number | undefined
  atomic: boolean
  /** EIP-5792's code: 100 pending, 200 confirmed, 400 not included, 500 reverted, 600 partly reverted. */
  statusCode: number
  status: 'pending' | 'success' | 'failure' | undefined
  receipts: CallReceipt<bigint, 'success' | 'reverted'>[]
  capabilities?: Record<string, unknown>
}
export type GetCallsStatusErrorType = LatchError

type WireStatus = {
  version?: string
  id?: string
  chainId?: Hex
  status: number | 'PENDING' | 'CONFIRMED'
  atomic?: boolean
  receipts?: CallReceipt<Hex, Hex>[]
  capabilities?: Record<string, unknown>
}

/**
 * The status of a batch `sendCalls` sent (EIP-5792 `wallet_getCallsStatus`), shaped as viem's
 * `getCallsStatus` returns it. The wallet's answer is checked; junk is `INVALID_RESPONSE`.
 */
export async function getCallsStatus(latch: Kernel, { id, timeout }: GetCallsStatusParameters): Promise<GetCallsStatusReturnType> {
  const wire = await request<WireStatus>(latch, { ns: 'eip155', method: 'wallet_getCallsStatus', params: [id], ...(timeout === undefined ? {} : { timeout }) })
  const statusCode = wire.status === 'PENDING' ? 100 : wire.status === 'CONFIRMED' ? 200 : wire.status
  const status = statusCode < 100 ? undefined : statusCode < 200 ? 'pending' : statusCode < 300 ? 'success' : statusCode < 700 ? 'failure' : undefined
  return {
    ...(wire.capabilities ? { capabilities: wire.capabilities } : {}),
    id: wire.id ?? id,
    version: wire.version ?? '2.0.0',
    chainId: wire.chainId === undefined ? undefined : Number(wire.chainId),
    atomic: wire.atomic ?? false,
    statusCode,
    status,
    receipts: (wire.receipts ?? []).map((receipt) => ({
      ...receipt,
      blockNumber: BigInt(receipt.blockNumber),
      gasUsed: BigInt(receipt.gasUsed),
      status: BigInt(receipt.status) === 1n ? 'success' : 'reverted',
    })),
  }
}
