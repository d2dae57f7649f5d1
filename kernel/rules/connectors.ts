/**
 * Connector verbs: namespace filter and multi-chain merge (docs/behaviour.md, "Wallet list"), per-chain name dedupe (docs/behaviour.md, "Wallet list"),
 * and the wallet list's connector groups (docs/behaviour.md, "Wallet list").
 */
import type { ChainNamespace, Connector, WalletListing } from '../types'
import { isWalletExcluded } from './wallets'

/**
 * docs/behaviour.md, "Wallet list": "one wallet brand's long name is treated as equal to its short name".
 * Long name → short name; compared trimmed and case-insensitively.
 */
export const brandNameAliases: Readonly<Record<string, string>> = Object.freeze({
  'Trust Wallet': 'Trust',
  'Coinbase Wallet': 'Coinbase',
  'OKX Wallet': 'OKX',
  'Bitget Wallet': 'Bitget',
  'Phantom Wallet': 'Phantom',
  'Rabby Wallet': 'Rabby',
  'Rainbow Wallet': 'Rainbow',
  'Zerion Wallet': 'Zerion',
  'Backpack Wallet': 'Backpack',
  'Solflare Wallet': 'Solflare',
})

const aliasByKey: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(Object.entries(brandNameAliases).map(([long, short]) => [normaliseName(long), normaliseName(short)])),
)

/** The comparison key of a connector name: trimmed, inner spaces collapsed, lower-cased, long brand name → short. */
export function canonicalConnectorName(name: string): string {
  const key = normaliseName(name)
  return Object.hasOwn(aliasByKey, key) ? (aliasByKey[key] ?? key) : key
}

