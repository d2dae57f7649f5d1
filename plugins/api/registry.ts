/**
 * The curated wallet registry shipped with Latch: the wallet list when no provider API is
 * configured. Facts only: an rdns (EIP-6963 reverse DNS) or a link is given where it is
 * public and well established, otherwise left out (null). Icons are our own monograms.
 * The order is the display order; the first four are the recommended wallets (docs/behaviour.md, "Wallet list").
 */
import type { WalletListing } from '../../kernel/index'
import { walletIcon } from './icons'

/** CAIP-2 ids used below. */
const eth = 'eip155:1'
const evm = [eth, 'eip155:10', 'eip155:137', 'eip155:8453', 'eip155:42161'] as const
const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const bitcoin = 'bip122:000000000019d6689c085ae165831e93'
const polkadot = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
const cosmosHub = 'cosmos:cosmoshub-4'
const avalanche = 'eip155:43114'

type Links = { mobile?: string; desktop?: string; webapp?: string }
type Entry = readonly [id: string, name: string, rdns: string | null, chains: readonly string[], links?: Links]

const entries: readonly Entry[] = [
  ['metamask', 'MetaMask', 'io.metamask', evm, { mobile: 'metamask://' }],
  ['coinbase-wallet', 'Coinbase Wallet', 'com.coinbase.wallet', [...evm, solana]],
  ['trust-wallet', 'Trust Wallet', 'com.trustwallet.app', [...evm, solana, bitcoin, cosmosHub], { mobile: 'trust://' }],
  ['rainbow', 'Rainbow', 'me.rainbow', evm, { mobile: 'rainbow://' }],
  ['phantom', 'Phantom', 'app.phantom', [solana, eth, 'eip155:137', 'eip155:8453', bitcoin], { mobile: 'phantom://' }],
  ['rabby', 'Rabby Wallet', 'io.rabby', evm],
  ['okx-wallet', 'OKX Wallet', 'com.okex.wallet', [...evm, solana, bitcoin], { mobile: 'okex://main' }],
  ['zerion', 'Zerion', 'io.zerion.wallet', evm, { mobile: 'zerion://', desktop: 'zerion://', webapp: 'https://wallet.zerion.io' }],
  ['ledger-live', 'Ledger Live', null, [...evm, solana, bitcoin], { mobile: 'ledgerlive://', desktop: 'ledgerlive://' }],
  ['safe', 'Safe', null, evm, { mobile: 'safe://', webapp: 'https://app.safe.global/' }],
  ['brave-wallet', 'Brave Wallet', 'com.brave.wallet', [...evm, solana]],
  ['uniswap-wallet', 'Uniswap Wallet', 'org.uniswap.app', evm, { mobile: 'uniswap://' }],
  ['backpack', 'Backpack', 'app.backpack', [solana, eth]],
  ['solflare', 'Solflare', 'com.solflare', [solana]],
  ['xverse', 'Xverse', 'com.xverse.wallet', [bitcoin]],
  ['leather', 'Leather', 'io.leather', [bitcoin]],
  ['unisat', 'UniSat Wallet', null, [bitcoin]],
  ['argent', 'Argent', null, [eth, 'eip155:324']],
  ['bitget-wallet', 'Bitget Wallet', 'com.bitget.web3', [...evm, solana, bitcoin], { mobile: 'bitkeep://' }],
  ['exodus', 'Exodus', 'com.exodus.web3-wallet', [...evm, solana, bitcoin]],
  ['frame', 'Frame', 'sh.frame', evm],
  ['enkrypt', 'Enkrypt', 'com.enkrypt', [...evm, polkadot, bitcoin]],
  ['talisman', 'Talisman', 'xyz.talisman', [polkadot, ...evm]],
  ['subwallet', 'SubWallet', 'app.subwallet', [polkadot, ...evm]],
  ['core', 'Core', 'app.core.extension', [avalanche, eth, bitcoin]],
  ['tokenpocket', 'TokenPocket', 'pro.tokenpocket', [...evm, solana], { mobile: 'tpoutside://' }],
  ['imtoken', 'imToken', null, evm, { mobile: 'imtokenv2://', webapp: 'https://token.im/' }],
  ['safepal', 'SafePal', null, evm, { mobile: 'safepalwallet://' }],
  ['trezor-suite', 'Trezor Suite', null, [...evm, bitcoin], { desktop: 'trezorsuite://walletconnect' }],
  ['keplr', 'Keplr', null, [cosmosHub, 'cosmos:osmosis-1']],
  ['polkadot-js', 'polkadot{.js}', null, [polkadot]],
]

function toListing([id, name, rdns, chains, links = {}]: Entry): WalletListing {
  return Object.freeze({
    id,
    name,
    image_url: walletIcon(id, name),
    rdns,
    chains: Object.freeze([...chains]),
    mobile_link: links.mobile ?? null,
    desktop_link: links.desktop ?? null,
    webapp_link: links.webapp ?? null,
  })
}

/** The wallets Latch knows without any network request, in display order (frozen). */
export const curatedWallets: readonly WalletListing[] = Object.freeze(entries.map(toListing))
