/** Sign in with the wallet (docs/siwx.md): the plugin, its actions, events and selectors. */
export { siwx } from './plugin'
export { getSiwxSession, signIn, signOut, type SignInErrorType, type SignInReturnType } from './actions'
export {
  siwxEvents,
  siwxSessionsLoaded,
  siwxSignatureRequested,
  siwxSignedOut,
  siwxSignInCancelled,
  siwxSignInFailed,
  siwxSignInNeeded,
  siwxSignInRequested,
  siwxSignInSucceeded,
  siwxSignOutRequested,
} from './events'
export { selectSiwx, sessionKey, type SiwxState, type SiwxStatus } from './state'
export { siwxServer, type SiwxServerOptions } from './http'
export type { SiwxAccount, SiwxOptions, SiwxServer, SiwxSessionInfo, SiwxSignIn } from './types'
export { siwxErrors } from './error-codes'
