import { EMPTY, switchMap, type Observable } from 'rxjs'
import { selectAddress, type CaipAddress, type CaipNetwork, type ChainNamespace, type Connector, type EffectContext, type State } from '../index'
import { parseCaipAddress } from '../rules/caip'
import { remoteWallets, type RemoteWallet } from './wallets'

/**
 * Who holds a family's connection (docs/plugins.md, "The family kit"): nobody, or a wallet the family answers through:
 * one it discovered, or the one a connector plugin (WalletConnect) handed it (`remote` set). `Held` is what the family
 * keeps of that wallet (an EIP-1193 provider, a wallet-standard wallet, …).
 */
export type FamilySession<Held> = { kind: 'none' } | ({ kind: 'mine'; address: string; remote?: RemoteWallet } & Held)

/** What a family says to read its session: its wallets, and its shape of a discovered wallet and of a connector's. */
export type FamilySessionReader<Entry, Held> = {
  ns: ChainNamespace
  /** The family's wallet behind a connector id, if it has one (its registry). */
  find: (connectorId: string) => Entry | undefined
  /** What the family holds of a wallet it discovered. */
  local: (entry: Entry) => Held
  /** What it holds of a connector's wallet, turned into the family's wallet shape by its adapter. */
  remote: (wallet: RemoteWallet, connector: Connector) => Held
}

/**
 * The family's session now: nobody without a connector id or an address; the discovered wallet behind the connector id;
 * else the wallet the connector registered in `remoteWallets(ctx)` (none: the session ended, nobody).
 */
export function familySession<Entry, Held>(ctx: EffectContext, reader: FamilySessionReader<Entry, Held>, state: State = ctx.getState()): FamilySession<Held> {
  const { ns } = reader
  const connectorId = state.chains[ns].connectorId
  const address = selectAddress(state, ns)
  if (connectorId === undefined || !address) return { kind: 'none' }
  const entry = reader.find(connectorId)
  if (entry !== undefined) return { kind: 'mine', address, ...reader.local(entry) }
  const remote = remoteWallets(ctx).get(ns, connectorId)
  if (!remote) return { kind: 'none' }
  const connector = state.connectors.list.find((c) => c.id === connectorId && c.chain === ns) ?? { id: connectorId, name: connectorId, type: 'WALLET_CONNECT', chain: ns }
  return { kind: 'mine', address, ...reader.remote(remote, connector), remote }
}

/** True when another plugin lists this connector of the family (a WalletConnect or embedded wallet): it answers its connect. */
export function isForeignConnector(state: State, ns: ChainNamespace, find: (connectorId: string) => unknown, connectorId: string): boolean {
  return find(connectorId) === undefined && state.connectors.list.some((c) => c.id === connectorId && c.chain === ns)
}

/**
 * Follows the events of the family's connected wallet while one it discovered holds the connection (`follow(entry)`);
 * nothing otherwise (a connector follows its own wallet). Stops on disconnect and on destroy.
 */
export function followConnectedWallet<Entry, T>(ctx: EffectContext, ns: ChainNamespace, find: (connectorId: string) => Entry | undefined, follow: (entry: Entry) => Observable<T>): Observable<T> {
  return ctx
    .select((state) => state.chains[ns].connectorId)
    .pipe(
      switchMap((connectorId) => {
        const entry = connectorId === undefined ? undefined : find(connectorId)
        return entry === undefined ? EMPTY : follow(entry)
      }),
    )
}

/** The connected account of a family on its network, and whether the dapp configured that network. */
export type ConnectedAccount = { caipAddress: CaipAddress; address: string; network: CaipNetwork; configured: boolean }

/**
 * The family's connected account on the network its address names: a configured network, or the current one when it is
 * that network; undefined when not connected or on a network Latch does not know (docs/behaviour.md, "Balances").
 */
export function connectedAccount(state: State, ns: ChainNamespace): ConnectedAccount | undefined {
  const chain = state.chains[ns]
  const caipAddress = chain.account.caipAddress
  if (chain.connectorId === undefined || !caipAddress) return undefined
  const { caipNetworkId, address } = parseCaipAddress(caipAddress)
  const configured = chain.network.requestedCaipNetworks.find((n) => n.caipNetworkId === caipNetworkId)
  const network = configured ?? (chain.network.caipNetwork?.caipNetworkId === caipNetworkId ? chain.network.caipNetwork : undefined)
  return network ? { caipAddress, address, network, configured: !!configured } : undefined
}
