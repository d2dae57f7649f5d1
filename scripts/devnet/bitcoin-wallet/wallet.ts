/**
 * The Bitcoin dev wallet's browser entry (bundled by build.ts with its configuration defined as
 * __LATCH_DEV_BITCOIN_CONFIG__), standing in for an extension such as Xverse: the provider at
 * `window.LatchDevBitcoin.BitcoinProvider`, listed in sats-connect's provider list (`window.btc_providers`), and made
 * sats-connect's default provider when none is set, so a dapp using sats-connect's own selector never shows it.
 */
import { createPrompter } from '../dev-wallet/prompt'
import { bitcoinWalletIcon } from './icon'
import { bitcoinStorageKeys, bitcoinWalletInfo, createDevBitcoinProvider, type BitcoinWalletConfig } from './provider'

declare const __LATCH_DEV_BITCOIN_CONFIG__: BitcoinWalletConfig
// sats-connect's own declarations type window.btc_providers; the page is read here as sats-connect reads it.
const page = window as unknown as { LatchDevBitcoin?: { BitcoinProvider: unknown }; btc_providers?: unknown[] }

const { provider, emit } = createDevBitcoinProvider(__LATCH_DEV_BITCOIN_CONFIG__, {
  storage: window.localStorage,
  origin: window.location.origin,
  confirm: createPrompter(document, { name: bitcoinWalletInfo.name, icon: bitcoinWalletIcon }),
  fetch: (input, init) => window.fetch(input, init),
})

page.LatchDevBitcoin = Object.freeze({ BitcoinProvider: provider })
const listed = { id: bitcoinWalletInfo.providerId, name: bitcoinWalletInfo.name, icon: bitcoinWalletIcon, webUrl: window.location.origin, methods: ['wallet_connect', 'signMessage', 'signPsbt', 'sendTransfer', 'getAddresses'] }
if (Array.isArray(page.btc_providers)) page.btc_providers.push(listed)
else page.btc_providers = [listed]
try {
  if (!window.localStorage.getItem('sats-connect_defaultProvider')) window.localStorage.setItem('sats-connect_defaultProvider', bitcoinWalletInfo.providerId)
} catch {
  // storage disabled: sats-connect would show its selector, which Latch never uses
}

// Another tab of this origin connected or disconnected: tell this page too.
window.addEventListener('storage', (event) => {
  if (event.key === bitcoinStorageKeys.authorised) emit(event.newValue ? 'accountChange' : 'disconnect')
})
