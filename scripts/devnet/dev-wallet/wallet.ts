/**
 * The dev wallet's browser entry (bundled by build.ts with its configuration defined as
 * __LATCH_DEV_WALLET_CONFIG__): creates the provider, announces it with EIP-6963 (and on
 * every eip6963:requestProvider), and sets window.ethereum when no other wallet did.
 */
import { devWalletInfo, storageKeys, type DevWalletConfig } from './config'
import { devWalletIcon } from './icon'
import { createPrompter } from './prompt'
import { createDevWalletProvider } from './provider'

declare const __LATCH_DEV_WALLET_CONFIG__: DevWalletConfig
declare global {
  interface Window {
    ethereum?: unknown
  }
}

const config = __LATCH_DEV_WALLET_CONFIG__
const { provider, emit } = createDevWalletProvider(config, {
  storage: window.localStorage,
  origin: window.location.origin,
  confirm: createPrompter(document),
  fetch: (input, init) => window.fetch(input, init),
})

// randomUUID exists only in secure contexts (127.0.0.1 and localhost are); elsewhere build a v4 UUID by hand.
const uuid =
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : [...crypto.getRandomValues(new Uint8Array(16))].map((b, i) => (i === 6 ? (b & 0x0f) | 0x40 : i === 8 ? (b & 0x3f) | 0x80 : b).toString(16).padStart(2, '0')).join('').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-')
const info = Object.freeze({ uuid, name: devWalletInfo.name, icon: devWalletIcon, rdns: devWalletInfo.rdns })
const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
window.addEventListener('eip6963:requestProvider', announce)
announce()
if (window.ethereum === undefined) window.ethereum = provider

// Like an extension: the provider is connected to its current chain as soon as it exists.
setTimeout(() => provider.request({ method: 'eth_chainId' }).then((chainId) => emit('connect', { chainId })), 0)

// Another tab of this origin connected, disconnected or switched: tell this page too.
window.addEventListener('storage', (event) => {
  if (event.key === storageKeys.authorised) emit('accountsChanged', JSON.parse(event.newValue ?? '[]'))
  if (event.key === storageKeys.chain && event.newValue) emit('chainChanged', `0x${Number(event.newValue).toString(16)}`)
})
