import { selectAddress, type CaipNetworkId, type ConnectionAccount, type EffectContext, type State } from '../../kernel/index'
import { remoteWallets, type RemoteWallet } from '../../kernel/family/wallets'
import type { ConnectorEntry, Registry } from './registry'
import { remoteBitcoinWallet } from './remote'

/**
 * Who holds the bip122 connection: nobody, or a wallet this plugin answers through: one it discovered, or the one a
 * connector plugin (WalletConnect) handed it, in the family's wallet shape (`remote` set; docs/plugins.md, "The family kit").
 */
export type Session =
  | { kind: 'none' }
  | { kind: 'mine'; entry: ConnectorEntry; address: string; accounts: readonly ConnectionAccount[]; caipNetworkId: CaipNetworkId; remote?: RemoteWallet }

/** The bip122 session as this plugin sees it. */
export function activeSession(ctx: EffectContext, registry: Registry, state: State = ctx.getState()): Session {
  const chain = state.chains.bip122
  const address = selectAddress(state, 'bip122')
  const caipAddress = chain.account.caipAddress
  if (chain.connectorId === undefined || !address || !caipAddress) return { kind: 'none' }
  const [namespace, reference] = caipAddress.split(':')
  const held = { address, accounts: chain.account.allAccounts, caipNetworkId: `${namespace}:${reference}` as CaipNetworkId }
  const entry = registry.get(chain.connectorId)
  if (entry) return { kind: 'mine', entry, ...held }
  const remote = remoteWallets(ctx).get('bip122', chain.connectorId)
  if (!remote) return { kind: 'none' }
  const connector = state.connectors.list.find((c) => c.id === chain.connectorId && c.chain === 'bip122') ?? { id: chain.connectorId, name: chain.connectorId, type: 'WALLET_CONNECT', chain: 'bip122' as const }
  const wallet = remoteBitcoinWallet(remote, () => selectAddress(ctx.getState(), 'bip122') ?? address)
  const walletInfo = { name: connector.name }
  return { kind: 'mine', entry: { connector, source: { kind: 'remote', wallet }, walletInfo }, ...held, remote }
}

/** True when another plugin listed this bip122 connector (a WalletConnect wallet): it answers, not us. */
export function isForeignConnector(state: State, registry: Registry, connectorId: string): boolean {
  return !registry.get(connectorId) && state.connectors.list.some((c) => c.id === connectorId && c.chain === 'bip122')
}
