import { accountConnected, LatchError, networkSwitched, type CaipNetwork, type EffectContext, type LatchEvent, type State, type WalletListing } from '../../kernel/index'
import { familySession, type FamilySession } from '../../kernel/family/session'
import { remoteStandardWallet } from './remote'
import { walletChainOf } from './networks'
import type { Registry, WalletEntry } from './registry'
import { readAccounts, type Account } from './accounts'

/**
 * Who holds the solana connection: nobody, or a wallet this plugin answers through: one it discovered, or the one a
 * connector plugin (WalletConnect) handed it, as a wallet-standard wallet (`remote` set; docs/plugins.md, "The family kit").
 */
export type Session = FamilySession<{ entry: WalletEntry }>

export function activeSession(ctx: EffectContext, registry: Registry, state: State = ctx.getState()): Session {
  return familySession(
    ctx,
    {
      ns: 'solana',
      find: (id) => registry.get(id),
      local: (entry) => ({ entry }),
      remote: (wallet, connector) => ({ entry: { connector, wallet: remoteStandardWallet(wallet), info: { name: connector.name, chains: [] } } }),
    },
    state,
  )
}

/** The connected account as the wallet holds it now (its features want the wallet's own object back). */
export function heldAccount(entry: WalletEntry, address: string): Account {
  const accounts = readAccounts(entry.wallet.accounts, `${entry.connector.name} accounts`)
  const account = accounts.find((a) => a.address === address)
  if (!account) throw new LatchError('REQUEST_ABORTED', { details: `${entry.connector.name} no longer holds ${address}` })
  return account
}

/** True when the account serves the network's cluster (a cluster without a wallet-standard name, or an account naming no chain, always). */
export function serves(account: Pick<Account, 'chains'>, network: CaipNetwork): boolean {
  const chain = walletChainOf(network.caipNetworkId)
  return chain === undefined || account.chains.length === 0 || account.chains.includes(chain)
}

/**
 * The network an account connects on (docs/solana.md, "Networks"): the family's current network when the account
 * serves it, else the first configured one it serves, else the current one. `NETWORK_NOT_FOUND` with no Solana
 * network configured.
 */
export function networkFor(state: State, account: Pick<Account, 'chains'>): CaipNetwork {
  const { caipNetwork, requestedCaipNetworks } = state.chains.solana.network
  const current = caipNetwork ?? requestedCaipNetworks[0]
  if (!current) throw new LatchError('NETWORK_NOT_FOUND', { details: 'no Solana network is configured: give createLatch a network such as solanaMainnet()' })
  if (serves(account, current)) return current
  return requestedCaipNetworks.find((network) => serves(account, network)) ?? current
}

/** What a connection reports: the account on its network; with `activate`, the family becomes the active one. */
export function connectedEvents(entry: WalletEntry, accounts: readonly Account[], network: CaipNetwork, activate: boolean): LatchEvent[] {
  const [first] = accounts as [Account]
  const events: LatchEvent[] = [
    accountConnected(
      {
        caipAddress: `${network.caipNetworkId}:${first.address}`,
        connectorId: entry.connector.id,
        accounts: accounts.map((account) => ({ address: account.address })),
        walletInfo: { name: entry.info.name, ...(entry.info.icon ? { icon: entry.info.icon } : {}) },
      },
      { ns: 'solana' },
    ),
  ]
  if (activate) events.push(networkSwitched({ caipNetworkId: network.caipNetworkId }, { ns: 'solana' }))
  return events
}

/** The recent-wallets entry of a wallet-standard wallet. */
export function listingOf({ connector, info }: WalletEntry): WalletListing {
  return { id: connector.id, name: connector.name, ...(info.icon ? { image_url: info.icon } : {}), rdns: null, chains: ['solana'], installed: true }
}
