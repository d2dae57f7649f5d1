/**
 * The ui modules of the initial load that the modal chunk (ui/modal/index.tsx) uses, each named here once, by one of its
 * exports, with modal modules that some views use (the rows in ui/modal/parts/). The modal imports them from here; its
 * lazy views never import this file: the modal hands them what they use of it through ui/modal/door.ts, so the modal
 * chunk shares no module with a view's chunk (docs/chunks.md, "The rule: one door"). scripts/layering.test.ts checks it.
 */
export { useThemeMode } from './hooks/useThemeMode'
export { adoptStyles } from './utils/styles'
export { useViewStyles } from './utils/view-styles'
export { makePageInert } from './utils/inertPage'
export { watchInputModality } from './utils/modality'
export { useLatchInstance } from './context'
export { useLatch } from './hooks/useLatch'
export { useLatchTranslate } from './i18n/translate'
export { isolated } from './i18n/isolate'
export { enBase } from './i18n/en-base'
export { isMobile } from './utils/platform'
export { prefetchWalletList } from './wallet-list'
export { Avatar } from './components/Avatar/Avatar'
export { AccountIdentity, selectAccountIdentity } from './components/Avatar/AccountIdentity'
export { useLatchBalanceWatch } from './hooks/useLatchBalanceWatch'
export { useHeld } from './utils/held'
export { shortAddress } from './utils/format'
export { walletFeatureOrder } from './addons'
export { shallowEqual } from './utils/shallowEqual'
export { familyNames } from './modal/families'
export { whenViewLeft } from './modal/view-left'
export { CurrentMark, LeaveRow } from './modal/parts/rows'
export { CheckIcon } from './modal/icons'
export { copyAddress, leave } from './modal/parts/account-actions'
export { selectWalletListNamespaces } from '../kernel/core/connection-selectors'
export { startAttempt } from './modal/connect-attempt'
