/**
 * What the modal hands its lazy views (ui/modal/views/kit.ts): the modal chunk's own modules they use. A lazy view
 * imports none of these modules itself (only their types), so no module of the modal chunk is shared with a view's chunk:
 * the modal chunk needs no other file than the first load's, and a cold first open is one request (docs/chunks.md, "The
 * rule: one door"). What the views use of the first load they import through ui/shared.ts.
 */
export { CurrentMark, LeaveRow } from './parts/rows'
export { copyAddress, leave } from './parts/account-actions'
export { isolated } from '../i18n/isolate'
export { startAttempt } from './connect-attempt'
export { useViewStyles } from '../utils/view-styles'
export { familyNames } from './families'
export { CheckIcon, SearchIcon, WarningIcon, DisconnectIcon, PlusIcon, CopyIcon, ErrorIcon, ExternalIcon, ActivityClockIcon, ActivityDirectionIcon } from './icons'
export { WalletImage } from './WalletIcon/WalletIcon'
export { useAllowedImage } from './WalletIcon/allowed-image'
export { ListRow } from './WalletRow/WalletRow'
export { selectWallet } from './views/Connect/Connect'
export { connectorIsListing, connectorRow, listingRow, visibleConnectors } from './views/Connect/walletRows'
export { NetworkImage } from './views/Networks/NetworkImage'
export { chooseNetwork, switchActiveChain } from './network-switch'
export { selectProfileConnections } from '../../kernel/core/connection-selectors'
export { siwxSignInCancelled, siwxSignInRequested } from '../../plugins/siwx/ui'
export { searchWallets } from '../../kernel/rules/wallets'
