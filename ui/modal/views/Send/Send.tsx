import { useId, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import * as z from 'zod/mini'
import {
  request,
  routerPushed,
  routerReplaced,
  routerWentBack,
  selectActiveNetwork,
  selectAddress,
  selectIsActiveNetworkSupported,
  selectTokenBalances,
  selectView,
  sendTransaction,
  toastRequested,
  toLatchError,
  LatchError,
  formatUnitsToDecimalString,
  type CaipNetwork,
  type Latch,
  type LatchErrorData,
  type State,
} from '../../../../kernel/index'
import {
  balanceUnits,
  checkRecipient,
  erc20TransferData,
  maxAmount,
  maxSendUnits,
  maxTokenDecimals,
  parseAmount,
  recipientWarning,
  sendRequirement,
  type AmountRefusal,
  type RecipientRefusal,
  type RecipientResult,
} from '../../../../kernel/rules/send'
import { checksumAddress } from '../../../../kernel/rules/checksum'
import type {} from '../../../../plugins/eip155/index'
import { useViewStyles, AccountIdentity, shallowEqual, shortAddress, useLatchBalanceWatch, useHeld, useLatch, useLatchInstance, useLatchTranslate } from '../../../shared'
import { displayBalance, displayQuantity, formatAmount } from '../../../utils/format'
import type { Translate } from '../../../i18n/translate'
import { pendingTransactions } from './pending'
import { sendCss } from './Send.css'

/** What a hold that took nothing releases. */
const noRelease = () => undefined

/** One token the visitor may send: the chain's own coin, or an ERC-20 or SPL token of the account's token balances on this network. */
export type SendToken = { key: string; symbol: string; name: string; decimals: number; balance?: bigint; address?: string }

/** What the view reads from the state: the active family, network and account, and what the account holds there. */
export function selectSendView(state: State) {
  const ns = state.activeNamespace
  const network = selectActiveNetwork(state)
  const account = ns ? state.chains[ns].account : undefined
  return {
    ns,
    network,
    supported: selectIsActiveNetworkSupported(state),
    address: ns ? selectAddress(state, ns) : undefined,
    balance: account?.balance,
    balanceSymbol: account?.balanceSymbol,
    tokenBalance: ns ? selectTokenBalances(state, ns) : undefined,
    // The names plugin's zone (docs/names.md, "Sending to a name"), read as plain state.
    zone: (state as { names?: { zone?: string } }).names?.zone,
  }
}

type SendView = ReturnType<typeof selectSendView>

/** The native coin first, then the tokens held on the active network (docs/behaviour.md, "Send"). */
export function sendTokens(view: SendView): SendToken[] {
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
  // ERC-20s and SPL tokens alike (docs/behaviour.md, "Send"): one entry per address; decimals that are no whole number up
  // to 255 leave the token out; a blank or overlong symbol, or one with control characters, reads as its shortened address.
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
    })
  }
  return [native, ...tokens.values()]
}

/**
 * docs/behaviour.md, "Send": a token, an amount (with Max) and a recipient, the network fee, then a preview (from, to, amount,
 * network, fee) whose Send asks the wallet. Changing the active network or account starts a fresh form.
 */
