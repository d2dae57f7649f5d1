import { merge, type Observable } from 'rxjs'
import { LatchError, type LatchEvent, type Logged } from '../../kernel/index'
import { answerIntent } from '../../kernel/engine/answer-intent'
import { assertMethodAllowed } from '../../kernel/rules/methods'
import { walletIntents } from '../../kernel/family/wallet-intents'
import type { Deps } from './deps'
import { toBitcoinWalletError } from './errors'
import { loadWalletModule } from './lazy'
import { notConnected } from './not-connected'
import { activeSession } from './session'
import type { Bip122Method } from './wallet'

/**
 * Runs one Bitcoin method for a dapp (docs/bitcoin.md, "Requests"): the allowed methods first (`RPC_NOT_ALLOWED`,
 * before any wallet is asked), then the connected wallet through the plugin's request path.
 */
async function run(deps: Deps, method: string, params: unknown): Promise<unknown> {
  const { ctx, registry, requests, settings } = deps
  const session = activeSession(ctx, registry)
  assertMethodAllowed('bip122', method)
  if (session.kind !== 'mine') throw notConnected()
  const wallets = await loadWalletModule()
  const result = await wallets.runMethod(method as Bip122Method, params, { ...session, purposes: settings.purposes }, { win: ctx.ports.window, requests })
  const sent = method === 'sendTransfer' || (method === 'signPsbt' && typeof (result as { txid?: unknown } | null)?.txid === 'string')
  if (sent) deps.refreshBalance()
  return result
}

/**
 * Answers the dapp's requests to the connected Bitcoin wallet: `wallet/rpcRequested` (signMessage, signPsbt,
 * sendTransfer, getAccountAddresses with their options), and the family-agnostic `wallet/signMessageRequested`
 * (signMessage with its defaults) and `wallet/sendTransactionRequested` (a transfer of `value` satoshis to `to`).
 */
export function answerWalletRequests(events$: Observable<Logged>, deps: Deps): Observable<LatchEvent> {
  const toError = (error: unknown) => toBitcoinWalletError(error)
  return merge(
    answerIntent(events$, { ...walletIntents.rpc, ns: 'bip122', toError }, async (intent) => {
      const result = await run(deps, intent.payload.method, intent.payload.params)
      return { result: result as never }
    }),
    answerIntent(events$, { ...walletIntents.signMessage, ns: 'bip122', toError }, async (intent) => {
      const result = await run(deps, 'signMessage', { message: intent.payload.message })
      return { signature: (result as { signature: string }).signature }
    }),
    answerIntent(
      events$,
      { ...walletIntents.sendTransaction, ns: 'bip122', toError },
      async (intent) => {
        const { to, value, data, token } = intent.payload
        if ((data !== undefined && data !== '0x') || token !== undefined) throw new LatchError('INVALID_PARAMS', { details: 'a Bitcoin transfer carries no data and no token' })
        const result = await run(deps, 'sendTransfer', { recipients: [{ address: to, amount: value }] })
        return { hash: (result as { txid: string }).txid }
      },
    ),
  )
}
