import type * as Door from '../door'

/**
 * What the lazy views use of ui/ outside their own folders and of the modal chunk (ui/modal/door.ts), handed to them by
 * the modal when it loads one of them (ui/modal/Router/lazy-views.ts), before any of them renders: a view imports the
 * modules behind these names for their types only, so its chunk shares no module with the modal chunk, and a cold first
 * open fetches one file (docs/chunks.md, "The rule: one door"). Read them in renders, effects and handlers, never while a
 * module loads.
 */
export let {
  useLatchTranslate, useLatchInstance, useLatch, isMobile, shallowEqual, CurrentMark, LeaveRow, leave, copyAddress,
  Avatar, AccountIdentity, selectAccountIdentity, isolated, startAttempt, useHeld, useViewStyles,
  useLatchBalanceWatch, shortAddress, familyNames, CheckIcon, useLatchContext, displayName, displayBalance,
  displayQuantity, formatAmount, SearchIcon, WarningIcon, DisconnectIcon, PlusIcon, CopyIcon, ErrorIcon,
  ExternalIcon, ActivityClockIcon, ActivityDirectionIcon, WalletImage, useAllowedImage, ListRow, selectWallet,
  connectorIsListing, connectorRow, listingRow, visibleConnectors, NetworkImage, chooseNetwork, switchActiveChain,
  selectProfileConnections, siwxSignInCancelled, siwxSignInRequested,
} = {} as typeof Door

/** Called by the modal with its door before a lazy view renders. */
export function handKit(door: typeof Door): void {
  ;({
    useLatchTranslate, useLatchInstance, useLatch, isMobile, shallowEqual, CurrentMark, LeaveRow, leave, copyAddress,
    Avatar, AccountIdentity, selectAccountIdentity, isolated, startAttempt, useHeld, useViewStyles,
    useLatchBalanceWatch, shortAddress, familyNames, CheckIcon, useLatchContext, displayName, displayBalance,
    displayQuantity, formatAmount, SearchIcon, WarningIcon, DisconnectIcon, PlusIcon, CopyIcon, ErrorIcon,
    ExternalIcon, ActivityClockIcon, ActivityDirectionIcon, WalletImage, useAllowedImage, ListRow, selectWallet,
    connectorIsListing, connectorRow, listingRow, visibleConnectors, NetworkImage, chooseNetwork, switchActiveChain,
    selectProfileConnections, siwxSignInCancelled, siwxSignInRequested,
  } = door)
}
