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
export { useAccount, type AccountInfo } from './hooks/useAccount'
export { useNetwork, type NetworkInfo } from './hooks/useNetwork'
export { useModal, type ModalControls } from './hooks/useModal'
export { useConnectButtonState, type ConnectButtonState } from './hooks/useConnectButtonState'
export { useBalanceWatch } from './hooks/useBalanceWatch'
export { useTokenBalances } from './hooks/useTokenBalances'
export type { MutationState, MutationStatus, Mutate, MutateAsync, MutateOptions } from './hooks/useMutation'
export { useSignMessage, type UseSignMessageReturnType } from './hooks/useSignMessage'
export { useSignTypedData, type SignTypedDataMutate, type UseSignTypedDataReturnType } from './hooks/useSignTypedData'
export { useSendTransaction, type SendTransactionVariables, type UseSendTransactionReturnType } from './hooks/useSendTransaction'
export { useSendCalls, type UseSendCallsReturnType } from './hooks/useSendCalls'
export { useBalance, type BalanceData, type UseBalanceReturnType } from './hooks/useBalance'
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
export { useT, type Translate } from './i18n/translate'
export { defineLocale, type Messages, type MessageId, type MessageOverrides, type LocaleDefinition, type TextDirection } from './i18n/messages'
export type { I18nOptions } from './i18n/I18nProvider'
export type { AddonText } from './addons'
