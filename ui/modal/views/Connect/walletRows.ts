import { type ChainNamespace, type Connector, type State, type WalletListing, constants } from '../../../../kernel/index'
import { canonicalConnectorName, connectorMatchesWallet, filterConnectorsByNamespace, filterExcludedConnectors, groupConnectors, mergeMultiChainConnectors, type ConnectorGroupName } from '../../../../kernel/rules/connectors'
import { filterWallets, filterWalletsByNamespace, isBrowserWallet } from '../../../../kernel/rules/wallets'
import { selectWalletListNamespaces } from '../../../../kernel/core/connection-selectors'

/** One row of the wallet list: a connector, a listing, or both (an installed wallet the registry knows). */
export type WalletRow = {
  key: string
  name: string
  imageUrl?: string
  group: ConnectorGroupName
  tag?: 'installed' | 'recent' | 'qr'
  connector?: Connector
  listing?: WalletListing
  /** The dapp's families this wallet serves, when it serves more than one of several (docs/behaviour.md, "Wallet list"). */
  families?: readonly ChainNamespace[]
}

/** Options of the wallet-list selectors. */
export type WalletRowsOptions = { isMobile: boolean; order?: readonly ConnectorGroupName[] }

const installedTypes = new Set<Connector['type']>(['INJECTED', 'ANNOUNCED', 'MULTI_CHAIN'])

/** A connector stands for a listing: same explorer id or rdns (kernel rule), or the same brand name (docs/behaviour.md). */
export function connectorIsListing(connector: Connector, listing: WalletListing): boolean {
  return connectorMatchesWallet(connector, listing) || canonicalConnectorName(connector.name) === canonicalConnectorName(listing.name)
}

/** True for connectors of a wallet present in this browser (injected, announced or merged multi-chain). */
export function isInstalled(connector: Connector): boolean {
  return installedTypes.has(connector.type)
}

/**
 * The connectors the wallet list may show: of the dapp's chain families, merged across chains (docs/behaviour.md, "Wallet list"),
 * the e-mail/social entry left to its own slot, those `excludeWalletIds` names hidden, and Browser Wallet rule applied
 * (docs/behaviour.md, "Wallet filtering") (hidden on desktop; on mobile when it has no rdns and no wallet is installed).
 */
export function visibleConnectors(state: State, isMobile: boolean): readonly Connector[] {
  const namespaces = selectWalletListNamespaces(state)
  const ofFamilies = namespaces.length > 0 ? filterConnectorsByNamespace(state.connectors.list, namespaces) : state.connectors.list
  const merged = filterExcludedConnectors(
    mergeMultiChainConnectors(ofFamilies).filter((c) => c.type !== 'AUTH'),
    state.options.excludeWalletIds,
  )
  const anyInstalled = merged.some((c) => isInstalled(c) && !isBrowserWallet(c))
  const asListings = merged.map((c) => ({ id: c.id, name: c.name, rdns: c.info?.rdns ?? null }))
  const kept = new Set(filterWallets(asListings, { isMobile, anyInstalled }).map((l) => l.id))
  return merged.filter((c) => kept.has(c.id))
}

