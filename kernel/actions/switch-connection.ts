import type { accountAddressChanged } from '../core/slices/chains'
import type { connectionSwitched, connectionSwitchingChanged } from '../core/slices/connection'
import type { selectAddress } from '../core/slices/chains'
import type { LatchError } from '../engine/errors'
import type { Kernel, RequestOptions } from '../engine/kernel'
import type { checkAccountSwitch, planConnectionSwitch, switchOutcome } from '../rules/connection-switch'
import type { CaipAddress, ChainNamespace } from '../types'
import type { connect } from './connect'
import type { activateFamily } from './activate-family'

export type SwitchConnectionParameters = { ns: ChainNamespace; connectorId: string; address?: string } & RequestOptions
export type SwitchConnectionReturnType = { caipAddress: CaipAddress; hasSwitchedAccount: boolean; hasSwitchedWallet: boolean }

/**
 * What the body below uses of the kernel's first load, handed to it by `switchConnection` (actions/connections.ts):
 * this lazily loaded module imports the rest of the kernel for its types only, so it never reaches part of the
 * kernel's first load on its own and splits it into chunks (docs/chunks.md, "The rule: one door").
 */
export type SwitchTools = {
  accountAddressChanged: typeof accountAddressChanged
  connectionSwitched: typeof connectionSwitched
  connectionSwitchingChanged: typeof connectionSwitchingChanged
  selectAddress: typeof selectAddress
  LatchError: typeof LatchError
  checkAccountSwitch: typeof checkAccountSwitch
  planConnectionSwitch: typeof planConnectionSwitch
  switchOutcome: typeof switchOutcome
  connect: typeof connect
  activateFamily: typeof activateFamily
}

/**
 * The body of `switchConnection` (actions/connections.ts), loaded when first used. Makes a connection the active one of
 * its family, and its family the active one (docs/behaviour.md, "Several connections"). The connected connection with
 * an address of it only moves the account; an active one is reconnected; a disconnected one connects afresh. `address`
 * picks the account (Bitcoin: a payment account, required). Reports whether the account and the wallet changed. Fails
 * as the connect would, or with `INVALID_ADDRESS`, `BIP122_ADDRESS_REQUIRED`, `NON_PAYMENT_ACCOUNT` for an account that
 * cannot be chosen, and `INVALID_CONNECTION_STATUS` while the family is connecting or reconnecting.
 */
export async function switchConnection(
  latch: Kernel,
  { ns, connectorId, address, ...options }: SwitchConnectionParameters,
  tools: SwitchTools,
): Promise<SwitchConnectionReturnType> {
  const { selectAddress, planConnectionSwitch, switchOutcome, connectionSwitchingChanged, connectionSwitched, connect, activateFamily, LatchError } = tools
  const state = latch.getState()
  // A family in the middle of a connect or a reconnect has no settled connection to switch from (docs/errors.md).
  const status = state.chains[ns].account.status
  if (status === 'connecting' || status === 'reconnecting') {
    throw new LatchError('INVALID_CONNECTION_STATUS', { values: { status }, details: `${ns} is ${status}: switch once it has connected or failed` })
  }
  const before = { connectorId: state.chains[ns].connectorId, address: selectAddress(state, ns) }
  const plan = planConnectionSwitch({
    family: { connectorId: before.connectorId, connections: state.connection.connections[ns] },
    activeAddress: before.address,
    connectorId,
    connectorType: state.connectors.list.find((c) => c.id === connectorId && c.chain === ns)?.type,
    ...(address === undefined ? {} : { address }),
  })
  if (plan.kind === 'select') {
    moveTo(latch, ns, connectorId, plan.address, tools)
  } else {
    latch.dispatch(connectionSwitchingChanged({ switching: true }))
    try {
      await connect(latch, { connectorId, ns, ...options })
      if (plan.kind === 'reconnect' && plan.address !== undefined) moveTo(latch, ns, connectorId, plan.address, tools)
    } finally {
      latch.dispatch(connectionSwitchingChanged({ switching: false }))
    }
  }
  activateFamily(latch, ns)
  const after = latch.getState()
  const caipAddress = after.chains[ns].account.caipAddress
  if (!caipAddress) throw new LatchError('UNKNOWN', { message: 'NOT_CONNECTED', details: `no ${ns} account after switching to ${connectorId}` })
  const outcome = switchOutcome(before, { connectorId: after.chains[ns].connectorId, address: selectAddress(after, ns) })
  latch.dispatch(connectionSwitched({ connectorId, caipAddress, ...outcome }, { ns }))
  return { caipAddress, ...outcome }
}

/** Moves the family's active account to `address`, an account of the connection (checked as the family requires). */
function moveTo(latch: Kernel, ns: ChainNamespace, connectorId: string, address: string, tools: SwitchTools): void {
  const { checkAccountSwitch, selectAddress, accountAddressChanged, LatchError } = tools
  const state = latch.getState()
  const connection = state.connection.connections[ns].find((c) => c.connectorId === connectorId)
  const account = checkAccountSwitch(ns, connection?.accounts ?? state.chains[ns].account.allAccounts, address)
  const network = state.chains[ns].network.caipNetwork
  if (!network) throw new LatchError('NETWORK_NOT_FOUND', { details: `no ${ns} network to move the account on` })
  if (selectAddress(state, ns)?.toLowerCase() === account.address.toLowerCase()) return
  latch.dispatch(accountAddressChanged({ caipAddress: `${network.caipNetworkId}:${account.address}` }, { ns }))
}
