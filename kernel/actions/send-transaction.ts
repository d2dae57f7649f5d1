import type { Address, Hex } from 'viem'
import { LatchError } from '../errors'
import type { Kernel, RequestOptions } from '../kernel'
import type { ChainNamespace } from '../types'

// viem's types only (`import type`): the kernel loads nothing of viem at run time.
/**
 * An SPL token to send instead of the native coin (Solana only, docs/solana.md, "Sending tokens"): its mint, its decimals
 * (the transfer is checked against them), and its program (Token or Token-2022; read from the mint when left out).
 */
export type SendTransactionToken = { mint: string; decimals: number; program?: string }

export type SendTransactionParameters = { to: Address; value: bigint | string; data?: Hex; token?: SendTransactionToken; ns?: ChainNamespace } & RequestOptions
export type SendTransactionReturnType = { hash: Hex }

/** Asks the connected wallet to send a transaction; resolves with its hash once the wallet has sent it. */
export function sendTransaction(latch: Kernel, { to, value, data, token, ns, ...options }: SendTransactionParameters): Promise<SendTransactionReturnType> {
  const family = ns ?? latch.getState().activeNamespace
  if (!family) return Promise.reject(new LatchError('CHAIN_REQUIRED'))
  const payload = { to, value: value.toString(), ...(data === undefined ? {} : { data }), ...(token === undefined ? {} : { token }) }
  // The eip155 plugin answers with the hash the wallet returned, checked as 0x and 64 hex digits (plugins/eip155/send-transaction.ts).
  return latch.request({ type: 'wallet/sendTransactionRequested', ns: family, payload }, options) as Promise<SendTransactionReturnType>
}