export default function Send() {
  const view = useLatch(selectSendView, shallowEqual)
  const t = useLatchTranslate()
  const styles = useViewStyles(sendCss)
  const latch = useLatchInstance()
  // docs/behaviour.md, "Balance refresh": the balances shown here are kept fresh while the view is.
  useLatchBalanceWatch('native')
  useLatchBalanceWatch('tokens')
  const pending = usePending(latch)
  const body = (() => {
    const unsupported = sendRequirement(view.ns, {})
    if (unsupported?.code === 'NETWORK_UNSUPPORTED') return <p className="subtle center send-note">{t.error(unsupported)}</p>
    if (!view.network || !view.address) return <p className="subtle center send-note">{t('account.none')}</p>
    if (!view.supported) {
      return (
        <div className="send-note">
          <p className="subtle center">{t('send.wrongNetwork')}</p>
          <button type="button" className="button primary wide" onClick={() => latch.dispatch(routerPushed({ view: { name: 'UnsupportedChain' } }))}>
            {t('send.switchNetwork')}
          </button>
        </div>
      )
    }
    // Keyed by network and account: a change of either resets the form.
    return <SendForm key={`${view.network.caipNetworkId}|${view.address}`} view={view} from={view.address} t={t} latch={latch} />
  })()
  return (
    <section className="send" ref={styles}>
      {body}
      {pending.length > 0 ? (
        <div className="send-pending" role="status">
          <h3>{t('send.pending')}</h3>
          <ul>
            {pending.map((hash) => (
              <li key={hash}>
                <span className="spinner spin send-spinner" aria-hidden="true" />
                <bdi title={hash}>{shortAddress(hash)}</bdi>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

function usePending(latch: Latch): readonly string[] {
  const store = useMemo(() => pendingTransactions(latch), [latch])
  return useSyncExternalStore(store.subscribe, store.list, store.list)
}

const hexQuantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))

/**
 * The network fee in wei (docs/behaviour.md, "Send"): the EVM plugin's estimate on the network's own RPC
 * (`eip155/feeEstimateRequested`, the intent of `estimateFee`), its `eth_estimateGas` times `eth_gasPrice`. Only a
 * network without an RPC URL asks the wallet instead, with the same two read-only requests through the log.
 */
async function estimateFee(latch: Latch, network: CaipNetwork, transaction: { from: string; to: string; data?: string }): Promise<bigint> {
  if (network.rpcUrls.default.http[0]) {
    const { gas, gasPrice } = await latch.request({ type: 'eip155/feeEstimateRequested', ns: 'eip155', payload: transaction })
    return BigInt(gas) * BigInt(gasPrice)
  }
  const [gas, price] = await Promise.all([
    request(latch, { method: 'eth_estimateGas', params: [transaction], ns: 'eip155' }),
    request(latch, { method: 'eth_gasPrice', params: [], ns: 'eip155' }),
  ])
  const parsedGas = z.safeParse(hexQuantity, gas)
  const parsedPrice = z.safeParse(hexQuantity, price)
  if (!parsedGas.success || !parsedPrice.success) throw new LatchError('INVALID_RESPONSE', { details: 'eth_estimateGas or eth_gasPrice answered no hex quantity' })
  return BigInt(parsedGas.data) * BigInt(parsedPrice.data)
}

/** The base fee of one signature, in lamports: what a SOL transfer costs (docs/solana.md). */
const solanaSignatureFee = 5000n

/** The network fee, in the coin's smallest unit (wei, lamports). */
type Fee = { status: 'loading' } | { status: 'ready'; units: bigint } | { status: 'failed' }

function decimalSeparator(locale: string): string {
  try {
    return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  } catch {
    return '.'
  }
}

function SendForm({ view, from, t, latch }: { view: SendView; from: string; t: Translate; latch: Latch }) {
  const network = view.network as NonNullable<SendView['network']>
  const tokens = sendTokens(view)
  const native = tokens[0] as SendToken
  const family = view.ns === 'solana' ? 'solana' : 'eip155'
  const [tokenKey, setTokenKey] = useState('native')
  const [amountText, setAmountText] = useState('')
  const [recipientText, setRecipientText] = useState('')
  const [step, setStep] = useState<'form' | 'preview'>('form')
  const [tried, setTried] = useState(false)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<LatchErrorData>()
  const [fee, setFee] = useState<Fee>({ status: 'loading' })
  // docs/behaviour.md, "Send": a recipient where what is sent is lost needs the visitor's second confirmation.
  const [understood, setUnderstood] = useState(false)
  const ids = { token: useId(), amount: useId(), recipient: useId(), amountError: useId(), recipientError: useId() }
  const token = tokens.find((entry) => entry.key === tokenKey)
  const isNative = token?.key === 'native'
  const typed = checkRecipient(view.ns, recipientText, view.zone ? [view.zone] : [])
  const typedName = !typed.ok && typed.reason === 'name' ? typed.name : undefined
  const lookup = useNameLookup(latch, typedName, view.zone)
  // docs/behaviour.md, "Send": a name is sent to once it resolves to an address on the active network.
  const recipient: RecipientResult = typedName && lookup.status === 'resolved' ? { ok: true, address: checksumAddress(lookup.address) } : typed
  const separator = decimalSeparator(t.locale)
  const amount = token ? parseAmount(amountText, token.decimals, { balance: token.balance, separator, max: maxSendUnits(family) }) : undefined

  // The fee of this transfer: to the recipient once it is an address (the own address until then); an ERC-20's with amount 0.
  const feeTo = recipient.ok ? recipient.address : from
  // Held, not a plain effect: StrictMode's second mount asks for no second estimate (docs/react.md, "StrictMode").
  useHeld(() => {
    if (!token) return noRelease
    // docs/behaviour.md, "Send": a Solana transfer pays the base fee of its one signature, whatever the speed.
    if (family === 'solana') {
      setFee({ status: 'ready', units: solanaSignatureFee })
      return noRelease
    }
    let live = true
    setFee({ status: 'loading' })
    const transaction = token.address ? { from, to: token.address, data: erc20TransferData(feeTo, 0n) } : { from, to: feeTo }
    estimateFee(latch, network, transaction).then(
      (units) => live && setFee({ status: 'ready', units }),
      () => live && setFee({ status: 'failed' }),
    )
    return () => {
      live = false
    }
  }, [latch, network, family, from, feeTo, token?.key, token?.address])

  const feeUnits = fee.status === 'ready' ? fee.units : undefined
  const nativeBalance = native.balance
  /** The amount's refusal, then the fee's: the coin left must pay it. */
  const amountRefusal = ((): { id: string; values?: Record<string, string | number> } | undefined => {
    if (!token || !amount) return undefined
    if (!amount.ok) return amount.reason === 'amountRequired' ? undefined : amountText_(amount.reason, token)
    if (feeUnits !== undefined && nativeBalance !== undefined) {
      const spent = (isNative ? amount.units : 0n) + feeUnits
      if (spent > nativeBalance) return { id: 'send.insufficientFee', values: { symbol: native.symbol } }
    }
    return undefined
  })()
  const recipientRefusal = typedName
    ? lookup.status === 'none'
      ? 'send.nameNotFound'
      : lookup.status === 'failed'
        ? 'error.NAME_RESOLUTION_FAILED'
        : undefined
    : recipient.ok || recipient.reason === 'recipientRequired' || recipient.reason === 'name'
      ? undefined
      : recipientText_(recipient.reason)
  const missing = sendRequirement(family, { token, amount: amountText, recipient: recipientText })
  const ready = token && amount?.ok && recipient.ok && !amountRefusal

  const setMax = () => {
    if (!token || token.balance === undefined) return
    const max = maxAmount(token.balance, isNative, feeUnits)
    if (max !== undefined) setAmountText(formatUnitsToDecimalString(max, token.decimals))
  }

  const submit = () => {
    if (!amount?.ok || !recipient.ok || !token) return
    setSending(true)
    setFailure(undefined)
    const to = recipient.address
    const sent = !token.address
      ? sendTransaction(latch, { to: to as `0x${string}`, value: amount.units, ns: family })
      : family === 'solana'
        ? // docs/solana.md, "Sending tokens": an SPL token goes by its mint and decimals; the plugin builds the transfer.
          sendTransaction(latch, { to: to as `0x${string}`, value: amount.units, token: { mint: token.address, decimals: token.decimals }, ns: family })
        : (() => {
            const data = erc20TransferData(to, amount.units)
            return data ? sendTransaction(latch, { to: token.address as `0x${string}`, value: 0n, data, ns: 'eip155' }) : Promise.reject(new LatchError('INVALID_ADDRESS', { details: 'the token is not an EVM address' }))
          })()
    sent.then(
      ({ hash }) => {
        setSending(false)
        // The EVM plugin reports a receipt (a Solana transfer's confirmation only refreshes the balance).
        if (family === 'eip155') pendingTransactions(latch).add(hash)
        latch.dispatch(toastRequested({ toast: { message: 'Transaction sent', messageId: 'send.sent', variant: 'success' } }))
        // docs/behaviour.md, "Send": after a send, Account in place of this view (unless the visitor already left it); back to
        // the Account right below rather than a second one on top.
        const state = latch.getState()
        if (!state.router.open || selectView(state).name !== 'Send') return
        const history = state.router.history
        latch.dispatch(history.at(-2)?.name === 'Account' ? routerWentBack({}) : routerReplaced({ view: { name: 'Account' } }))
      },
      (error: unknown) => {
        setSending(false)
        setFailure(toLatchError(error).toData())
      },
    )
  }

  // docs/behaviour.md, "Display": the fee as a transfer quantity (3 decimals, '< 0.001' when below), the balance as the header
  // shows it (floored to 3); the amount in the preview stays exact, since it is what the wallet is asked to send.
  const feeText =
    fee.status === 'ready'
      ? displayQuantity(formatUnitsToDecimalString(fee.units, network.nativeCurrency.decimals), native.symbol, t.locale)
      : fee.status === 'loading'
        ? t('send.feeEstimating')
        : t('send.feeUnavailable')

  if (step === 'preview' && ready && token && amount?.ok && recipient.ok) {
    const warning = recipientWarning(family, recipient.address, token.address)
    const held = warning !== undefined && !understood
    return (
      <div className="send-preview">
        <p className="send-amount-big">
          <bdi>
            {formatAmount(formatUnitsToDecimalString(amount.units, token.decimals), t.locale)} {token.symbol}
          </bdi>
        </p>
        <dl className="send-details">
          <div>
            <dt>{t('send.from')}</dt>
            <dd>
              {/* docs/names.md, "The account's name": the account as the header shows it, name and avatar. */}
              <span className="send-identity">
                <AccountIdentity ns={view.ns} address={from} size={20} />
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('send.to')}</dt>
            <dd>
              {/* A name the visitor typed shows with the short address it resolved to. */}
              <span className="send-identity">
                <AccountIdentity ns={view.ns} address={recipient.address} name={typedName} size={20} />
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('send.token')}</dt>
            <dd>
              <bdi>{token.name && token.name !== token.symbol ? `${token.name} (${token.symbol})` : token.symbol}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('send.network')}</dt>
            <dd>
              <bdi>{network.name}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('send.fee')}</dt>
            <dd>
              <bdi>{feeText}</bdi>
            </dd>
          </div>
        </dl>
        {warning ? (
          <div className="send-warning">
            <p className="error-text" role="alert">
              {t(`send.warn.${warning}`)}
            </p>
            <label className="send-understood">
              <input type="checkbox" checked={understood} onChange={(event) => setUnderstood(event.currentTarget.checked)} />
              {t('send.warn.confirm')}
            </label>
          </div>
        ) : null}
        {failure ? (
          <p className="send-error error-text" role="alert">
            {t.error(failure)}
          </p>
        ) : null}
        <div className="send-actions">
          <button type="button" className="button secondary" disabled={sending} onClick={() => setStep('form')}>
            {t('send.edit')}
          </button>
          <button
            type="button"
            className="button primary"
            data-autofocus
            aria-disabled={sending || held || undefined}
            aria-busy={sending || undefined}
            onClick={() => {
              if (!sending && !held) submit()
            }}
          >
            {sending ? <span className="spinner spin send-spinner" aria-hidden="true" /> : null}
            {sending ? t('send.sending') : t('send.send')}
          </button>
        </div>
      </div>
    )
  }

  const missingShown = tried && missing !== undefined
  return (
    <form
      className="send-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setTried(true)
        if (ready) {
          setFailure(undefined)
          setUnderstood(false)
          setStep('preview')
        }
      }}
    >
      <label className="send-label" htmlFor={ids.token}>
        {t('send.token')}
      </label>
      <select
        id={ids.token}
        className="send-input"
        value={tokenKey}
        onChange={(event) => {
          setTokenKey(event.target.value)
          setAmountText('')
        }}
      >
        {tokens.map((entry) => (
          <option key={entry.key} value={entry.key}>
            {entry.symbol}
          </option>
        ))}
      </select>
      <div className="send-label-row">
        <label className="send-label" htmlFor={ids.amount}>
          {t('send.amount')}
        </label>
        {token?.balance !== undefined ? (
          <span className="send-balance">
            {withData(t('send.balance', { amount: mark }), displayBalance(formatUnitsToDecimalString(token.balance, token.decimals), token.symbol, t.locale) ?? '')}
          </span>
        ) : null}
      </div>
      <div className="send-amount">
        <input
          id={ids.amount}
          className="send-input"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0"
          value={amountText}
          aria-invalid={amountRefusal ? true : undefined}
          aria-describedby={amountRefusal ? ids.amountError : undefined}
          onChange={(event) => setAmountText(event.target.value)}
        />
        <button type="button" className="send-max" onClick={setMax} disabled={token?.balance === undefined || (isNative && feeUnits === undefined)}>
          {t('send.max')}
        </button>
      </div>
      {amountRefusal ? (
        <p id={ids.amountError} className="send-error error-text" role="alert">
          {t(amountRefusal.id as never, amountRefusal.values)}
        </p>
      ) : null}
      <label className="send-label" htmlFor={ids.recipient}>
        {t('send.to')}
      </label>
      <input
        id={ids.recipient}
        className="send-input send-recipient"
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        placeholder={t('send.recipientPlaceholder')}
        value={recipientText}
        aria-invalid={recipientRefusal ? true : undefined}
        aria-describedby={recipientRefusal ? ids.recipientError : undefined}
        onChange={(event) => setRecipientText(event.target.value)}
      />
      {recipientRefusal ? (
        <p id={ids.recipientError} className="send-error error-text" role="alert">
          {t(recipientRefusal as never)}
        </p>
      ) : typedName ? (
        <p className="send-resolved subtle" role="status">
          {lookup.status === 'resolved' ? <bdi dir="ltr">{checksumAddress(lookup.address)}</bdi> : t('send.resolving')}
        </p>
      ) : null}
      <div className="send-fee">
        <span>{t('send.fee')}</span>
        <bdi>{feeText}</bdi>
      </div>
      {missingShown || missing?.code === 'SEND_TOKEN_REQUIRED' ? (
        <p className="send-error error-text" role="alert">
          {t.error(missing as LatchError)}
        </p>
      ) : null}
      <button type="submit" className="button primary wide">
        {t('send.review')}
      </button>
    </form>
  )
}

