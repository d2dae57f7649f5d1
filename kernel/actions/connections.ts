import { accountAddressChanged } from '../core/slices/chains'
import { connectionRemoved, connectionSwitched, connectionSwitchingChanged } from '../core/slices/connection'
import { selectAddress } from '../core/slices/chains'
import { LatchError } from '../engine/errors'
import type { Kernel, RequestOptions } from '../engine/kernel'
import { checkAccountSwitch, planConnectionSwitch, switchOutcome } from '../rules/connection-switch'
import type { ChainNamespace } from '../types'
import { activateFamily } from './activate-family'
import { connect } from './connect'
import { disconnect } from './disconnect'
import type { SwitchConnectionParameters, SwitchConnectionReturnType, SwitchTools } from './switch-connection'

export type { SwitchConnectionParameters, SwitchConnectionReturnType }

/**
 * Makes a connection the active one of its family, and its family the active one (docs/behaviour.md, "Several
 * connections"). The connected connection with an address of it only moves the account; an active one is
 * reconnected; a disconnected one connects afresh. `address` picks the account (Bitcoin: a payment account,
 * required). Resolves with whether the account and the wallet changed. Fails as the connect would, or with
 * `INVALID_ADDRESS`, `BIP122_ADDRESS_REQUIRED`, `NON_PAYMENT_ACCOUNT` for an account that cannot be chosen.
 * Its code loads on first use, handed what it uses of the kernel's first load (docs/chunks.md).
 */
export function switchConnection(latch: Kernel, parameters: SwitchConnectionParameters): Promise<SwitchConnectionReturnType> {
  return import('./switch-connection').then((code) => code.switchConnection(latch, parameters, switchTools))
}

const switchTools: SwitchTools = {
  accountAddressChanged,
  connectionSwitched,
  connectionSwitchingChanged,
  selectAddress,
  LatchError,
  checkAccountSwitch,
  planConnectionSwitch,
  switchOutcome,
  connect,
  activateFamily,
}

export type DisconnectConnectionParameters = { ns: ChainNamespace; connectorId: string } & RequestOptions

/**
 * Ends one connection (docs/behaviour.md, "Several connections"): the family's active one disconnects the family
 * (the wallet is told, as `disconnect` does); any other is forgotten without asking its wallet.
 */
export async function disconnectConnection(latch: Kernel, { ns, connectorId, ...options }: DisconnectConnectionParameters): Promise<void> {
  if (latch.getState().chains[ns].connectorId === connectorId) return disconnect(latch, { ns, ...options })
  latch.dispatch(connectionRemoved({ connectorId }, { ns }))
}

export { activateFamily }
