/**
 * The ui modules of the initial load that the modal chunk (ui/modal/index.tsx) and its lazy views use, each named here
 * once, by one of its exports. The modal and every view (through ui/modal/views/kit.ts) reach all of them, so they stay in
 * one chunk of the initial load instead of one per subset (docs/chunks.md, "The rule: one door"). Only modules the initial
 * load holds anyway: what the views use of the modal chunk's own modules, the modal hands them (ui/modal/door.ts).
 * scripts/layering.test.ts checks the rule.
 */
export { useThemeMode } from './hooks/useThemeMode'
export { adoptStyles } from './utils/styles'
export { makePageInert } from './utils/inertPage'
export { watchInputModality } from './utils/modality'
export { useLatchInstance, useLatchContext } from './context'
export { useLatch } from './hooks/useLatch'
export { useLatchTranslate } from './i18n/translate'
export { enBase } from './i18n/en-base'
export { isMobile } from './utils/platform'
export { prefetchWalletList } from './wallet-list'
export { Avatar } from './components/Avatar/Avatar'
export { AccountIdentity, selectAccountIdentity } from './components/Avatar/AccountIdentity'
export { useLatchBalanceWatch } from './hooks/useLatchBalanceWatch'
export { useHeld } from './utils/held'
export { shortAddress, displayName, displayBalance, displayQuantity, formatAmount } from './utils/format'
export { walletFeatureOrder } from './addons'
export { shallowEqual } from './utils/shallowEqual'