/** Stands for data (an amount and its symbol) while its sentence is translated (a private-use character no catalogue writes). */
const mark = '\uE000'

/** The translated sentence with the data in a <bdi>: it keeps its own direction inside an Arabic sentence (docs/i18n.md, "Right to left"). */
function withData(text: string, data: string): ReactNode {
  const at = text.indexOf(mark)
  if (at < 0) return text
  return (
    <>
      {text.slice(0, at)}
      <bdi>{data}</bdi>
      {text.slice(at + mark.length).replaceAll(mark, data)}
    </>
  )
}

/** The message of an amount refusal (docs/behaviour.md, "Send"). */
function amountText_(reason: Exclude<AmountRefusal, 'amountRequired'>, token: SendToken): { id: string; values?: Record<string, string | number> } {
  if (reason === 'tooManyDecimals') return { id: 'send.tooManyDecimals', values: { symbol: token.symbol, decimals: token.decimals } }
  if (reason === 'insufficient') return { id: 'send.insufficient', values: { symbol: token.symbol } }
  if (reason === 'tooLarge') return { id: 'send.tooLarge', values: { symbol: token.symbol } }
  return { id: `send.${reason}` }
}

type NameLookup = { status: 'idle' | 'resolving' | 'none' | 'failed' } | { status: 'resolved'; address: string }

