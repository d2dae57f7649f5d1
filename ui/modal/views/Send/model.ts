import {
  selectActiveNetwork,
  selectAddress,
  selectIsActiveNetworkSupported,
  selectTokenBalances,
  type ChainNamespace,
  type State,
} from '../../../../kernel/index'
import { balanceUnits, maxAmount, maxSendUnits, maxTokenDecimals, parseAmount, type AmountRefusal, type AmountResult, type RecipientRefusal } from '../../../../kernel/rules/send'
import { shortAddress } from '../kit'

/**
 * The Send view's model (docs/behaviour.md, "Send"): pure functions of the state and of what the visitor typed. The
 * family facts (how a token is sent, what the fee is) are the families' `sendTokens` and `estimateSendFee`.
 */

/** One token the visitor may send: the chain's own coin, or an ERC-20 or SPL token of the account's token balances on this network. */
export type SendToken = {
  key: string
  symbol: string
  name: string
  decimals: number
  balance?: bigint
  address?: string
  /** The fiat value of the balance, in the provider's currency (USD), when the provider API priced it. */
  value?: number
}

/** What the view reads from the state: the active family, network and account, and what the account holds there. */
export function selectSendView(state: State) {
  const ns = state.activeNamespace
  const account = ns ? state.chains[ns].account : undefined
  return {
    ns,
    network: selectActiveNetwork(state),
    supported: selectIsActiveNetworkSupported(state),
    address: ns ? selectAddress(state, ns) : undefined,
    balance: account?.balance,
    balanceSymbol: account?.balanceSymbol,
    tokenBalance: ns ? selectTokenBalances(state, ns) : undefined,
    // The names plugin's zone (docs/names.md, "Sending to a name"), read as plain state.
    zone: (state as { names?: { zone?: string } }).names?.zone,
  }
}

export type SendView = ReturnType<typeof selectSendView>

/** The native coin first, then the tokens held on the active network (docs/behaviour.md, "Send"). */
export function sendTokenList(view: SendView): SendToken[] {
  const network = view.network
  if (!network) return []
  const decimals = network.nativeCurrency.decimals
  const native: SendToken = {
    key: 'native',
    symbol: view.balanceSymbol ?? network.nativeCurrency.symbol,
    name: network.nativeCurrency.name,
    decimals,
    balance: view.balance === undefined ? undefined : balanceUnits(view.balance, decimals),
  }
  // ERC-20s and SPL tokens alike: one entry per address; decimals that are no whole number up to 255 leave the token out;
  // a blank or overlong symbol, or one with control characters, reads as its shortened address.
  const tokens = new Map<string, SendToken>()
  for (const token of view.tokenBalance ?? []) {
    const address = token.address
    const tokenDecimals = Number(token.quantity.decimals)
    if (token.chainId !== network.caipNetworkId || !address || tokens.has(address) || !(tokenDecimals >= 0 && tokenDecimals <= maxTokenDecimals && tokenDecimals % 1 === 0)) continue
    const symbol = typeof token.symbol === 'string' ? token.symbol.trim() : ''
    tokens.set(address, {
      key: address,
      address,
      symbol: symbol && symbol.length <= 32 && !/\p{C}/u.test(symbol) ? symbol : shortAddress(address),
      name: typeof token.name === 'string' ? token.name.slice(0, 100) : '',
      decimals: tokenDecimals,
      balance: balanceUnits(token.quantity.numeric, tokenDecimals),
      ...(token.value === undefined ? {} : { value: token.value }),
    })
  }
  return [native, ...tokens.values()]
}

/** The token as the families' `sendTokens` takes it: `'native'`, or its address and decimals. */
export function tokenParameter(token: SendToken): 'native' | { address: string; decimals: number } {
  return token.address === undefined ? 'native' : { address: token.address, decimals: token.decimals }
}

/** The decimal separator of `locale` ('.' when the locale is unknown). */
export function decimalSeparator(locale: string): string {
  try {
    return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  } catch {
    return '.'
  }
}

/** The amount typed, read in the token's units against its balance and what one transfer of the family can move. */
export function readAmount(text: string, token: SendToken, family: ChainNamespace, locale: string): AmountResult {
  return parseAmount(text, token.decimals, { balance: token.balance, separator: decimalSeparator(locale), max: maxSendUnits(family) })
}

/** A message id and its values, translated by the view. */
export type Message = { id: string; values?: Record<string, string | number> }

/**
 * What is wrong with the amount (docs/behaviour.md, "Amounts"): its own refusal first (none while empty), then the
 * fee's: the coin left must pay it, when both the fee and the coin's balance are known.
 */
export function amountMessage(amount: AmountResult, token: SendToken, native: SendToken, fee: bigint | undefined): Message | undefined {
  if (!amount.ok) return amount.reason === 'amountRequired' ? undefined : amountRefusalMessage(amount.reason, token)
  if (fee === undefined || native.balance === undefined) return undefined
  const spent = (token.key === 'native' ? amount.units : 0n) + fee
  return spent > native.balance ? { id: 'send.insufficientFee', values: { symbol: native.symbol } } : undefined
}

function amountRefusalMessage(reason: Exclude<AmountRefusal, 'amountRequired'>, token: SendToken): Message {
  if (reason === 'tooManyDecimals') return { id: 'send.tooManyDecimals', values: { symbol: token.symbol, decimals: token.decimals } }
  if (reason === 'insufficient' || reason === 'tooLarge') return { id: `send.${reason}`, values: { symbol: token.symbol } }
  return { id: `send.${reason}` }
}

/** The message id of a recipient refusal; none while empty or while a name is looked up. */
export function recipientMessage(reason: RecipientRefusal | 'name'): string | undefined {
  if (reason === 'recipientRequired' || reason === 'name') return undefined
  return reason === 'unsupportedFamily' ? 'error.NETWORK_UNSUPPORTED' : `send.${reason}`
}

/** Max: the token's whole balance, the coin's less the fee (none until the fee is known). */
export function maxUnits(token: SendToken, fee: bigint | undefined): bigint | undefined {
  return token.balance === undefined ? undefined : maxAmount(token.balance, token.key === 'native', fee)
}
