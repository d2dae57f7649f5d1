/**
 * The Solana dev wallet's browser entry (bundled by build.ts with its configuration defined as
 * __LATCH_SOLANA_DEV_WALLET_CONFIG__): registers the wallet with the wallet standard, as an extension does.
 */
import { registerWallet } from '@wallet-standard/wallet'
import { createPrompter } from '../dev-wallet/prompt'
import { solanaDevWalletInfo, solanaStorageKeys, type SolanaDevWalletConfig } from './config'
import { solanaDevWalletIcon } from './icon'
import { createSolanaDevWallet } from './wallet'

declare const __LATCH_SOLANA_DEV_WALLET_CONFIG__: SolanaDevWalletConfig

const { wallet, emit, account } = createSolanaDevWallet(__LATCH_SOLANA_DEV_WALLET_CONFIG__, {
  storage: window.localStorage,
  origin: window.location.origin,
  confirm: createPrompter(document, { name: solanaDevWalletInfo.name, icon: solanaDevWalletIcon }),
  fetch: (input, init) => window.fetch(input, init),
})
registerWallet(wallet as never)

// Another tab of this origin connected or disconnected: tell this page too.
window.addEventListener('storage', (event) => {
  if (event.key === solanaStorageKeys.authorised) emit({ accounts: event.newValue === '1' ? [account] : [] })
})
