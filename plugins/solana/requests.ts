import { firstValueFrom, type Observable } from 'rxjs'
import * as z from 'zod/mini'
import { LatchError, type EffectContext, type LatchEvent, type Logged, type State } from '../../kernel/index'
import { answerIntent } from '../../kernel/engine/answer-intent'
import { assertMethodAllowed } from '../../kernel/rules/methods'
import { connectedAddress, readParams, walletIntents } from '../../kernel/family/wallet-intents'
import { decodeBase58, encodeBase58 } from '../../kernel/rules/base58'
import { maxMessageBytes, toBase64 } from './bytes'
import { notConnected, toWalletError } from './errors'
import type { Registry } from './registry'
import { paramsSchemas } from './request-schemas'
import { activeSession, heldAccount } from './session-state'
import { latestBlockhash, readTransaction, signAndSendWith, signMessageWith, signTransactionsWith, transferWith, type Signer } from './sign'
import { rpcRequest } from './rpc'
import type { WalletCalls } from './wallet-calls'

type Json = z.core.util.JSONType

/** The connected wallet ready to sign; `NOT_CONNECTED` with none. */
function signerOf(ctx: EffectContext, registry: Registry, calls: WalletCalls): { signer: Signer } {
  const state = ctx.getState()
  const session = activeSession(ctx, registry, state)
  if (session.kind !== 'mine') throw notConnected()
  const network = state.chains.solana.network.caipNetwork
  if (!network) throw new LatchError('NETWORK_NOT_FOUND', { details: 'no Solana network is configured' })
  return { signer: { entry: session.entry, account: heldAccount(session.entry, session.address), network, calls, ctx } }
}

/**
 * Answers `wallet/rpcRequested` for solana (docs/solana.md, "Verbs"): the allowed methods first (`RPC_NOT_ALLOWED`),
 * then the parameters (`INVALID_PARAMS`, naming the field), then the connected wallet, then its answer
 * (`INVALID_RESPONSE`). `solana_getAccounts` and `solana_requestAccounts` are answered from the state.
 */
export function answerWalletRpc(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, calls: WalletCalls, onSent: (signature: string) => void = () => undefined): Observable<LatchEvent> {
  const options = { ...walletIntents.rpc, ns: 'solana', toError: toWalletError } as const
  return answerIntent(events$, options, async (intent): Promise<{ result: Json }> => {
    const { method, params } = intent.payload
    const state = ctx.getState()
    assertMethodAllowed('solana', method)
    if (method === 'solana_getAccounts' || method === 'solana_requestAccounts') return { result: accountsOf(state, method) }
    // No wallet to ask: that, not the parameters (which name the connected account), is what is wrong.
    const found = signerOf(ctx, registry, calls)
    const checked = checkParams(method, params)
    const { signer } = found
    switch (method) {
      case 'solana_signMessage': {
        const { message, pubkey } = checked as z.infer<(typeof paramsSchemas)['solana_signMessage']>
        if (pubkey !== signer.account.address) throw new LatchError('INVALID_PARAMS', { details: `solana_signMessage: pubkey ${pubkey} is not the connected account` })
        const bytes = decodeBase58(message) as Uint8Array
        if (bytes.length > maxMessageBytes) throw new LatchError('INVALID_PARAMS', { details: `solana_signMessage: a message is at most ${maxMessageBytes} bytes` })
        return { result: { signature: await signMessageWith(signer, bytes) } }
      }
      case 'solana_signTransaction': {
        const { transaction, options: sendOptions } = checked as z.infer<(typeof paramsSchemas)['solana_signTransaction']>
        const { bytes } = readTransaction(transaction, signer, method)
        const [signed] = await signTransactionsWith(signer, [bytes], sendOptions, method)
        return { result: { transaction: toBase64(signed!.bytes), signature: encodeBase58(signed!.signature) } }
      }
      case 'solana_signAllTransactions': {
        const { transactions, options: sendOptions } = checked as z.infer<(typeof paramsSchemas)['solana_signAllTransactions']>
        const list = transactions.map((transaction, i) => readTransaction(transaction, signer, `${method} [${i}]`).bytes)
        const signed = await signTransactionsWith(signer, list, sendOptions, method)
        return { result: { transactions: signed.map((s) => toBase64(s.bytes)) } }
      }
      case 'solana_signAndSendTransaction': {
        const { transaction, options: sendOptions } = checked as z.infer<(typeof paramsSchemas)['solana_signAndSendTransaction']>
        const { bytes } = readTransaction(transaction, signer, method)
        const signature = await signAndSendWith(signer, bytes, sendOptions)
        onSent(signature)
        return { result: { signature } }
      }
      default:
        throw new LatchError('RPC_NOT_ALLOWED', { details: `${method} is allowed but the Solana plugin does not implement it` })
    }
  })
}

/** `[{ pubkey }]` of the connected account; `solana_requestAccounts` with none connected is `NOT_CONNECTED`. */
function accountsOf(state: State, method: string) {
  const address = connectedAddress(state, 'solana')
  if (!address && method === 'solana_requestAccounts') throw notConnected()
  return address ? [{ pubkey: address }] : []
}

function checkParams(method: string, params: unknown): unknown {
  if (!Object.hasOwn(paramsSchemas, method)) return params
  return readParams(method, paramsSchemas[method as keyof typeof paramsSchemas] as z.ZodMiniType<unknown>, params)
}

/** Answers the kernel's `signMessage` for solana: the text's UTF-8 bytes, signed; the signature in base58. */
export function answerSignMessage(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, calls: WalletCalls): Observable<LatchEvent> {
  const options = { ...walletIntents.signMessage, ns: 'solana', toError: toWalletError } as const
  return answerIntent(events$, options, async (intent) => {
    const found = signerOf(ctx, registry, calls)
    const message = new TextEncoder().encode(intent.payload.message)
    if (message.length > maxMessageBytes) throw new LatchError('INVALID_PARAMS', { details: `solana_signMessage: a message is at most ${maxMessageBytes} bytes` })
    return { signature: await signMessageWith(found.signer, message) }
  })
}

/**
 * Answers the kernel's `sendTransaction` for solana: `value` lamports to `to`, a SOL transfer; with `token`, `value` base
 * units of that SPL token to `to`'s associated token account (./spl, loaded then). `hash` is its signature.
 */
export function answerSendTransaction(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, calls: WalletCalls, onSent: (signature: string) => void = () => undefined): Observable<LatchEvent> {
  const options = { ...walletIntents.sendTransaction, ns: 'solana', toError: toWalletError } as const
  return answerIntent(events$, options, async (intent) => {
    const found = signerOf(ctx, registry, calls)
    const { to, value, data, token } = intent.payload
    if (data !== undefined) throw new LatchError('INVALID_PARAMS', { details: 'a Solana transfer carries no data: use signAndSendTransaction for instructions' })
    const { signer } = found
    const hash = token
      ? await (await import('./spl')).tokenTransferWith(
          {
            read: async (method, params) => (await firstValueFrom(rpcRequest(ctx.ports, signer.network.rpcUrls.default.http, method, params))).result,
            blockhash: () => latestBlockhash(signer),
            send: (transaction) => signAndSendWith(signer, transaction, undefined),
          },
          signer.account.publicKey,
          to,
          BigInt(value),
          token,
        )
      : await transferWith(signer, to, BigInt(value))
    onSent(hash)
    return { hash }
  })
}
