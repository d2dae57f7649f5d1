import type { Address } from 'viem'
import { selectAddress, selectIsConnected, type CaipNetwork, type State } from '../../kernel/index'
import { recordGet } from '../../kernel/rules/record'
import type { Capabilities } from './events'
import { chainIdOf } from './networks'

/** The connected EVM address, if any: validated and EIP-55 checksummed when the wallet gave it (accounts.ts). */
export function selectEip155Address(state: State): Address | undefined {
  return selectAddress(state, 'eip155') as Address | undefined
}

/** Whether an EVM wallet is connected (docs/behaviour.md, "Connection states": the family has an active connector). */
export function selectIsEip155Connected(state: State): boolean {
  return selectIsConnected(state, 'eip155')
}

/** The EVM family's current network (the active one when eip155 is the active family). */
export function selectEip155Network(state: State): CaipNetwork | undefined {
  return state.chains.eip155.network.caipNetwork
}

/** The EVM family's current chain id as a number. */
export function selectEip155ChainId(state: State): number | undefined {
  const network = state.chains.eip155.network.caipNetwork
  if (!network) return undefined
  try {
    return chainIdOf(network)
  } catch {
    return undefined
  }
}

/** The capabilities last reported for `address` (the connected one by default). */
export function selectCapabilities(state: State, address: string | undefined = selectEip155Address(state)): Capabilities | undefined {
  return address ? recordGet(state.eip155?.capabilities, address.toLowerCase()) : undefined
}
