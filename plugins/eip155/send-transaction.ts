import type { Observable } from 'rxjs'
import { LatchError, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { answerIntent } from '../../kernel/engine/answer-intent'
import { classifyRpcResult } from '../../kernel/rules/rpc-result'
import { isEvmAddress } from '../../kernel/rules/address'
import { walletIntents } from '../../kernel/family/wallet-intents'
import { describe } from './accounts'
import { toWalletError } from './shared'
import { toHexQuantity } from './hex'
import type { Registry } from './registry'
import type { WalletRequests } from './wallet-requests'
import { activeSession } from './session'
import { notConnected } from './not-connected'

/** Answers `wallet/sendTransactionRequested` for eip155 with `eth_sendTransaction`; resolves with the hash once sent. */
export function answerSendTransaction(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests): Observable<LatchEvent> {
  const options = { ...walletIntents.sendTransaction, ns: 'eip155', toError: toWalletError } as const
  return answerIntent(events$, options, async (intent) => {
    const session = activeSession(ctx, registry)
    if (session.kind === 'none') throw notConnected()
    const { to, value, data, token } = intent.payload
    // An ERC-20 is a transfer call in `data`; `token` is Solana's (docs/solana.md, "Sending tokens").
    if (token !== undefined) throw new LatchError('INVALID_PARAMS', { details: 'an EVM token transfer is a call to the token: give data, not token' })
    if (!isEvmAddress(to)) throw new LatchError('INVALID_ADDRESS', { details: `not an EVM address: ${describe(to)}` })
    const transaction = {
      from: session.address,
      to: to.startsWith('0x') ? to : `0x${to}`,
      value: toHexQuantity(BigInt(value)),
      ...(data === undefined ? {} : { data }),
    }
    const hash = await requests.request(session.provider, 'eth_sendTransaction', [transaction], { bound: true })
    // docs/behaviour.md, "RPC results": a transaction result is 0x and exactly 64 hex digits.
    if (typeof hash !== 'string' || classifyRpcResult(hash) !== 'transaction') {
      throw new LatchError('INVALID_RESPONSE', { details: `eth_sendTransaction returned no transaction hash: ${describe(hash)}` })
    }
    return { hash }
  })
}
