/**
 * What signing and sending do with a connected wallet (docs/solana.md, "Verbs"): the wallet-standard feature,
 * through the wallet-call path (timeout, join, abort), and a check of every answer before it goes anywhere.
 */
import { firstValueFrom } from 'rxjs'
import * as z from 'zod/mini'
import { LatchError, type CaipNetwork, type EffectContext } from '../../kernel/index'
import { decodeBase58, encodeBase58 } from '../../kernel/rules/base58'
import { fromBase64, toBase64 } from './bytes'
import { describe } from './errors'
import { walletChainOf } from './networks'
import type { SendOptions } from './request-schemas'
import { rpcRequest } from './rpc'
import type { WalletEntry } from './registry'
import type { WalletCalls } from './wallet-calls'
import { readFeature, type Account } from './accounts'
import { isBytes } from './wallet-schema'
import { buildTransfer, isSigned, parseTransaction, signerIndex, type ParsedTransaction } from './wire'

/** A connected wallet, its account and the network requests go to. */
export type Signer = { entry: WalletEntry; account: Account; network: CaipNetwork; calls: WalletCalls; ctx: EffectContext }

const prompt = { prompt: true, bound: true } as const

function feature<N extends Parameters<typeof readFeature>[1]>(signer: Signer, name: N) {
  const found = readFeature(signer.entry.wallet, name)
  if (!found) throw new LatchError('RPC_NOT_ALLOWED', { details: `${signer.entry.connector.name} lacks ${name}` })
  return found
}

/** The first output of a wallet call, which must be an object: `INVALID_RESPONSE` otherwise. */
function outputs(value: unknown, count: number, what: string): Record<string, unknown>[] {
  if (!Array.isArray(value) || value.length !== count || !value.every((v) => typeof v === 'object' && v !== null)) {
    throw new LatchError('INVALID_RESPONSE', { details: `${what} answered ${describe(value)}, not ${count} output${count === 1 ? '' : 's'}` })
  }
  return value as Record<string, unknown>[]
}

/** 64 bytes that are not all zero: an ed25519 signature. */
function signatureOf(value: unknown, what: string): Uint8Array {
  if (!isBytes(value) || !isSigned(value)) throw new LatchError('INVALID_RESPONSE', { details: `${what} answered a signature that is not 64 bytes: ${describe(value)}` })
  return value
}

/** `solana:signMessage`: the message's signature in base58. */
export async function signMessageWith(signer: Signer, message: Uint8Array): Promise<string> {
  const { signMessage } = feature(signer, 'solana:signMessage')
  const answer = await signer.calls.run(signer.entry.wallet, `signMessage ${encodeBase58(message)}`, () => signMessage({ account: signer.account.raw, message } as never) as Promise<unknown>, prompt)
  const [output] = outputs(answer, 1, 'solana:signMessage')
  return encodeBase58(signatureOf(output?.signature, 'solana:signMessage'))
}

/** A transaction the connected account must sign: its bytes parsed, or `INVALID_PARAMS` saying why not. */
export function readTransaction(base64: string, signer: Signer, what: string): { bytes: Uint8Array; parsed: ParsedTransaction } {
  const bytes = fromBase64(base64)
  const parsed = bytes ? parseTransaction(bytes) : undefined
  if (!bytes || !parsed) throw new LatchError('INVALID_PARAMS', { details: `${what}: not a Solana transaction` })
  if (signerIndex(parsed, signer.account.publicKey) < 0) throw new LatchError('INVALID_PARAMS', { details: `${what}: the transaction does not ask ${signer.account.address} to sign` })
  return { bytes, parsed }
}

/** A signed transaction the wallet answered: one transaction, holding the account's signature. */
function checkSigned(value: unknown, signer: Signer, what: string): { bytes: Uint8Array; signature: Uint8Array } {
  const parsed = isBytes(value) ? parseTransaction(value) : undefined
  if (!parsed) throw new LatchError('INVALID_RESPONSE', { details: `${what} answered something that is not a transaction: ${describe(value)}` })
  const signature = parsed.signatures[signerIndex(parsed, signer.account.publicKey)]
  if (!isSigned(signature)) throw new LatchError('INVALID_RESPONSE', { details: `${what} answered a transaction without ${signer.account.address}'s signature` })
  return { bytes: Uint8Array.from(value as Uint8Array), signature: signature as Uint8Array }
}