/**
 * The address an EVM name resolves to on the active network, asked when the name typed changes; an answer for a name no
 * longer typed is dropped. A name in the names plugin's zone asks its name service (`names/addressRequested`, docs/names.md),
 * any other the eip155 plugin's ENS lookup (`eip155/nameRequested`, docs/behaviour.md, "Names").
 */
function useNameLookup(latch: Latch, name: string | undefined, zone: string | undefined): NameLookup {
  const [lookup, setLookup] = useState<NameLookup & { name?: string }>({ status: 'idle' })
  useHeld(() => {
    if (!name) {
      setLookup({ status: 'idle' })
      return noRelease
    }
    let live = true
    setLookup({ status: 'resolving', name })
    const inZone = zone !== undefined && name.endsWith(`.${zone}`)
    const asked = inZone ? latch.request({ type: 'names/addressRequested', payload: { name } }) : latch.request({ type: 'eip155/nameRequested', ns: 'eip155', payload: { name } })
    asked.then(
      ({ address }) => live && setLookup(address && /^0x[0-9a-fA-F]{40}$/.test(address) ? { status: 'resolved', address, name } : { status: 'none', name }),
      () => live && setLookup({ status: 'failed', name }),
    )
    return () => {
      live = false
    }
  }, [latch, name, zone])
  return lookup.name === name || !name ? lookup : { status: 'resolving' }
}

/** The message id of a recipient refusal. */
function recipientText_(reason: Exclude<RecipientRefusal, 'recipientRequired'>): string {
  return reason === 'unsupportedFamily' ? 'error.NETWORK_UNSUPPORTED' : `send.${reason}`
}
