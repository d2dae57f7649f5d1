/** Latch's Solana family (solana): the plugin, its networks, verbs, events and selectors (docs/solana.md). */
export { solana, type SolanaOptions, type SolanaTokenInfo } from './plugin'
export { solanaCaipNetworkIds, solanaDevnet, solanaLocalnet, solanaMainnet, solanaTestnet, walletChainOf, type SolanaNetworkOptions } from './networks'
export {
  signAllTransactions,
  signAndSendTransaction,
  signMessage,
  signTransaction,
  type SignAllTransactionsParameters,
  type SignAllTransactionsReturnType,
  type SignAndSendTransactionParameters,
  type SignAndSendTransactionReturnType,
  type SignMessageParameters,
  type SignMessageReturnType,
  type SignTransactionParameters,
  type SignTransactionReturnType,
  type SolanaSendOptions,
} from './verbs'
export type { TransactionInput } from './bytes'
export type { WalletsSource } from './discover'
export { solanaEvents, solanaRpcUrlMissing, solanaTokenBalancesFailed, solanaTokenBalancesUpdated, solanaWalletRefused, type SolanaState } from './events'
export { selectIsSolanaConnected, selectSolanaAddress, selectSolanaNetwork, selectSolanaTokenBalances } from './selectors'
export { sendTokens, estimateSendFee, estimateSendFees, feeSpeeds, signatureFee, type EstimateSendFeeParameters, type FeeSpeed } from './send-verbs'
export type { SendTokensErrorType, SendTokensParameters, SendTokensReturnType, SendTokensToken } from './send-tokens'
