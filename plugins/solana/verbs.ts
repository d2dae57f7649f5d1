/**
 * The Solana verbs (docs/solana.md, "Verbs"): each is one `wallet/rpcRequested` for solana, so the call and its
 * answer are in the log, and the kernel's allowed-method rule applies. The connected wallet signs; the plugin
 * checks what it answers.
 */
import { LatchError, request, selectAddress, type Kernel, type RequestOptions } from '../../kernel/index'
import { encodeBase58 } from '../../kernel/rules/base58'
import { fromBase64, maxMessageBytes, sameKind, toBase64, transactionBytes, type TransactionInput } from './bytes'

/** Options of the sending verbs, as Solana's RPC takes them. */
export type SolanaSendOptions = {
  /** Skip the node's simulation before sending. */
  skipPreflight?: boolean
  /** The commitment the simulation reads at. */
  preflightCommitment?: 'processed' | 'confirmed' | 'finalized'
  /** How many times the node retries sending. */
  maxRetries?: number
  /** The lowest slot the node may read the transaction's state at. */
  minContextSlot?: number
}

export type SignMessageParameters = { message: string | Uint8Array } & RequestOptions
export type SignMessageReturnType = { signature: string }

/**
 * Asks the connected Solana wallet to sign a message (`solana:signMessage`): text is signed as its UTF-8 bytes.
 * Resolves with the 64-byte ed25519 signature in base58.
 */
export async function signMessage(latch: Kernel, { message, ...options }: SignMessageParameters): Promise<SignMessageReturnType> {
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
  if (!(bytes instanceof Uint8Array) || bytes.length > maxMessageBytes) {
    throw new LatchError('INVALID_PARAMS', { details: `solana_signMessage: a message is text or at most ${maxMessageBytes} bytes` })
  }
  const pubkey = selectAddress(latch.getState(), 'solana') ?? ''
  return request<SignMessageReturnType>(latch, { ns: 'solana', method: 'solana_signMessage', params: { message: encodeBase58(bytes), pubkey }, ...options })
}

export type SignTransactionParameters<T extends TransactionInput> = { transaction: T; options?: SolanaSendOptions } & RequestOptions
export type SignTransactionReturnType<T extends TransactionInput> = { transaction: T; signature: string }

/**
 * Asks the connected Solana wallet to sign a transaction (`solana:signTransaction`) without sending it. Takes the
 * wire bytes or a web3.js `Transaction`/`VersionedTransaction`; resolves with the signed transaction as the same
 * kind, and the account's signature in base58.
 */
export async function signTransaction<T extends TransactionInput>(latch: Kernel, { transaction, options, ...rest }: SignTransactionParameters<T>): Promise<SignTransactionReturnType<T>> {
  const params = { transaction: toBase64(transactionBytes(transaction, 'solana_signTransaction')), ...(options ? { options } : {}) }
  const result = await request<{ transaction: string; signature: string }>(latch, { ns: 'solana', method: 'solana_signTransaction', params, ...rest })
  return { transaction: sameKind(transaction, decoded(result.transaction)), signature: result.signature }
}

export type SignAllTransactionsParameters<T extends TransactionInput> = { transactions: readonly T[]; options?: SolanaSendOptions } & RequestOptions
export type SignAllTransactionsReturnType<T extends TransactionInput> = { transactions: T[] }

/** Asks the connected Solana wallet to sign several transactions with one prompt; resolves with them signed, in order. */
export async function signAllTransactions<T extends TransactionInput>(latch: Kernel, { transactions, options, ...rest }: SignAllTransactionsParameters<T>): Promise<SignAllTransactionsReturnType<T>> {
  if (!Array.isArray(transactions)) throw new LatchError('INVALID_PARAMS', { details: 'solana_signAllTransactions: transactions is a list' })
  const params = { transactions: transactions.map((t, i) => toBase64(transactionBytes(t, `solana_signAllTransactions [${i}]`))), ...(options ? { options } : {}) }
  const result = await request<{ transactions: string[] }>(latch, { ns: 'solana', method: 'solana_signAllTransactions', params, ...rest })
  return { transactions: transactions.map((t, i) => sameKind(t, decoded(result.transactions[i]))) }
}

export type SignAndSendTransactionParameters = { transaction: TransactionInput; options?: SolanaSendOptions } & RequestOptions
export type SignAndSendTransactionReturnType = { signature: string }

/**
 * Asks the connected Solana wallet to sign a transaction and send it on the current Solana network
 * (`solana:signAndSendTransaction`, or sign then Latch sends it over RPC when the wallet cannot send). Resolves with
 * the transaction's signature in base58 once sent (not once confirmed).
 */
export async function signAndSendTransaction(latch: Kernel, { transaction, options, ...rest }: SignAndSendTransactionParameters): Promise<SignAndSendTransactionReturnType> {
  const params = { transaction: toBase64(transactionBytes(transaction, 'solana_signAndSendTransaction')), ...(options ? { options } : {}) }
  return request<SignAndSendTransactionReturnType>(latch, { ns: 'solana', method: 'solana_signAndSendTransaction', params, ...rest })
}

/** The plugin checked the answer already; a gap here is a bug, not the wallet's. */
function decoded(text: string | undefined): Uint8Array {
  const bytes = fromBase64(text)
  if (!bytes) throw new LatchError('INVALID_RESPONSE', { details: 'a signed transaction is not base64' })
  return bytes
}
