import { selectActiveNetwork, selectAddress, selectTokenBalances, type State } from '../../../../kernel/index'
import { balanceUnits, maxTokenDecimals } from '../../../../kernel/rules/send'
import { centsText, isNativeSwapToken, minimumReceived, networkFee, priceImpactBps, priceUnits, rateUnits, usdCents } from '../../../../kernel/rules/swap'
import type { SwapState, SwapToken } from '../../../../plugins/swap/index'

/**
 * The Swap view's model (docs/swap.md, "The view"): pure functions of the state, of the token list and of a quote.
 * The swap plugin's slice is read as plain state and its events dispatched as plain objects (docs/chunks.md).
 */
export function selectSwapView(state: State) {
  const ns = state.activeNamespace
  const network = selectActiveNetwork(state)
  const swap = (state as { swap?: SwapState }).swap
  return {
    ns,
    network,
    address: ns === 'eip155' ? selectAddress(state, 'eip155') : undefined,
    balance: ns === 'eip155' ? state.chains.eip155.account.balance : undefined,
    tokenBalance: ns === 'eip155' ? selectTokenBalances(state, 'eip155') : undefined,
    networks: swap?.networks,
    slippage: swap?.slippage ?? 100,
    step: swap?.step ?? 'idle',
  }
}

export type SwapView = ReturnType<typeof selectSwapView>

/** One token offered: the list's entry with the visitor's balance in base units (undefined when not known). */
export type Offered = SwapToken & { balance?: bigint }

/**
 * The tokens offered (docs/swap.md, "The view"): the network's swap list (native token first), then the visitor's
 * other tokens on the network that the list lacks; each with the balance the account shows.
 */
export function offeredTokens(view: SwapView, list: readonly SwapToken[]): Offered[] {
  const network = view.network
  if (!network) return []
  const held = new Map<string, { numeric: string; decimals: number; symbol: string; name: string }>()
  for (const token of view.tokenBalance ?? []) {
    const decimals = Number(token.quantity.decimals)
    if (token.chainId !== network.caipNetworkId || !token.address || !(decimals >= 0 && decimals <= maxTokenDecimals && decimals % 1 === 0)) continue
    held.set(token.address.toLowerCase(), { numeric: token.quantity.numeric, decimals, symbol: String(token.symbol ?? ''), name: String(token.name ?? '') })
  }
  const balanceOf = (token: SwapToken): bigint | undefined => {
    const address = token.address.split(':')[2] ?? ''
    if (isNativeSwapToken(address)) return view.balance === undefined ? undefined : balanceUnits(view.balance, token.decimals)
    const entry = held.get(address.toLowerCase())
    // Held tokens the list names are the account's token balances; one not held is 0 once the balances are known.
    return entry ? balanceUnits(entry.numeric, token.decimals) : view.tokenBalance ? 0n : undefined
  }
  const listed = list.map((token) => ({ ...token, balance: balanceOf(token) }))
  const known = new Set(list.map((t) => (t.address.split(':')[2] ?? '').toLowerCase()))
  const extra: Offered[] = []
  for (const [address, entry] of held) {
    if (known.has(address)) continue
    const symbol = entry.symbol.trim()
    if (!symbol || symbol.length > 32 || /\p{C}/u.test(symbol)) continue
    extra.push({ address: `${network.caipNetworkId}:${address}`, symbol, name: entry.name.slice(0, 100), decimals: entry.decimals, price: null, balance: balanceUnits(entry.numeric, entry.decimals) })
  }
  return [...listed, ...extra]
}

/** A quote as the view shows it. */
export type Quote = { fromAmount: bigint; toAmount: bigint; providerFee: bigint; allowance: bigint; gasPrice: bigint; gas?: bigint; approveGas?: bigint }

/** The numbers of the quote (docs/swap.md, "The numbers"). */
export function quoteFigures(quote: Quote, from: Offered, to: Offered, native: Offered | undefined, slippageBps: number) {
  const fromPrice = priceUnits(from.price)
  const toPrice = priceUnits(to.price)
  const nativePrice = priceUnits(native?.price)
  const gas = (quote.gas ?? 0n) + (quote.approveGas ?? 0n)
  const fee = quote.gas !== undefined || quote.approveGas !== undefined ? networkFee(gas, quote.gasPrice) : undefined
  return {
    rate: rateUnits(quote.fromAmount, from.decimals, quote.toAmount),
    impactBps: priceImpactBps({ amount: quote.fromAmount, decimals: from.decimals, price: fromPrice }, { amount: quote.toAmount, decimals: to.decimals, price: toPrice }),
    fee,
    feeUsd: fee !== undefined && nativePrice !== undefined && native ? centsText(usdCents(fee, native.decimals, nativePrice)) : undefined,
    /** The swap's own gas is known only once no approval comes first. */
    feePartial: quote.approveGas !== undefined && quote.gas === undefined,
    minimum: minimumReceived(quote.toAmount, slippageBps),
    approval: quote.allowance < quote.fromAmount,
  }
}

/** Basis points as a percentage text with up to two decimals (`-0.31`, `1`, `12.5`). */
export function bpsText(bps: number): string {
  const sign = bps < 0 ? '-' : ''
  const abs = Math.abs(bps)
  const fraction = String(abs % 100).padStart(2, '0').replace(/0+$/, '')
  return `${sign}${Math.floor(abs / 100)}${fraction ? `.${fraction}` : ''}`
}
