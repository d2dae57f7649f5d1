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
 * allows smart accounts, else an EOA); a disconnected connection starts a fresh login.
 */
export function planConnectionSwitch(input: ConnectionSwitchInput): ConnectionSwitchPlan {
  const state = connectionStateOf(input.family, input.connectorId)
  if (state === 'disconnected') return { kind: 'login', method: loginMethodOf(input.connectorType) }
  const address = input.address
  if (state === 'connected' && address !== undefined) return { kind: 'select', address }
  const plan: ConnectionSwitchPlan = address === undefined ? { kind: 'reconnect' } : { kind: 'reconnect', address }
  if (input.connectorType !== 'AUTH') return plan
  const smart = address !== undefined && input.smartAccountAddress !== undefined && sameAddress(address, input.smartAccountAddress) && input.smartAccountsUsable === true
  return { ...plan, preferredAccountType: smart ? 'smartAccount' : 'eoa' }
}

function loginMethodOf(type: Connector['type'] | undefined): LoginMethod {
  if (type === 'AUTH') return 'embedded'
  if (type === 'WALLET_CONNECT') return 'walletConnect'
  return 'wallet'
}

/**
 * The account of `accounts` that `address` names, when it may become the family's active one. Bitcoin needs an
 * address (`BIP122_ADDRESS_REQUIRED`) and only its payment accounts qualify (`NON_PAYMENT_ACCOUNT`); an address
 * the connection does not hold is `INVALID_ADDRESS` in every family.
 */
export function checkAccountSwitch(ns: ChainNamespace, accounts: readonly ConnectionAccount[], address: unknown): ConnectionAccount {
  if (typeof address !== 'string' || address.trim() === '') {
    if (ns === 'bip122') throw new LatchError('BIP122_ADDRESS_REQUIRED')
    throw new LatchError('INVALID_ADDRESS', { details: 'no address to switch to' })
  }
  const account = accounts.find((candidate) => sameAddress(candidate.address, address))
  if (!account) throw new LatchError('INVALID_ADDRESS', { details: `${JSON.stringify(address.slice(0, 100))} is not an account of this connection` })
  if (ns === 'bip122' && account.type !== 'payment') {
    throw new LatchError('NON_PAYMENT_ACCOUNT', { values: { namespace: 'bip122' }, details: `${account.address} is a ${account.type ?? 'untyped'} account` })
  }
  return account
}

/** The accounts of a connection a visitor may switch to: every one, except that Bitcoin offers only payment accounts. */
export function switchableAccounts(ns: ChainNamespace, accounts: readonly ConnectionAccount[]): readonly ConnectionAccount[] {
  return ns === 'bip122' ? accounts.filter((account) => account.type === 'payment') : accounts
}

/** Who was active before and after a switch. */
export type ActiveConnection = { connectorId?: string; address?: string }

/** What a switch reports: whether the active account and the active wallet changed (addresses compared ignoring case). */
export function switchOutcome(before: ActiveConnection, after: ActiveConnection): { hasSwitchedAccount: boolean; hasSwitchedWallet: boolean } {
  const hasSwitchedWallet = before.connectorId !== after.connectorId
  const hasSwitchedAccount =
    before.address === undefined || after.address === undefined ? before.address !== after.address : !sameAddress(before.address, after.address)
  return { hasSwitchedAccount, hasSwitchedWallet }
}
