/** Latch's Bitcoin family (bip122): the plugin, its networks, verbs, events and selectors (docs/bitcoin.md). */
export { bip122, type Bip122Options } from './plugin'
export { bitcoin, bitcoinRegtest, bitcoinTestnet, placeholderBitcoinNetwork } from './networks'
export { signMessage, type SignMessageErrorType, type SignMessageParameters, type SignMessageReturnType } from './sign-message'
export { signPsbt, type SignPsbtErrorType, type SignPsbtParameters, type SignPsbtReturnType } from './sign-psbt'
export { sendTransfer, type SendTransferErrorType, type SendTransferParameters, type SendTransferReturnType } from './send-transfer'
export {
  getAccountAddresses,
  type AccountAddress,
  type GetAccountAddressesErrorType,
  type GetAccountAddressesParameters,
  type GetAccountAddressesReturnType,
} from './get-account-addresses'
export { switchAccount, type SwitchAccountErrorType, type SwitchAccountParameters, type SwitchAccountReturnType } from './switch-bitcoin-account'
export { bip122BalanceFailed, bip122Events, bip122SwitchAccountFailed, bip122SwitchAccountRequested, bip122SwitchAccountSucceeded } from './events'
export { selectBip122Accounts, selectBip122Address, selectBip122Network, selectBip122SwitchableAccounts, selectIsBip122Connected } from './selectors'
export { checkAccountSwitch, switchableAccounts } from './rules'
export { satsConnectWallets } from './sats-wallets'

/**
 * The Bitcoin address rule (docs/bitcoin.md, "What Latch checks"), loaded on demand so the entry stays small:
 * resolves with `(address, caipNetworkId) => boolean`, true for a valid address of that bip122 network.
 */
export const loadBitcoinAddressRule = () => import('./address').then((module) => module.isBitcoinAddressOn)
export { sendTokens, type SendTokensErrorType, type SendTokensParameters, type SendTokensReturnType, type SendTokensToken } from './send-tokens'
