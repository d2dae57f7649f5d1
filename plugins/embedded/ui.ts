/**
 * What the modal uses of the embedded plugin: its events, the slice's selector and the connector's id. ui/ imports a
 * plugin through its index.ts or this file only (scripts/layering.test.ts); this one reaches neither the channel nor
 * the lazily loaded login code.
 */
export { embeddedConnectorId } from './served'
export {
  embeddedEmailUpdate,
  embeddedEmailUpdateCancelled,
  embeddedEmailUpdatePrimaryOtp,
  embeddedEmailUpdateSecondaryOtp,
  type EmbeddedEmailUpdate,
} from './events'
export { embeddedEmailLogin, embeddedLoginCancelled, embeddedOtp, selectEmbedded, type EmbeddedLogin, type EmbeddedState, type EmbeddedUser } from './events'
export { otpPattern, socialNames, type SocialLogin } from './fields'
export { setPreferredAccountType } from './account-type'
export { startSocialLogin, startFarcasterLogin, cancelSocialLogin, watchFarcasterUrl } from './social'
export { findFrame, hideFrame, placeFrame } from './frame-place'
export type { EmbeddedApproval } from './events'
