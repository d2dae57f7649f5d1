import type * as Door from '../door'

/**
 * What the lazy views use of ui/ outside their own folders. The initial load's modules come through ui/shared.ts, as they
 * do for the modal. The modal chunk's own modules (ui/modal/door.ts) are handed by the modal as it loads a view
 * (ui/modal/Router/lazy-views.ts), before the view renders: a view imports them for their types only, so its chunk shares
 * no module with the modal chunk, and a cold first open fetches one file (docs/chunks.md, "The rule: one door"). Read the
 * handed ones in renders, effects and handlers, never while a module loads.
 */
export {
  useLatchTranslate, useLatchInstance, useLatchContext, useLatch, isMobile, shallowEqual, Avatar, AccountIdentity,
  selectAccountIdentity, useHeld, useLatchBalanceWatch, shortAddress, displayName, displayBalance, displayQuantity,
  formatAmount,
} from '../../shared'

export let {
  CurrentMark, LeaveRow, copyAddress, leave, isolated, startAttempt, useViewStyles, familyNames, CheckIcon,
  SearchIcon, WarningIcon, DisconnectIcon, PlusIcon, CopyIcon, ErrorIcon, ExternalIcon, ActivityClockIcon,
  ActivityDirectionIcon, WalletImage, useAllowedImage, ListRow, selectWallet, connectorIsListing, connectorRow,
  listingRow, visibleConnectors, NetworkImage, chooseNetwork, switchActiveChain, selectProfileConnections,
  siwxSignInCancelled, siwxSignInRequested, searchWallets,
} = {} as typeof Door

/** Called by the modal with its door before a lazy view renders. */
export function handKit(door: typeof Door): void {
  ;({
    CurrentMark, LeaveRow, copyAddress, leave, isolated, startAttempt, useViewStyles, familyNames, CheckIcon,
    SearchIcon, WarningIcon, DisconnectIcon, PlusIcon, CopyIcon, ErrorIcon, ExternalIcon, ActivityClockIcon,
    ActivityDirectionIcon, WalletImage, useAllowedImage, ListRow, selectWallet, connectorIsListing, connectorRow,
    listingRow, visibleConnectors, NetworkImage, chooseNetwork, switchActiveChain, selectProfileConnections,
    siwxSignInCancelled, siwxSignInRequested, searchWallets,
  } = door)
}
