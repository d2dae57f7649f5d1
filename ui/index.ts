'use client'

/**
 * Latch for React (`latch/react`): the provider, hooks, buttons and a headless button renderer. The modal
 * itself is a separate chunk, imported lazily and preloaded while the browser is idle. The `'use client'` above is kept in
 * the built file, so a React Server Component that imports this entry gets client references (docs/nextjs.md).
 */
export { LatchProvider, type LatchProviderProps } from './components/LatchProvider/LatchProvider'
export { ConnectButton, type ConnectButtonProps } from './components/ConnectButton/ConnectButton'
export { AccountButton } from './components/AccountButton/AccountButton'
export { NetworkButton } from './components/NetworkButton/NetworkButton'
export { ConnectButtonRenderer, type ConnectButtonRendererProps } from './components/ConnectButtonRenderer/ConnectButtonRenderer'
export { useLatch } from './hooks/useLatch'
export { useLatchInstance } from './context'
export { useLatchAccount, type AccountInfo } from './hooks/useLatchAccount'
export { useLatchNetwork, type NetworkInfo } from './hooks/useLatchNetwork'
export { useLatchModal, type ModalControls } from './hooks/useLatchModal'
export { useLatchConnectButtonState, type ConnectButtonState } from './hooks/useLatchConnectButtonState'
export { useLatchBalanceWatch } from './hooks/useLatchBalanceWatch'
export { useLatchTokenBalances } from './hooks/useLatchTokenBalances'
export type { MutationState, MutationStatus, Mutate, MutateAsync, MutateOptions } from './hooks/useMutation'
export { useLatchSignMessage, type UseLatchSignMessageReturnType } from './hooks/useLatchSignMessage'
export { useLatchSignTypedData, type SignTypedDataMutate, type UseLatchSignTypedDataReturnType } from './hooks/useLatchSignTypedData'
export { useLatchSendTransaction, type SendTransactionVariables, type UseLatchSendTransactionReturnType } from './hooks/useLatchSendTransaction'
export { useLatchSendCalls, type UseLatchSendCallsReturnType } from './hooks/useLatchSendCalls'
export { useLatchBalance, type BalanceData, type UseLatchBalanceReturnType } from './hooks/useLatchBalance'
export {
  defineAddon,
  walletFeatureOrder,
  connectMethodOrder,
  type LatchAddon,
  type FeatureAddon,
  type ConnectMethodAddon,
  type ViewAddon,
  type WalletFeature,
  type ConnectMethod,
  type LazyComponent,
} from './addons'
export { themeVariableNames, lightTokens, darkTokens, baseTokens, type ThemeTokens } from './theme/tokens'
export { preloadModal } from './modal-loader'
export { useLatchTranslate, type Translate } from './i18n/translate'
export { defineLocale, type Messages, type MessageId, type MessageOverrides, type LocaleDefinition, type TextDirection } from './i18n/messages'
export type { I18nOptions } from './i18n/I18nProvider'
export type { AddonText } from './addons'
