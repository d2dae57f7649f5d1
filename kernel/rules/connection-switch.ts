/**
 * docs/behaviour.md, "Several connections": what switching to a connection does, which accounts may become the
 * active one, and what a switch reports. Pure verbs over plain data. Not in the kernel's barrel: the modal's views
 * and the plugins import it by path. `switchConnection` (kernel/actions/connections.ts) hands it to its lazily loaded
 * body, so it is in the first load with the kernel: reached from that body, it would cut the kernel's first load into
 * chunks (docs/chunks.md, "The rule: one door").
 */
import { LatchError } from '../engine/errors'
import type { ChainNamespace, ConnectionAccount, Connector } from '../types'
import { sameAddress } from './connections'
import { connectionStateOf, type FamilyConnections } from './connection-state'

/** How a fresh login starts for a disconnected connection, by the connector's kind. */
export type LoginMethod = 'wallet' | 'walletConnect' | 'embedded'

/**
 * What switching to a connection does:
 * - `select`: the connection is the connected one; only the active account moves (to `address`).
 * - `reconnect`: the connection exists (connected or active); the wallet is reconnected, then the account moved.
 *   For the embedded wallet, `preferredAccountType` says which account type to ask for.
 * - `login`: no connection exists; a fresh one starts, the way the connector connects.
 */
export type ConnectionSwitchPlan =
  | { kind: 'select'; address: string }
  | { kind: 'reconnect'; address?: string; preferredAccountType?: 'eoa' | 'smartAccount' }
  | { kind: 'login'; method: LoginMethod }

/** Input of `planConnectionSwitch`. `smartAccountAddress` and `smartAccountsUsable` matter only to the embedded wallet. */
export type ConnectionSwitchInput = {
  family: FamilyConnections
  /** The family's active address, when connected. */
  activeAddress?: string
  connectorId: string
  connectorType?: Connector['type']
  address?: string
  smartAccountAddress?: string
  smartAccountsUsable?: boolean
}

/**
 * docs/behaviour.md, "Several connections". Switching to the connected connection with an address of it only
 * moves the account; with no address, or to an active connection, the wallet is reconnected (for the embedded
 * wallet: a smart account only when the chosen address is the connection's smart-account address and the network
 * allows smart accounts, else an EOA); a disconnected connection starts a fresh login. The embedded wallet's connected
 * connection moving between its EOA and its smart account is a reconnect with the chosen type: the frame must act as it.
 */
export function planConnectionSwitch(input: ConnectionSwitchInput): ConnectionSwitchPlan {
  const state = connectionStateOf(input.family, input.connectorId)
  if (state === 'disconnected') return { kind: 'login', method: loginMethodOf(input.connectorType) }
  const address = input.address
  const auth = input.connectorType === 'AUTH'
  const isSmart = (candidate: string | undefined) =>
    candidate !== undefined && input.smartAccountAddress !== undefined && sameAddress(candidate, input.smartAccountAddress) && input.smartAccountsUsable === true
  // The embedded wallet's EOA and smart account are one connection, but the frame acts as one of them: moving between
  // them asks the frame for the other type (docs/embedded-wallet.md, "Account types"), as a reconnect does.
  const otherType = auth && address !== undefined && input.activeAddress !== undefined && isSmart(address) !== isSmart(input.activeAddress)
  if (state === 'connected' && address !== undefined && !otherType) return { kind: 'select', address }
  const plan: ConnectionSwitchPlan = address === undefined ? { kind: 'reconnect' } : { kind: 'reconnect', address }
  if (!auth) return plan
  return { ...plan, preferredAccountType: isSmart(address) ? 'smartAccount' : 'eoa' }
}

function loginMethodOf(type: Connector['type'] | undefined): LoginMethod {
  if (type === 'AUTH') return 'embedded'
  if (type === 'WALLET_CONNECT') return 'walletConnect'
  return 'wallet'
}

export { checkAccountSwitch, switchableAccounts } from './account-switch'

/** Who was active before and after a switch. */
export type ActiveConnection = { connectorId?: string; address?: string }

/** What a switch reports: whether the active account and the active wallet changed (addresses compared ignoring case). */
export function switchOutcome(before: ActiveConnection, after: ActiveConnection): { hasSwitchedAccount: boolean; hasSwitchedWallet: boolean } {
  const hasSwitchedWallet = before.connectorId !== after.connectorId
  const hasSwitchedAccount =
    before.address === undefined || after.address === undefined ? before.address !== after.address : !sameAddress(before.address, after.address)
  return { hasSwitchedAccount, hasSwitchedWallet }
}
