/**
 * Latch's embedded wallet (docs/embedded-wallet.md): an e-mail login whose wallet lives in a frame on the wallet
 * service's origin, reached through a channel locked to that origin. The plugin, its events and selectors.
 */
export { embeddedWallet, embeddedConnectorId, embeddedErrors, type EmbeddedWalletOptions } from './plugin'
export { setPreferredAccountType } from './account-type'
export {
  embeddedAccountType,
  embeddedEmailLogin,
  embeddedEmailUpdate,
  embeddedEmailUpdateCancelled,
  embeddedEmailUpdatePrimaryOtp,
  embeddedEmailUpdateSecondaryOtp,
  embeddedApprovalChanged,
  embeddedEvents,
  embeddedFamilies,
  embeddedFrameReported,
  embeddedLoginCancelled,
  embeddedOtp,
  embeddedSocialLogin,
  embeddedSocialPopupChanged,
  embeddedFarcasterLogin,
  embeddedFarcasterUrlShown,
  embeddedFarcasterUrlWanted,
  embeddedUserChanged,
  selectEmbedded,
  type EmbeddedApproval,
  type EmbeddedFamily,
  type EmbeddedEmailUpdate,
  type EmbeddedLogin,
  type EmbeddedLoginStatus,
  type EmbeddedState,
  type EmbeddedUser,
} from './events'
// The channel (plugins/embedded/channel.ts) is not re-exported: the entry's first load would carry it; only its type is.
export type { FrameChannel, FrameChannelOptions, FrameHost } from './channel'
export { otpPattern, defaultSocials, socialLogins, socialProviders, type SocialLogin, type SocialProvider } from './fields'
export { startSocialLogin, startFarcasterLogin, cancelSocialLogin, watchFarcasterUrl, socialPopupName, socialPopupFeatures, type PopupOpener, type SocialPopup } from './social'
export { findFrame, frameKeyAttribute, hideFrame, placeFrame, type FrameBox } from './frame-place'
