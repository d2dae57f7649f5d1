import { selectAddress, selectIsConnected, type CaipNetwork, type ConnectionAccount, type State } from '../../kernel/index'
import { switchableAccounts } from './rules'

/** The active Bitcoin address (a payment address), if a Bitcoin wallet is connected. */
export function selectBip122Address(state: State): string | undefined {
  return selectAddress(state, 'bip122')
}

/** Whether a Bitcoin wallet is connected (docs/behaviour.md, "Connection states"). */
export function selectIsBip122Connected(state: State): boolean {
  return selectIsConnected(state, 'bip122')
}

/** The Bitcoin family's current network. */
export function selectBip122Network(state: State): CaipNetwork | undefined {
  return state.chains.bip122.network.caipNetwork
}

/** Every account of the connected Bitcoin wallet, payment and ordinals, with its type. */
export function selectBip122Accounts(state: State): readonly ConnectionAccount[] {
  return state.chains.bip122.account.allAccounts
}

const switchable = new WeakMap<readonly ConnectionAccount[], readonly ConnectionAccount[]>()

/**
 * The accounts a visitor may switch to (docs/bitcoin.md, "Switching accounts"): the payment ones. The same array
 * while the accounts do not change, so it can be selected without an equality function.
 */
export function selectBip122SwitchableAccounts(state: State): readonly ConnectionAccount[] {
  const accounts = selectBip122Accounts(state)
  let result = switchable.get(accounts)
  if (!result) switchable.set(accounts, (result = switchableAccounts(accounts)))
  return result
}
