/** Domain types in words (docs/storage.md). Pure types: no runtime code here. */

/** docs/behaviour.md, "CAIP identifiers": the chain namespaces Latch recognises. */
export const chainNamespaces = ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'] as const
export type ChainNamespace = (typeof chainNamespaces)[number]

/** CAIP-2, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`
/** CAIP-10, e.g. `eip155:1:0xabc…`. */
export type CaipAddress = `${string}:${string}:${string}`

export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'

export type NativeCurrency = { name: string; symbol: string; decimals: number }

/** docs/networks.md "Chain network". */
export type CaipNetwork = {
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: NativeCurrency
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  deprecatedCaipNetworkId?: CaipNetworkId
  assets?: { imageId?: string; imageUrl?: string }
  /** Contracts Latch may call on the network, at the network's own RPC (docs/networks.md, "Contracts"). */
  contracts?: NetworkContracts
}

/** A contract on a network: its address (`0x` and 40 hex digits). */
export type NetworkContract = { address: string }

/** docs/networks.md, "Contracts": ENS's universal resolver (names and avatars) and Multicall3. */
export type NetworkContracts = { ensUniversalResolver?: NetworkContract; multicall3?: NetworkContract }

export type ConnectorType =
  | 'WALLET_CONNECT'
  | 'INJECTED'
  | 'ANNOUNCED'
  | 'EXTERNAL'
  | 'AUTH'
  | 'MULTI_CHAIN'
  | 'RECOMMENDED'
  | 'FEATURED'
  | 'CUSTOM'

/** docs/behaviour.md, "Wallet discovery" "Connector". The provider object lives in the plugin, never in state. */
export type Connector = {
  id: string
  name: string
  type: ConnectorType
  chain: ChainNamespace
  imageUrl?: string
  imageId?: string
  explorerId?: string
  info?: { rdns?: string }
  /** Set on merged multi-chain entries: the per-chain connectors they stand for. */
  connectors?: readonly Connector[]
}

export type ConnectionAccount = { address: string; type?: AccountType }

/** docs/behaviour.md, "Connection states" "Connection", grouped per namespace in the connection slice. */
export type Connection = {
  connectorId: string
  accounts: readonly ConnectionAccount[]
  recent?: boolean
  auth?: { name?: string; username?: string }
  caipNetwork?: CaipNetworkId
}

/** docs/limits.md, "Wallet list (provider API)" "Wallet listing". */
export type WalletListing = {
  id: string
  name: string
  image_id?: string
  image_url?: string
  rdns?: string | null
  chains?: readonly string[]
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
  installed?: boolean
}

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting'

/** docs/behaviour.md, "Views" view names. */
export const viewNames = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingExternal',
  'ConnectingFarcaster',
  'ConnectingSocial',
  'EmailLogin',
  'ProfileWallets',
  'Networks',
  'SwitchNetwork',
  'SwitchActiveChain',
  'UnsupportedChain',
  'SIWXSignMessage',
  'ApproveTransaction',
  'Swap',
  'UpdateEmailWallet',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Send',
  'Receive',
  'OnRamp',
  'Activity',
] as const
export type ViewName = (typeof viewNames)[number]

/** One entry of the router's history: a view and its (serialisable) payload. */
export type View = { name: ViewName; payload?: Readonly<Record<string, unknown>> }

/** docs/behaviour.md, "Toasts" "Toast". */
export type ToastVariant = 'success' | 'loading' | 'error'
export type Toast = {
  /** The text in English, as the log shows it. */
  message: string
  /** The text's id in the UI's message catalogue (docs/i18n.md): the UI shows it in the visitor's language. */
  messageId?: string
  /** Values of the text's placeholders. */
  values?: Record<string, string | number>
  variant: ToastVariant
  autoClose?: boolean
  svg?: string
}
