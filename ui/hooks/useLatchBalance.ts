import { useMemo } from 'react'
import { type State } from '../../kernel/index'
import { parseCaipAddress } from '../../kernel/rules/caip'
import { shallowEqual } from '../utils/shallowEqual'
import { useLatchBalanceWatch } from './useLatchBalanceWatch'
import { useLatch } from './useLatch'

/** The native balance as wagmi's `useBalance` gives it: base units, decimals, symbol, and the exact decimal string. */
export type BalanceData = { value: bigint; decimals: number; symbol: string; formatted: string }

/** What `useLatchBalance` returns. */
export type UseLatchBalanceReturnType = {
  /** The active account's native balance; undefined while not connected or not read yet. */
  data: BalanceData | undefined
  /** Reading it for the first time (for this account and network): no figure yet. */
  isLoading: boolean
  /** Reading it, first time or refresh. */
  isFetching: boolean
}

type Selected = { connected: boolean; balance?: string; symbol?: string; decimals?: number; fetching: boolean }

/** The active family's balance fields, with the decimals of the network the account is on (primitives only, so shallowEqual holds). */
export function selectNativeBalance(state: State): Selected {
  const ns = state.activeNamespace
  const chain = ns ? state.chains[ns] : undefined
  if (!chain || chain.connectorId === undefined) return { connected: false, fetching: false }
  const { account, network } = chain
  const caipNetworkId = account.caipAddress ? parseCaipAddress(account.caipAddress).caipNetworkId : undefined
  const on = network.requestedCaipNetworks.find((n) => n.caipNetworkId === caipNetworkId) ?? network.caipNetwork
  return {
    connected: true,
    balance: account.balance,
    symbol: account.balanceSymbol ?? on?.nativeCurrency.symbol,
    decimals: on?.nativeCurrency.decimals,
    fetching: account.balanceLoading,
  }
}

/**
 * The active account's native balance from Latch's state (docs/react.md, "Verb hooks"), read by the family's plugin. While
 * connected, the component counts as showing it (`useLatchBalanceWatch`), so the plugin keeps it fresh (docs/behaviour.md,
 * "Balance refresh"); the hook asks the chain nothing itself.
 */
export function useLatchBalance(): UseLatchBalanceReturnType {
  const { connected, balance, symbol, decimals, fetching } = useLatch(selectNativeBalance, shallowEqual)
  useLatchBalanceWatch('native', connected)
  return useMemo(() => {
    const value = balance === undefined || decimals === undefined ? undefined : toBaseUnits(balance, decimals)
    const data = value === undefined ? undefined : { value, decimals: decimals as number, symbol: symbol ?? '', formatted: balance as string }
    return { data, isLoading: fetching && data === undefined, isFetching: fetching }
  }, [balance, symbol, decimals, fetching])
}

/** A decimal string ('1.5') in base units (1500000000000000000n for 18 decimals); undefined unless exact. */
export function toBaseUnits(decimal: string, decimals: number): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal)
  if (!match) return undefined
  const [, sign, whole = '', fraction = ''] = match
  if (fraction.length > decimals) return undefined
  const units = BigInt(whole + fraction.padEnd(decimals, '0'))
  return sign ? -units : units
}
