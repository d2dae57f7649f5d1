import type {
  AccountType,
  CaipAddress,
  CaipNetwork,
  CaipNetworkId,
  ChainNamespace,
  Connection,
  ConnectionAccount,
  ConnectionStatus,
  Connector,
  View,
  Toast,
  WalletListing,
} from '../types'
import { chainNamespaces } from '../types'
import type { LatchErrorData } from '../engine/errors'

/** docs/behaviour.md, "Connection states" "Account state", one per chain family. `address` is derived (see selectors). */
export type AccountState = {
  status: ConnectionStatus
  caipAddress?: CaipAddress
  allAccounts: readonly ConnectionAccount[]
  currentTab: number
  balance?: string
  balanceSymbol?: string
  balanceLoading: boolean
  /** `meta.at` of the last failed token-balance fetch: no new one within 30 s (docs/behaviour.md, "Token balances"). */
  lastRetry?: number
  /** The account's ERC-20 (or other non-native) token balances, filtered (docs/behaviour.md, "Token balances"). */
  tokenBalance: readonly TokenBalance[]
  smartAccountDeployed: boolean
  addressLabels: Readonly<Record<string, string>>
  profileName?: string | null
  profileImage?: string | null
  user?: { email?: string | null; username?: string }
  addressExplorerUrl?: string
  connectedWalletInfo?: { name: string; icon?: string; rdns?: string }
  preferredAccountType?: AccountType
  socialProvider?: string
  farcasterUrl?: string
}

/**
 * One token the account holds (docs/behaviour.md, "Token balances"): `chainId` is the CAIP-2 network id,
 * `address` the token's contract, `quantity.numeric` an exact decimal string, `price` and `value` (price ×
 * quantity, in the provider's currency) only from the provider API, never guessed.
 */
export type TokenBalance = {
  name: string
  symbol: string
  chainId: string
  address?: string
  value?: number
  price?: number
  quantity: { decimals: string; numeric: string }
  iconUrl?: string
}

/** docs/behaviour.md, "Network changes" "Network state", one per chain family. */
export type NetworkState = {
  caipNetwork?: CaipNetwork
  supportsAllNetworks: boolean
  smartAccountEnabledNetworks: readonly number[]
  requestedCaipNetworks: readonly CaipNetwork[]
  approvedCaipNetworkIds: readonly CaipNetworkId[]
}

export type ChainState = {
  account: AccountState
  network: NetworkState
  /** The active connector of this family; a family is connected exactly when it is set (docs/behaviour.md, "Connection states"). */
  connectorId?: string
  /** A connector id read from storage at start: the plugin owning it tries to reconnect. */
  reconnectConnectorId?: string
}

/** docs/behaviour.md, "Connection states" "Connection controller state". */
export type ConnectionState = {
  connections: Readonly<Record<ChainNamespace, readonly Connection[]>>
  disconnectedConnectorIds: Readonly<Record<ChainNamespace, readonly string[]>>
  recentWallets: readonly WalletListing[]
  status: ConnectionStatus
  wcUri?: string
  wcPairingExpiry?: number
  wcLinking?: { href: string; name: string }
  wcError: boolean
  buffering: boolean
  isSwitchingConnection: boolean
  /**
   * Set when the active family changed to one with no connection (the visitor is on the way to connect a wallet of
   * it); cleared by a connection, by closing the modal, or by moving to another family (docs/behaviour.md, "Network changes").
   */
  isSwitchingNamespace: boolean
  /** The network a wallet was last used on: connected, switched or moved there (docs/storage.md, "Stored items"). */
  lastUsedCaipNetworkId?: CaipNetworkId
  /** The latest connect the modal started, as its Connecting views draw it (kernel/core/attempt.ts); never persisted. */
  attempt?: ConnectAttempt
}

export type RouterState = { open: boolean; history: readonly View[] }

export type ToastState = { current?: Toast & { id: string }; open: boolean }

export type CacheEntry<T> = { value: T; timestamp: number }
export type CacheState = {
  balance: Readonly<Record<string, CacheEntry<string>>>
  /** Token balances per CAIP-10 address, 30 s (docs/behaviour.md, "Caches"). */
  portfolio: Readonly<Record<string, CacheEntry<readonly TokenBalance[]>>>
  names: Readonly<Record<string, CacheEntry<string | null>>>
  identity: Readonly<Record<string, CacheEntry<{ name?: string | null; avatar?: string | null }>>>
}

/** What the integrator configured, as recorded by `latch/configured`. */
export type OptionsState = {
  projectId?: string
  metadata?: { name: string; description: string; url: string; icons: readonly string[] }
  features: Readonly<Record<string, boolean>>
  enableNetworkSwitch: boolean
  allowUnsupportedChain: boolean
  /** 'system' follows the visitor's prefers-color-scheme. */
  themeMode: 'light' | 'dark' | 'system'
  /** CSS custom properties the integrator overrides, e.g. `{ '--latch-accent': '#0a0' }`. */
  themeVariables: Readonly<Record<string, string>>
  /** The language the modal speaks, as the UI reported it (docs/i18n.md): a BCP 47 tag, 'en' until told. */
  locale: string
  /** Its writing direction. */
  dir: 'ltr' | 'rtl'
  /** Wallets hidden everywhere: listings, installed and announced wallets (docs/behaviour.md, "Wallet filtering"). */
  excludeWalletIds: readonly string[]
  /** Wallet ids of the featured group, in order (docs/behaviour.md, "Wallet list"). */
  featuredWalletIds: readonly string[]
  /** The integrator's own wallets: the custom group (docs/behaviour.md, "Wallet list"). */
  customWallets: readonly WalletListing[]
  /** The hosts a listing's image may load from: the custom wallets' and the plugins' (docs/behaviour.md, "Images"). */
  imageOrigins: readonly string[]
}

