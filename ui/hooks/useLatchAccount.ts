import { selectAddress, type CaipAddress, type Connector, type ConnectionStatus, type State } from '../../kernel/index'
import { shallowEqual } from '../utils/shallowEqual'
import { useLatch } from './useLatch'

/** The active family's account, as `useLatchAccount` returns it. */
export type AccountInfo = {
  address?: string
  caipAddress?: CaipAddress
  isConnected: boolean
  status: ConnectionStatus
  balance?: string
  balanceSymbol?: string
  profileName?: string | null
  connector?: Connector
}

/** Selects the active family's account (a new object only when one of its fields changed identity). */
export function selectAccount(state: State): AccountInfo {
  const ns = state.activeNamespace
  const chain = ns ? state.chains[ns] : undefined
  const connectorId = chain?.connectorId
  const connector = connectorId ? state.connectors.list.find((c) => c.id === connectorId && c.chain === ns) : undefined
  return {
    address: selectAddress(state),
    caipAddress: chain?.account.caipAddress,
    isConnected: connectorId !== undefined,
    status: chain?.account.status ?? 'disconnected',
    balance: chain?.account.balance,
    balanceSymbol: chain?.account.balanceSymbol,
    profileName: chain?.account.profileName,
    connector,
  }
}

/** Equal accounts: every field identical, the connector compared field by field (rediscovery rebuilds it). */
export function accountEqual(a: AccountInfo, b: AccountInfo): boolean {
  return shallowEqual({ ...a, connector: undefined }, { ...b, connector: undefined }) && shallowEqual(a.connector, b.connector)
}

/** The connected account of the active chain family: address, status, balance and connector. */
export function useLatchAccount(): AccountInfo {
  return useLatch(selectAccount, accountEqual)
}
