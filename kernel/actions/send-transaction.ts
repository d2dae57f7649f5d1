import type { Address, Hex } from 'viem'
import { LatchError } from '../engine/errors'
import type { Kernel, RequestOptions } from '../engine/kernel'
import type { ChainNamespace } from '../types'

// viem's types only (`import type`): the kernel loads nothing of viem at run time.
/**
 * An SPL token to send instead of the native coin (Solana only, docs/solana.md, "Sending tokens"): its mint, its decimals
 * (the transfer is checked against them), and its program (Token or Token-2022; read from the mint when left out).
 */
export type SendTransactionToken = { mint: string; decimals: number; program?: string }

type IsEvm<N> = [N] extends ['eip155'] ? true : false

/**
 * `to` and `data` are EVM types (`Address`, `Hex`) only on eip155; a Solana or Bitcoin address is a plain string, and
 * `token` is Solana's. With no `ns` (the active family) each is the loosest of them.
 */
export type SendTransactionParameters<N extends ChainNamespace | undefined = ChainNamespace | undefined> = {
  to: IsEvm<N> extends true ? Address : string
  value: bigint | string
  data?: [N] extends ['eip155' | undefined] ? Hex : [N] extends ['solana' | 'bip122'] ? never : Hex
  token?: [N] extends ['solana' | undefined] ? SendTransactionToken : [N] extends ['eip155' | 'bip122'] ? never : SendTransactionToken
  ns?: N
} & RequestOptions
/** The transaction's hash or id as the family writes it: 0x hex on eip155, a base58 signature on Solana, a txid on Bitcoin. */
export type SendTransactionReturnType<N extends ChainNamespace | undefined = ChainNamespace | undefined> = { hash: IsEvm<N> extends true ? Hex : string }

/** Asks the connected wallet to send a transaction; resolves with its hash once the wallet has sent it. Fails with a `SendTransactionErrorType`. */
export function sendTransaction<const N extends ChainNamespace | undefined = undefined>(
  latch: Kernel,
  { to, value, data, token, ns, ...options }: SendTransactionParameters<N>,
): Promise<SendTransactionReturnType<N>> {
  const family = ns ?? latch.getState().activeNamespace
  if (!family) return Promise.reject(new LatchError('CHAIN_REQUIRED'))
  const payload = { to, value: value.toString(), ...(data === undefined ? {} : { data: data as string }), ...(token === undefined ? {} : { token: token as SendTransactionToken }) }
  // The eip155 plugin answers with the hash the wallet returned, checked as 0x and 64 hex digits (plugins/eip155/send-transaction.ts).
  return latch.request({ type: 'wallet/sendTransactionRequested', ns: family, payload }, options) as Promise<SendTransactionReturnType<N>>
}