/** Keeps the first connector of each canonical name per chain (docs/behaviour.md, "Wallet list"). */
export function dedupeConnectorsByName(connectors: readonly Connector[]): readonly Connector[] {
  const seen = new Set<string>()
  const result = connectors.filter((connector) => {
    const key = `${connector.chain}\u0000${canonicalConnectorName(connector.name)}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  return result.length === connectors.length ? connectors : result
}

/**
 * Keeps connectors of the enabled namespaces (all when `enabled` is omitted). A merged entry is kept
 * with its per-chain list narrowed to the enabled ones, and dropped when none is left.
 */
export function filterConnectorsByNamespace(
  connectors: readonly Connector[],
  enabled?: readonly ChainNamespace[],
): readonly Connector[] {
  if (enabled === undefined) return connectors
  const allowed = new Set<ChainNamespace>(enabled)
  let changed = false
  const result: Connector[] = []
  for (const connector of connectors) {
    const narrowed = narrowToNamespaces(connector, allowed)
    if (narrowed !== connector) changed = true
    if (narrowed) result.push(narrowed)
  }
  return changed ? result : connectors
}

/**
 * docs/behaviour.md, "Wallet filtering": hides installed and announced wallets that `excluded` names by connector id,
 * explorer id, rdns or name (trimmed, ignoring case). A merged multi-chain entry is hidden when any of its parts is.
 */
export function filterExcludedConnectors(connectors: readonly Connector[], excluded: readonly string[]): readonly Connector[] {
  if (excluded.length === 0) return connectors
  const result = connectors.filter((connector) => !flatten(connector).concat(connector).some((part) => isConnectorExcluded(part, excluded)))
  return result.length === connectors.length ? connectors : result
}

function isConnectorExcluded(connector: Connector, excluded: readonly string[]): boolean {
  const rdns = connector.info?.rdns ?? null
  return (
    isWalletExcluded({ id: connector.id, name: connector.name, rdns }, excluded) ||
    (connector.explorerId !== undefined && isWalletExcluded({ id: connector.explorerId, name: connector.name, rdns }, excluded))
  )
}

/**
 * docs/behaviour.md, "Wallet list": merges connectors of the same canonical name across chains into one 'MULTI_CHAIN' entry,
 * all 'AUTH' connectors into one 'AUTH' entry and the wallet-connect connectors (one per family) into one 'WALLET_CONNECT'
 * entry (id, name, chain and images of the first; `connectors` lists the originals). One connector per chain per name is
 * kept (first wins); names seen once stay untouched.
 */
export function mergeMultiChainConnectors(connectors: readonly Connector[]): readonly Connector[] {
  const groups = new Map<string, Connector[]>()
  let dropped = false
  for (const connector of connectors) {
    const key = connector.type === 'AUTH' || connector.type === 'WALLET_CONNECT' ? `\u0000${connector.type}` : canonicalConnectorName(connector.name)
    const group = groups.get(key)
    if (!group) {
      groups.set(key, [connector])
    } else if (group.some((member) => member.chain === connector.chain)) {
      dropped = true
    } else {
      group.push(connector)
    }
  }
  if (!dropped && groups.size === connectors.length) return connectors
  return [...groups.values()].map((group) => (group.length > 1 ? mergeGroup(group) : (group[0] as Connector)))
}

/** The wallet-list groups, default order (docs/behaviour.md, "Wallet list"). */
export const connectorGroupNames = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const
/** One of the wallet list's group names. */
export type ConnectorGroupName = (typeof connectorGroupNames)[number]

/** One visible group of the wallet list; `items` are typed by group. */
export type ConnectorGroup =
  | { group: 'walletConnect' | 'injected' | 'external'; items: readonly Connector[] }
  | { group: 'recent' | 'featured' | 'custom' | 'recommended'; items: readonly WalletListing[] }

/** Inputs of `groupConnectors`. */
export type ConnectorGroupsInput = {
  walletConnect?: Connector
  walletConnectEnabled: boolean
  connectedViaWalletConnect: boolean
  recent: readonly WalletListing[]
  /** Injected, announced and multi-chain connectors. */
  injected: readonly Connector[]
  featured: readonly WalletListing[]
  custom: readonly WalletListing[]
  external: readonly Connector[]
  recommended: readonly WalletListing[]
}

/**
 * Builds the visible connector groups: empty groups hidden, `order` first (unknown and repeated names
 * ignored) then the remaining groups in default order. A wallet is shown once: a recent wallet already
 * installed as an injected connector is left out of recent, and featured/recommended skip wallets already
 * shown in recent, injected or featured (by id or rdns).
 */
export function groupConnectors(
  input: ConnectorGroupsInput,
  order: readonly ConnectorGroupName[] = connectorGroupNames,
): readonly ConnectorGroup[] {
  const showWalletConnect = input.walletConnect !== undefined && input.walletConnectEnabled && !input.connectedViaWalletConnect
  const recent = input.recent.filter((wallet) => !input.injected.some((connector) => connectorMatchesWallet(connector, wallet)))

  const shownIds = new Set<string>()
  const shownRdns = new Set<string>()
  const markShown = (id: string | undefined, rdns: string | null | undefined): void => {
    if (id) shownIds.add(id)
    if (rdns) shownRdns.add(rdns.toLowerCase())
  }
  const takeUnseen = (wallets: readonly WalletListing[]): readonly WalletListing[] => {
    const result = wallets.filter((wallet) => {
      const seen = shownIds.has(wallet.id) || (!!wallet.rdns && shownRdns.has(wallet.rdns.toLowerCase()))
      markShown(wallet.id, wallet.rdns)
      return !seen
    })
    return result.length === wallets.length ? wallets : result
  }
  for (const wallet of recent) markShown(wallet.id, wallet.rdns)
  for (const connector of input.injected) for (const part of flatten(connector)) markShown(part.explorerId, part.info?.rdns)
  const featured = takeUnseen(input.featured)
  const recommended = takeUnseen(input.recommended)

  const groups: Record<ConnectorGroupName, ConnectorGroup> = {
    walletConnect: { group: 'walletConnect', items: showWalletConnect && input.walletConnect ? [input.walletConnect] : [] },
    recent: { group: 'recent', items: recent.length === input.recent.length ? input.recent : recent },
    injected: { group: 'injected', items: input.injected },
    featured: { group: 'featured', items: featured },
    custom: { group: 'custom', items: input.custom },
    external: { group: 'external', items: input.external },
    recommended: { group: 'recommended', items: recommended },
  }
  return resolveGroupOrder(order)
    .map((name) => groups[name])
    .filter((group) => group.items.length > 0)
}

/** The effective group order: known names of `order` once each, then the rest in default order. */
export function resolveGroupOrder(order: readonly ConnectorGroupName[]): readonly ConnectorGroupName[] {
  const known = new Set<string>(connectorGroupNames)
  const result: ConnectorGroupName[] = []
  for (const name of [...order, ...connectorGroupNames]) {
    if (known.has(name) && !result.includes(name)) result.push(name)
  }
  return result
}

/** True when a connector (or one of its merged per-chain connectors) stands for the wallet listing. */
export function connectorMatchesWallet(connector: Connector, wallet: WalletListing): boolean {
  return flatten(connector).some(
    (part) =>
      (part.explorerId !== undefined && part.explorerId === wallet.id) ||
      (!!part.info?.rdns && !!wallet.rdns && part.info.rdns.toLowerCase() === wallet.rdns.toLowerCase()),
  )
}

function flatten(connector: Connector): readonly Connector[] {
  return connector.connectors && connector.connectors.length > 0 ? connector.connectors : [connector]
}

function narrowToNamespaces(connector: Connector, allowed: ReadonlySet<ChainNamespace>): Connector | undefined {
  if (!connector.connectors || connector.connectors.length === 0) {
    return allowed.has(connector.chain) ? connector : undefined
  }
  const parts = connector.connectors.filter((part) => allowed.has(part.chain))
  if (parts.length === connector.connectors.length) return connector
  const [first] = parts
  if (!first) return undefined
  return { ...connector, id: first.id, chain: first.chain, connectors: parts }
}

function mergeGroup(group: readonly Connector[]): Connector {
  const first = group[0] as Connector
  const merged: Connector = {
    id: first.id,
    name: first.name,
    // The embedded wallet and the WalletConnect pairing keep their type: the list draws them apart.
    type: first.type === 'AUTH' || first.type === 'WALLET_CONNECT' ? first.type : 'MULTI_CHAIN',
    chain: first.chain,
    connectors: group,
  }
  if (first.imageUrl !== undefined) merged.imageUrl = first.imageUrl
  if (first.imageId !== undefined) merged.imageId = first.imageId
  if (first.explorerId !== undefined) merged.explorerId = first.explorerId
  if (first.info !== undefined) merged.info = first.info
  return merged
}

function normaliseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase()
}
