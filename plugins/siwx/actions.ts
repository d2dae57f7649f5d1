import { LatchError, type Kernel, type RequestOptions, type State } from '../../kernel/index'
import { siwxSignInRequested, siwxSignOutRequested } from './events'
import { selectActiveAccount, sessionOf } from './state'
import type { SiwxSessionInfo } from './types'
import { siwxErrors } from './error-codes'

export type SignInReturnType = { session: SiwxSessionInfo }
export type SignInErrorType = LatchError

/**
 * Signs the active account in (docs/siwx.md, "Actions"): the wallet is asked to sign the message, which is then
 * verified. Resolves with the session; rejects with `SIGNATURE_DECLINED`, `SMART_ACCOUNT_UNSUPPORTED` or
 * `SIWX_AUTH_ERROR`; `SIWX_NO_ACTIVE_ADDRESS` with no account connected, `SIWX_NO_ACTIVE_NETWORK` on no network or one the
 * dapp did not configure (`SIWX_NOT_ENABLED` without the siwx plugin).
 */
export function signIn(latch: Kernel, options: RequestOptions = {}): Promise<SignInReturnType> {
  if (!(latch.getState() as Partial<State>).siwx) return Promise.reject(siwxErrors.error('SIWX_NOT_ENABLED', { details: 'signIn() needs the siwx plugin: createLatch({ plugins: [siwx()] })' }))
  return latch.request(siwxSignInRequested({}), options) as Promise<SignInReturnType>
}

/** Ends the active account's session (and the server's, in server mode). */
export function signOut(latch: Kernel): void {
  latch.dispatch(siwxSignOutRequested({}))
}

/** The active account's session, when it is signed in and the session has not expired at `now` (ms). */
export function getSiwxSession(state: State, now: number = Date.now()): SiwxSessionInfo | undefined {
  const account = selectActiveAccount(state)
  return account && (state as Partial<State>).siwx ? sessionOf(state, account, now) : undefined
}
