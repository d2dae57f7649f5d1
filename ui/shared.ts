/**
 * The ui modules that the initial load and the modal's lazy chunks (ui/modal/index.tsx, the views Router.tsx
 * imports) both use, each named here once, by one of its exports. Every lazy chunk imports something from
 * here, so it reaches all of them.
 *
 * Why: esbuild splits shared code by which entries reach a file, so a module reached by only some of the lazy
 * chunks would be cut into a small chunk of its own in the initial load (a file each, and its gzip overhead).
 * Reached by all of them, they stay in one chunk (docs/react.md, "The modal's lazy chunk").
 * scripts/layering.test.ts checks the rule.
 *
 * The last exports are modal modules that every lazy view reaches anyway: named here, a view that imports nothing
 * else of the modal's (ConnectingWalletConnect) still reaches them, and they stay in one chunk with this file.
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
