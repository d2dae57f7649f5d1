import { accountConnected, connectionAccountRemoved, networkSwitched, type AccountType, type CaipAddress, type CaipNetworkId, type LatchEvent, type State } from '../../kernel/index'
import { sameAddress } from '../../kernel/rules/connections'
import { placeholderBitcoinNetwork } from './networks'
import type { ConnectorEntry } from './registry'
import type { BitcoinAccount } from './wallet-types'

const ns = { ns: 'bip122' } as const

/** The connection account type of a wallet purpose (docs/bitcoin.md, "Accounts"). */
export function accountTypeOf(account: BitcoinAccount): AccountType {
  return account.purpose === 'payment' ? 'payment' : 'ordinal'
}

/**
 * What a (re)connection or an account change reports: accounts the wallet no longer holds removed, the connection
 * with every account (the active one a payment account: the current one while the wallet still holds it, else its
 * first), then the wallet's network. `activate` makes Bitcoin the active family (a visitor's connect does).
 */
export function connectedEvents(state: State, entry: ConnectorEntry, connection: { accounts: readonly BitcoinAccount[]; caipNetworkId: CaipNetworkId }, options: { activate: boolean }): LatchEvent[] {
  const { accounts, caipNetworkId } = connection
  const chain = state.chains.bip122
  const current = chain.connectorId === entry.connector.id ? chain.account.caipAddress?.split(':')[2] : undefined
  const payments = accounts.filter((account) => account.purpose === 'payment')
  const active = payments.find((account) => current !== undefined && sameAddress(account.address, current)) ?? payments[0]
  if (!active) return []
  const caipAddress: CaipAddress = `${caipNetworkId}:${active.address}`
  const removed = (state.connection.connections.bip122.find((c) => c.connectorId === entry.connector.id)?.accounts ?? []).filter(
    (known) => !accounts.some((account) => sameAddress(account.address, known.address)),
  )
  const known = chain.network.requestedCaipNetworks.some((n) => n.caipNetworkId === caipNetworkId)
  return [
    ...removed.map((account) => connectionAccountRemoved({ connectorId: entry.connector.id, address: account.address }, ns)),
    accountConnected(
      {
        caipAddress,
        connectorId: entry.connector.id,
        accounts: accounts.map((account) => ({ address: account.address, type: accountTypeOf(account) })),
        walletInfo: entry.walletInfo,
      },
      ns,
    ),
    networkSwitched({ caipNetworkId, ...(known ? {} : { network: placeholderBitcoinNetwork(caipNetworkId) }), ...(options.activate ? {} : { activate: false }) }, ns),
  ]
}
