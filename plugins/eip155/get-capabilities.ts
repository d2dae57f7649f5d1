import type { Observable } from 'rxjs'
import * as z from 'zod/mini'
import { answerIntent, LatchError, selectAddress, type EffectContext, type Kernel, type LatchEvent, type Logged, type RequestOptions } from '../../kernel/index'
import { eip155CapabilitiesFailed, eip155CapabilitiesRequested, eip155CapabilitiesSucceeded, type Capabilities } from './events'
import type { Registry } from './registry'
import { capabilitiesSchema } from './schemas'
import { activeSession } from './session'
import type { WalletRequests } from './wallet-requests'

export type GetCapabilitiesParameters = { address?: string } & RequestOptions
export type GetCapabilitiesReturnType = Capabilities
export type GetCapabilitiesErrorType = LatchError

/**
 * The connected wallet's EIP-5792 capabilities for `address` (the connected one by default);
 * `{}` when the wallet fails or lacks the method (docs/errors.md). No address at all rejects (docs/errors.md).
 */
export async function getCapabilities(latch: Kernel, { address, ...options }: GetCapabilitiesParameters = {}): Promise<GetCapabilitiesReturnType> {
  const target = address ?? selectAddress(latch.getState(), 'eip155')
  if (!target) throw new LatchError('CAPABILITIES_ADDRESS_REQUIRED')
  try {
    const { capabilities } = await latch.request(eip155CapabilitiesRequested({ address: target }, { ns: 'eip155' }), options)
    return capabilities
  } catch (error) {
    if (error instanceof LatchError && error.code === 'CAPABILITIES_ADDRESS_REQUIRED') throw error
    return {}
  }
}

/** Answers `eip155/capabilitiesRequested` with `wallet_getCapabilities`. */
export function answerGetCapabilities(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests): Observable<LatchEvent> {
  const options = { intent: eip155CapabilitiesRequested, succeeded: eip155CapabilitiesSucceeded, failed: eip155CapabilitiesFailed, ns: 'eip155' } as const
  return answerIntent(events$, options, async (intent) => {
    const state = ctx.getState()
    const session = activeSession(ctx, registry, state)
    const address = intent.payload.address ?? selectAddress(state, 'eip155')
    if (!address) throw new LatchError('CAPABILITIES_ADDRESS_REQUIRED')
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
