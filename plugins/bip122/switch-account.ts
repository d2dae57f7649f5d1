import type { Observable } from 'rxjs'
import { accountAddressChanged, LatchError, type CaipAddress, type LatchEvent, type Logged } from '../../kernel/index'
import { answerIntent } from '../../kernel/engine/answer-intent'
import { sameAddress } from '../../kernel/rules/connections'
import type { Deps } from './deps'
import { bip122SwitchAccountFailed, bip122SwitchAccountRequested, bip122SwitchAccountSucceeded } from './events'
import { notConnected } from './not-connected'
import { checkAccountSwitch } from './rules'
import { activeSession } from './session'

/**
 * Answers `bip122/switchAccountRequested` (docs/bitcoin.md, "Switching accounts"): the address is required
 * (`BIP122_ADDRESS_REQUIRED`) and must be a payment account of the connection (`NON_PAYMENT_ACCOUNT`); the active
 * account then moves there. No wallet is asked: the wallet already authorised every account of the connection.
 */
export function answerSwitchAccount(events$: Observable<Logged>, { ctx, registry }: Deps): Observable<LatchEvent> {
  const options = { intent: bip122SwitchAccountRequested, succeeded: bip122SwitchAccountSucceeded, failed: bip122SwitchAccountFailed, ns: 'bip122' } as const
  return answerIntent(events$, options, async (intent, emit) => {
    const state = ctx.getState()
    const session = activeSession(ctx, registry, state)
    const { address } = intent.payload
    if (session.kind !== 'mine') throw address?.trim() ? notConnected() : new LatchError('BIP122_ADDRESS_REQUIRED')
    const account = checkAccountSwitch(state.chains.bip122.account.allAccounts, address)
    const caipAddress: CaipAddress = `${session.caipNetworkId}:${account.address}`
    if (!sameAddress(account.address, session.address)) emit(accountAddressChanged({ caipAddress }, { ns: 'bip122' }))
    return { caipAddress }
  })
}