function signOptions(options: SendOptions | undefined) {
  const { preflightCommitment, minContextSlot } = options ?? {}
  return { ...(preflightCommitment ? { preflightCommitment } : {}), ...(minContextSlot === undefined ? {} : { minContextSlot }) }
}

/** `solana:signTransaction` for one or more transactions (one prompt): each signed, checked, in order. */
export async function signTransactionsWith(signer: Signer, transactions: readonly Uint8Array[], options: SendOptions | undefined, what: string): Promise<{ bytes: Uint8Array; signature: Uint8Array }[]> {
  const { signTransaction } = feature(signer, 'solana:signTransaction')
  const chain = walletChainOf(signer.network.caipNetworkId)
  const inputs = transactions.map((transaction) => ({ account: signer.account.raw, transaction, ...(chain ? { chain } : {}), options: signOptions(options) }))
  const key = `signTransaction ${transactions.map(toBase64).join(',')}`
  const answer = await signer.calls.run(signer.entry.wallet, key, () => signTransaction(...(inputs as never[])) as Promise<unknown>, prompt)
  return outputs(answer, transactions.length, 'solana:signTransaction').map((output, i) => checkSigned(output.signedTransaction, signer, `solana:signTransaction [${i}]`))
}

/**
 * Signs and sends on the current network: `solana:signAndSendTransaction` when the wallet has it and names the
 * cluster, else `solana:signTransaction` then Latch's own `sendTransaction` to the network's RPC. The signature in base58.
 */
export async function signAndSendWith(signer: Signer, transaction: Uint8Array, options: SendOptions | undefined): Promise<string> {
  const chain = walletChainOf(signer.network.caipNetworkId)
  const sendFeature = chain ? readFeature(signer.entry.wallet, 'solana:signAndSendTransaction') : undefined
  if (sendFeature && chain) {
    const input = { account: signer.account.raw, transaction, chain, ...(options ? { options } : {}) }
    const answer = await signer.calls.run(signer.entry.wallet, `signAndSendTransaction ${toBase64(transaction)}`, () => sendFeature.signAndSendTransaction(input as never) as Promise<unknown>, prompt)
    const [output] = outputs(answer, 1, 'solana:signAndSendTransaction')
    return encodeBase58(signatureOf(output?.signature, 'solana:signAndSendTransaction'))
  }
  const [signed] = (await signTransactionsWith(signer, [transaction], options, 'solana_signAndSendTransaction')) as [{ bytes: Uint8Array; signature: Uint8Array }]
  const config = { encoding: 'base64', ...options }
  const { result } = await firstValueFrom(rpcRequest(signer.ctx.ports, signer.network.rpcUrls.default.http, 'sendTransaction', [toBase64(signed.bytes), config]))
  const sent = decodeBase58(result)
  if (sent?.length !== 64) throw new LatchError('INVALID_RESPONSE', { details: `sendTransaction answered ${describe(result)}, not a signature` })
  return encodeBase58(sent)
}

const blockhashSchema = z.object({ value: z.object({ blockhash: z.string() }) })

/** The network's latest blockhash (at `confirmed`), for a transaction Latch builds. */
export async function latestBlockhash(signer: Signer): Promise<Uint8Array> {
  const { result } = await firstValueFrom(rpcRequest(signer.ctx.ports, signer.network.rpcUrls.default.http, 'getLatestBlockhash', [{ commitment: 'confirmed' }]))
  const parsed = z.safeParse(blockhashSchema, result)
  const blockhash = parsed.success ? decodeBase58(parsed.data.value.blockhash) : undefined
  if (blockhash?.length !== 32) throw new LatchError('INVALID_RESPONSE', { details: `getLatestBlockhash answered ${describe(result)}` })
  return blockhash
}

/** A SOL transfer from the connected account (the generic `sendTransaction` verb): built here, signed and sent by the wallet. */
export async function transferWith(signer: Signer, to: string, lamports: bigint): Promise<string> {
  const recipient = decodeBase58(to)
  if (recipient?.length !== 32) throw new LatchError('INVALID_ADDRESS', { details: `not a Solana address: ${describe(to)}` })
  if (lamports <= 0n || lamports >= 2n ** 64n) throw new LatchError('INVALID_PARAMS', { details: `a transfer of ${lamports} lamports` })
  return signAndSendWith(signer, buildTransfer(signer.account.publicKey, recipient, lamports, await latestBlockhash(signer)), undefined)
}