/** wallet-list groups as rows (docs/behaviour.md, "Wallet list"), in order (empty groups hidden). */
export function selectWalletRows(state: State, { isMobile, order }: WalletRowsOptions): readonly WalletRow[] {
  const connectors = visibleConnectors(state, isMobile)
  const walletConnect = connectors.find((c) => c.type === 'WALLET_CONNECT')
  const injected = connectors.filter(isInstalled)
  const external = connectors.filter((c) => c.type === 'EXTERNAL')
  const namespaces = selectWalletListNamespaces(state)
  const listingFilter = { isMobile, anyInstalled: injected.length > 0, excluded: state.options.excludeWalletIds }
  // docs/behaviour.md, "Wallet filtering": every listing shown is of the dapp's chain families and not excluded.
  const visible = (wallets: readonly WalletListing[]) => filterWallets(filterWalletsByNamespace(wallets, namespaces), listingFilter)
  const recent = visible(state.connection.recentWallets).filter((r) => !injected.some((c) => connectorIsListing(c, r)))
  const featured = visible(state.walletList?.featured ?? []).filter((f) => !injected.some((c) => connectorIsListing(c, f)))
  const custom = visible(state.options.customWallets)
  const recommended = visible(state.walletList?.listings ?? [])
    .filter((l) => !injected.some((c) => connectorIsListing(c, l)) && !recent.some((r) => r.id === l.id) && !featured.some((f) => f.id === l.id))
    .slice(0, constants.recommendedWallets)
  const connectedViaWalletConnect =
    walletConnect !== undefined && Object.values(state.chains).some((chain) => chain.connectorId === walletConnect.id)
  const groups = groupConnectors(
    { walletConnect, walletConnectEnabled: true, connectedViaWalletConnect, recent, injected, featured, custom, external, recommended },
    order,
  )
  const rows = groups.flatMap((group): WalletRow[] => {
    if (group.group === 'walletConnect' || group.group === 'injected' || group.group === 'external') {
      return group.items.map((connector) => connectorRow(connector, group.group))
    }
    return group.items.map((listing) => listingRow(listing, group.group, connectors))
  })
  return withFamilies(rows, namespaces)
}

/**
 * Marks each row with the families it serves among `namespaces` (its connector's chains, merged across families, and
 * its listing's chains), when there are several of them: a multi-family wallet is listed once, with its families.
 */
export function withFamilies(rows: readonly WalletRow[], namespaces: readonly ChainNamespace[]): readonly WalletRow[] {
  if (namespaces.length < 2) return rows
  return rows.map((row) => {
    const chains = new Set<string>([
      ...(row.connector?.connectors ?? (row.connector ? [row.connector] : [])).map((part) => part.chain),
      ...(row.listing?.chains ?? []).map((chain) => chain.split(':')[0] ?? ''),
    ])
    const families = namespaces.filter((ns) => chains.has(ns))
    return families.length > 1 ? { ...row, families } : row
  })
}

/** A row for a connector. */
export function connectorRow(connector: Connector, group: ConnectorGroupName): WalletRow {
  const tag = group === 'walletConnect' ? 'qr' : isInstalled(connector) ? 'installed' : undefined
  return { key: `c:${connector.id}`, name: connector.name, imageUrl: connector.imageUrl, group, tag, connector }
}

/** A row for a listing, joined with the installed connector that stands for it, if any. */
export function listingRow(listing: WalletListing, group: ConnectorGroupName, connectors: readonly Connector[]): WalletRow {
  const connector = connectors.find((c) => connectorIsListing(c, listing))
  const installed = listing.installed === true || (connector !== undefined && isInstalled(connector))
  const tag = group === 'recent' ? 'recent' : installed ? 'installed' : undefined
  return {
    key: `l:${listing.id}`,
    name: listing.name,
    imageUrl: listing.image_url ?? connector?.imageUrl,
    group,
    tag,
    connector,
    listing,
  }
}

/** Rows are equal when each row shows the same connector, listing and tag: the list then need not re-render. */
export function rowsEqual(a: readonly WalletRow[], b: readonly WalletRow[]): boolean {
  return (
    a.length === b.length &&
    a.every((row, i) => {
      const other = b[i]
      return (
        !!other &&
        row.key === other.key &&
        row.tag === other.tag &&
        row.group === other.group &&
        row.listing === other.listing &&
        row.imageUrl === other.imageUrl &&
        row.families?.join() === other.families?.join() &&
        sameConnector(row.connector, other.connector)
      )
    })
  )
}

// Merged multi-chain entries are rebuilt on every selection: compare what the row uses.
function sameConnector(a: Connector | undefined, b: Connector | undefined): boolean {
  if (a === b) return true
  if (!a || !b) return false
  return a.id === b.id && a.chain === b.chain && a.type === b.type && a.name === b.name && a.connectors?.length === b.connectors?.length
}