/** docs/behaviour.md, "Balance refresh": who shows a balance now, and who serves token balances. */
export type BalanceState = {
  /** UI components showing a balance now (`balance/watchStarted` less `balance/watchStopped`), per kind. */
  watchers: { native: number; tokens: number }
  /** Chain families whose token balances the provider API serves (`balance/providerConfigured`); the others read the chain. */
  providerNamespaces: readonly ChainNamespace[]
}

/** The page Latch runs in: visible or hidden (`page/visibilityChanged`; always visible without a document). */
export type PageState = { visible: boolean }

export type CoreState = {
  chains: Readonly<Record<ChainNamespace, ChainState>>
  /** The chain family the modal acts on; its `network.caipNetwork` is the active network. */
  activeNamespace?: ChainNamespace
  connection: ConnectionState
  connectors: { list: readonly Connector[] }
  router: RouterState
  toast: ToastState
  caches: CacheState
  balances: BalanceState
  page: PageState
  options: OptionsState
}

/**
 * Slices that plugins add, by declaration merging (as with EventMap):
 * `declare module 'latch' { interface SliceMap { siwx: SiwxState } }`.
 */
// biome-ignore lint: plugins merge into it.
export interface SliceMap {}

export type State = CoreState & SliceMap

export function initialAccountState(): AccountState {
  return {
    status: 'disconnected',
    allAccounts: [],
    currentTab: 0,
    balanceLoading: false,
    tokenBalance: [],
    smartAccountDeployed: false,
    addressLabels: {},
  }
}

export function initialNetworkState(): NetworkState {
  return {
    supportsAllNetworks: true,
    smartAccountEnabledNetworks: [],
    requestedCaipNetworks: [],
    approvedCaipNetworkIds: [],
  }
}

function perNamespace<T>(make: () => T): Record<ChainNamespace, T> {
  return Object.fromEntries(chainNamespaces.map((ns) => [ns, make()])) as Record<ChainNamespace, T>
}

export function initialCoreState(): CoreState {
  return {
    chains: perNamespace(() => ({ account: initialAccountState(), network: initialNetworkState() })),
    connection: {
      connections: perNamespace(() => []),
      disconnectedConnectorIds: perNamespace(() => []),
      recentWallets: [],
      status: 'disconnected',
      wcError: false,
      buffering: false,
      isSwitchingConnection: false,
      isSwitchingNamespace: false,
    },
    connectors: { list: [] },
    router: { open: false, history: [{ name: 'Connect' }] },
    toast: { open: false },
    caches: { balance: {}, portfolio: {}, names: {}, identity: {} },
    balances: { watchers: { native: 0, tokens: 0 }, providerNamespaces: [] },
    page: { visible: true },
    options: {
      features: {},
      enableNetworkSwitch: true,
      allowUnsupportedChain: false,
      themeMode: 'system',
      themeVariables: {},
      excludeWalletIds: [],
      featuredWalletIds: [],
      customWallets: [],
      imageOrigins: [],
      locale: 'en',
      dir: 'ltr',
    },
  }
}

/**
 * The `connection.attempt` slice (docs/behaviour.md, "The connect attempt"): the latest connect the modal started, as its
 * Connecting views draw it. Reduced from the events below only, so a replayed log draws the screen the visitor saw — the
 * failed-connect screen included. Never persisted; never holds a pairing URI (docs/walletconnect.md, "The pairing URI is a secret").
 */
export type ConnectAttempt = {
  /** Counts the attempts of this page (the one before's id + 1), so a late outcome of an earlier one is told apart. */
  id: number
  /** Which view draws it: ConnectingExternal (`external`) or the WalletConnect QR views (`walletconnect`). */
  via: 'external' | 'walletconnect'
  /** The family connected and the per-chain connector asked. */
  ns: ChainNamespace
  connectorId: string
  /** The connector the view shows (a merged multi-chain entry keeps its own id); none for WalletConnect. */
  connector?: Connector
  /** The wallet chosen from a listing: it becomes the recent wallet when the attempt succeeds. */
  listing?: WalletListing
  status: 'connecting' | 'failed' | 'succeeded'
  /** Why it failed, as the view shows it (its code and visitor text, docs/errors.md); none when the visitor left. */
  error?: LatchErrorData
  /** WalletConnect only: where the pairing is. Its URI travels outside the state and the log. */
  pairing?: PairingPhase
}

/** `waiting` for the relay's URI, `shown`, `approved` by the wallet, `expired` (a fresh one follows), `failed`, `cancelled`. */
export type PairingPhase = 'waiting' | 'shown' | 'approved' | 'expired' | 'failed' | 'cancelled'
