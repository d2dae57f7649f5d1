/** Default wallet listings for the local stack when the caller passes none. */
import type { WalletListing } from '../../kernel/types'

/** A few wallet listings (fictional ids) covering EVM, Solana and Bitcoin, with and without rdns. */
export const fixtureWallets: readonly WalletListing[] = [
  { id: 'latch-dev-wallet', name: 'Latch Dev Wallet', image_id: 'latch-dev-wallet', rdns: 'dev.latch.wallet', chains: ['eip155:31337', 'eip155:31338'], desktop_link: null, mobile_link: null, webapp_link: null },
  { id: 'fixture-metamask', name: 'MetaMask', image_id: 'fixture-metamask', rdns: 'io.metamask', chains: ['eip155:1', 'eip155:31337'], mobile_link: 'metamask://', desktop_link: null, webapp_link: null },
  { id: 'fixture-rainbow', name: 'Rainbow', image_id: 'fixture-rainbow', rdns: 'me.rainbow', chains: ['eip155:1'], mobile_link: 'rainbow://', desktop_link: null, webapp_link: null },
  { id: 'fixture-phantom', name: 'Phantom', image_id: 'fixture-phantom', rdns: 'app.phantom', chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], mobile_link: 'phantom://', desktop_link: null, webapp_link: null },
  { id: 'fixture-xverse', name: 'Xverse', image_id: 'fixture-xverse', rdns: null, chains: ['bip122:000000000019d6689c085ae165831e93'], mobile_link: 'xverse://', desktop_link: null, webapp_link: null },
  { id: 'fixture-trust', name: 'Trust Wallet', image_id: 'fixture-trust', rdns: 'com.trustwallet.app', chains: ['eip155:1', 'eip155:31337'], mobile_link: 'trust://', desktop_link: null, webapp_link: null },
]
