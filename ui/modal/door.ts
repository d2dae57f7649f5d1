/**
 * What the modal hands its lazy views (ui/modal/views/kit.ts): everything they use of ui/ outside their own folders,
 * and of the modal chunk's modules. A lazy view imports none of these modules itself (only their types), so no module
 * of the modal chunk is shared with a view's chunk: the modal chunk needs no other file than the first load's, and a
 * cold first open is one request (docs/chunks.md, "The rule: one door").
 */
export {
  useLatchTranslate,
  useLatchInstance,
  useLatch,
  isMobile,
  shallowEqual,
  CurrentMark,
  LeaveRow,
  leave,
  copyAddress,
  Avatar,
  AccountIdentity,
  selectAccountIdentity,
  isolated,
  startAttempt,
  useHeld,
  useViewStyles,
  useLatchBalanceWatch,
  shortAddress,
  familyNames,
  CheckIcon,
} from '../shared'
export { useLatchContext } from '../context'
export { displayName, displayBalance, displayQuantity, formatAmount } from '../utils/format'
export { SearchIcon, WarningIcon, DisconnectIcon, PlusIcon, CopyIcon, ErrorIcon, ExternalIcon, ActivityClockIcon, ActivityDirectionIcon } from './icons'
export { WalletImage } from './WalletIcon/WalletIcon'
export { useAllowedImage } from './WalletIcon/allowed-image'
export { ListRow } from './WalletRow/WalletRow'
export { selectWallet } from './views/Connect/Connect'
export { connectorIsListing, connectorRow, listingRow, visibleConnectors } from './views/Connect/walletRows'
export { NetworkImage } from './views/Networks/NetworkImage'
export { chooseNetwork, switchActiveChain } from './network-switch'
export { selectProfileConnections } from '../../kernel/core/connection-selectors'
export { siwxSignInCancelled, siwxSignInRequested } from '../../plugins/siwx/ui'
