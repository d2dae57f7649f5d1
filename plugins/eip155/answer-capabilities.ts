import type { Observable } from 'rxjs'
import * as z from 'zod/mini'
import { selectAddress, type EffectContext, type LatchEvent, type Logged } from '../../kernel/index'
import { answerIntent } from '../../kernel/engine/answer-intent'
import type { Registry } from './registry'
import { activeSession, capabilitiesSchema, eip155CapabilitiesFailed, eip155CapabilitiesRequested, eip155CapabilitiesSucceeded } from './shared'
import type { WalletRequests } from './wallet-requests'
import { eip155Errors } from './error-codes'

/** Answers `eip155/capabilitiesRequested` with `wallet_getCapabilities`. */
export function answerGetCapabilities(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests): Observable<LatchEvent> {
  const options = { intent: eip155CapabilitiesRequested, succeeded: eip155CapabilitiesSucceeded, failed: eip155CapabilitiesFailed, ns: 'eip155' } as const
  return answerIntent(events$, options, async (intent) => {
    const state = ctx.getState()
    const session = activeSession(ctx, registry, state)
    const address = intent.payload.address ?? selectAddress(state, 'eip155')
    if (!address) throw eip155Errors.error('CAPABILITIES_ADDRESS_REQUIRED')
    if (session.kind !== 'mine') return { address, capabilities: {} }
    try {
      const answer = await requests.request(session.provider, 'wallet_getCapabilities', [address], { bound: true })
      const parsed = z.safeParse(capabilitiesSchema, answer)
      return { address, capabilities: parsed.success ? parsed.data : {} }
    } catch {
      // docs/errors.md: a failed capabilities call gives an empty object.
      return { address, capabilities: {} }
    }
  })
}
