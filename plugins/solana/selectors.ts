import { selectAddress, selectIsConnected, type CaipNetwork, type State } from '../../kernel/index'
import { type TokenBalance } from '../../kernel/rules/token-balances'

/** The connected Solana address (base58), if any. */
export function selectSolanaAddress(state: State): string | undefined {
  return selectAddress(state, 'solana')
}

/** Whether a Solana wallet is connected. */
export function selectIsSolanaConnected(state: State): boolean {
  return selectIsConnected(state, 'solana')
}

/** The Solana family's current network. */
export function selectSolanaNetwork(state: State): CaipNetwork | undefined {
  return state.chains.solana.network.caipNetwork
}

/** The connected account's SPL token balances (empty until read, and after a failed read). */
export function selectSolanaTokenBalances(state: State): readonly TokenBalance[] {
  return state.chains.solana.account.tokenBalance
}
