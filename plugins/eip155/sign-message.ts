import type { Observable } from 'rxjs'
import { LatchError, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { answerIntent } from '../../kernel/engine/answer-intent'
import { classifyRpcResult } from '../../kernel/rules/rpc-result'
import { walletIntents } from '../../kernel/family/wallet-intents'
import { describe } from './accounts'
import { toWalletError } from './shared'
import { utf8ToHex } from './hex'
import type { Registry } from './registry'
import type { WalletRequests } from './wallet-requests'
import { activeSession } from './session'
import { notConnected } from './not-connected'

/** Answers `wallet/signMessageRequested` for eip155 with `personal_sign`; a declined prompt is 'Signature declined'. */
export function answerSignMessage(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests): Observable<LatchEvent> {
  const options = { ...walletIntents.signMessage, ns: 'eip155', toError: toWalletError } as const
  return answerIntent(events$, options, async (intent) => {
    const session = activeSession(ctx, registry)
    if (session.kind === 'none') throw notConnected()
    const signature = await requests.request(session.provider, 'personal_sign', [utf8ToHex(intent.payload.message), session.address], { bound: true })
    // docs/behaviour.md, "RPC results": a signed message is 0x and at least 62 hex digits.
    if (typeof signature !== 'string' || classifyRpcResult(signature) === 'object') {
      throw new LatchError('INVALID_RESPONSE', { details: `personal_sign returned no signature: ${describe(signature)}` })
    }
    return { signature }
  })
}
