import { useId, useState, type ReactNode } from 'react'
import { routerReplaced, routerWentBack, selectView, toastRequested, toLatchError, type Latch, type LatchErrorData } from '../../../../kernel/index'
import { formatUnitsToDecimalString } from '../../../../kernel/rules/display'
import { maxSendUnits, parseAmount } from '../../../../kernel/rules/send'
import { highSlippageBps, isNativeSwapToken, parseSlippage, slippagePercent } from '../../../../kernel/rules/swap'
import type { SwapToken } from '../../../../plugins/swap/index'
import type { Translate } from '../../../i18n/translate'
import { bpsText, offeredTokens, quoteFigures, selectSwapView, type Offered, type Quote, type SwapView } from './model'
import { swapCss } from './Swap.css'
import { useViewStyles, shallowEqual, useHeld, useLatch, useLatchBalanceWatch, useLatchInstance, useLatchTranslate, formatAmount, shortAddress } from '../kit'
import { selectPendingTransfers } from '../../../../plugins/eip155/ui'

/**
 * docs/swap.md, "The view": a token to pay and one to receive (the network's swap list and the visitor's balances), an
 * amount with Max, a quote (rate, price impact, network fee, provider fee, minimum received) asked as the visitor types,
 * the slippage tolerance, then a preview whose button approves first when the allowance is short, then swaps. On a
 * network outside the swap networks it reads 'Network not supported for Swaps'. Changing the network or account starts
 * a fresh form.
 */
export default function Swap() {
  const view = useLatch(selectSwapView, shallowEqual)
  const pending = useLatch(selectPendingTransfers)
  const t = useLatchTranslate()
  const styles = useViewStyles(swapCss)
  const latch = useLatchInstance()
  // docs/behaviour.md, "Balance refresh": the balances shown here are kept fresh while the view is.
  useLatchBalanceWatch('native')
  useLatchBalanceWatch('tokens')
  const body = (() => {
    const caipNetworkId = view.network?.caipNetworkId
    if (view.ns !== 'eip155' || !caipNetworkId || !view.networks?.includes(caipNetworkId)) {
      return <p className="subtle center swap-note" role="status">{t('error.SWAP_NETWORK_UNSUPPORTED')}</p>
    }
    if (!view.address) return <p className="subtle center swap-note">{t('account.none')}</p>
    return <SwapFlow key={`${caipNetworkId}|${view.address}`} view={view} caipNetworkId={caipNetworkId} address={view.address} t={t} latch={latch} />
  })()
  return (
    <section className="swap" ref={styles}>
      {body}
      {pending.length > 0 ? (
        <div className="swap-pending" role="status">
          <h3>{t('send.pending')}</h3>
          <ul>
            {pending.map((hash) => (
              <li key={hash}>
                <span className="spinner spin swap-spinner" aria-hidden="true" />
                <bdi title={hash}>{shortAddress(hash)}</bdi>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

type TokensState = { status: 'loading' } | { status: 'ready'; list: SwapToken[] } | { status: 'failed'; error: LatchErrorData }
type QuoteState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; quote: Quote; key: string } | { status: 'failed'; error: LatchErrorData }

/** The decimal separator of `locale` ('.' when the locale is unknown). */
function separatorOf(locale: string): string {
  try {
    return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  } catch {
    return '.'
  }
}

/** A USD figure (`"0.20"`, exact cents as text) in the visitor's locale, with two decimals. */
function usdText(cents: string, locale: string): string {
  try {
    // Intl formats a decimal string exactly (no float on the way); TypeScript's ES2022 types only list numbers.
    return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents as unknown as number)
  } catch {
    return `$${cents}`
  }
}

/** Base units as a figure of at most 6 decimals, floored, in the visitor's locale, with the symbol. */
function amountText(units: bigint, decimals: number, symbol: string, locale: string): string {
  const [whole = '0', fraction = ''] = formatUnitsToDecimalString(units, decimals).split('.')
  const kept = fraction.slice(0, 6).replace(/0+$/, '')
  const shown = kept ? `${whole}.${kept}` : whole
  const below = shown === '0' && units > 0n
  return `${below ? `< ${formatAmount('0.000001', locale)}` : formatAmount(shown, locale)} ${symbol}`
}

function SwapFlow({ view, caipNetworkId, address, t, latch }: { view: SwapView; caipNetworkId: string; address: string; t: Translate; latch: Latch }) {
  const ids = { from: useId(), to: useId(), amount: useId(), amountError: useId(), slippage: useId(), slippageError: useId() }
  const [tokens, setTokens] = useState<TokensState>({ status: 'loading' })
  const [fromKey, setFromKey] = useState<string>()
  const [toKey, setToKey] = useState<string>()
  const [amountInput, setAmountInput] = useState('')
  const [slippageInput, setSlippageInput] = useState(slippagePercent(view.slippage))
  const [quote, setQuote] = useState<QuoteState>({ status: 'idle' })
  const [step, setStep] = useState<'form' | 'preview'>('form')
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<LatchErrorData>()
  // Bumped by Edit: back on the form, the quote is asked again (the pool may have moved: 'Get a new quote.').
  const [round, setRound] = useState(0)
  const userAddress = `${caipNetworkId}:${address}`

  useHeld(() => {
    let live = true
    latch.request({ type: 'swap/tokensRequested', payload: { caipNetworkId } }).then(
      ({ tokens: list }) => live && setTokens({ status: 'ready', list }),
      (error: unknown) => live && setTokens({ status: 'failed', error: toLatchError(error).toData() }),
    )
    return () => {
      live = false
    }
  }, [latch, caipNetworkId])

  const offered = tokens.status === 'ready' ? offeredTokens(view, tokens.list) : []
  const from = offered.find((o) => o.address === fromKey) ?? offered[0]
  const to = offered.find((o) => o.address === toKey) ?? offered.find((o) => o.address !== from?.address)
  const native = offered.find((o) => isNativeSwapToken(o.address.split(':')[2] ?? ''))
  const amount = from ? parseAmount(amountInput, from.decimals, { balance: from.balance, separator: separatorOf(t.locale), max: maxSendUnits('eip155') }) : undefined
  const slippage = parseSlippage(slippageInput, separatorOf(t.locale))
  const same = from !== undefined && to !== undefined && from.address === to.address
  const quoteKey = from && to && amount?.ok && !same ? `${from.address}|${to.address}|${amount.units}` : undefined

  // docs/swap.md, "Quotes": asked whenever the pair or the amount changes; the plugin waits 500 ms after the last change.
  useHeld(() => {
    if (!quoteKey || !from || !to || !amount?.ok) return (setQuote({ status: 'idle' }), () => undefined)
    let live = true
    setQuote({ status: 'loading' })
    latch.request({ type: 'swap/quoteRequested', payload: { from: from.address, to: to.address, amount: String(amount.units), userAddress } }).then(
      (answer) =>
        live &&
        setQuote({
          status: 'ready',
          key: quoteKey,
          quote: {
            fromAmount: BigInt(answer.fromAmount),
            toAmount: BigInt(answer.toAmount),
            providerFee: BigInt(answer.providerFee),
            allowance: BigInt(answer.allowance),
            gasPrice: BigInt(answer.gasPrice),
            ...(answer.gas === undefined ? {} : { gas: BigInt(answer.gas) }),
            ...(answer.approveGas === undefined ? {} : { approveGas: BigInt(answer.approveGas) }),
          },
        }),
      (error: unknown) => {
        const data = toLatchError(error).toData()
        // An ask overtaken by a newer one is answered ABORTED: the newer one's answer is shown.
        if (live && data.code !== 'ABORTED') setQuote({ status: 'failed', error: data })
      },
    )
    return () => {
      live = false
    }
  }, [latch, quoteKey, userAddress, round])

  if (tokens.status === 'loading') return <p className="subtle center swap-note" role="status">{t('swap.loadingTokens')}</p>
  if (tokens.status === 'failed') return <p className="error-text center swap-note" role="alert">{t.error(tokens.error)}</p>
  if (!from || !to) return <p className="subtle center swap-note">{t('swap.noTokens')}</p>

  const ready = quote.status === 'ready' && quote.key === quoteKey ? quote.quote : undefined
  const figures = ready && slippage.ok ? quoteFigures(ready, from, to, native, slippage.bps) : undefined
  const amountRefusal = amount && !amount.ok && amount.reason !== 'amountRequired' ? refusalText(amount.reason, from, t) : undefined
  const slippageRefusal = !slippage.ok ? t(`swap.${slippage.reason}` as never) : undefined
  const feeText = figures?.fee === undefined || !native ? t('swap.unavailable') : `${amountText(figures.fee, native.decimals, native.symbol, t.locale)}${figures.feeUsd ? ` (≈ ${usdText(figures.feeUsd, t.locale)})` : ''}${figures.feePartial ? ` ${t('swap.feeApprovalOnly')}` : ''}`
  const fromIsNative = isNativeSwapToken(from.address.split(':')[2] ?? '')
  const canReview = Boolean(figures && ready && amount?.ok && !same)

  const rows = (list: [string, ReactNode][]) => (
    <dl className="swap-details">
      {list.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
  // The form shows the tolerance in its own field; the preview lists it with the figures.
  const details = (withSlippage: boolean) => figures && ready
    ? rows([
        [t('swap.rate'), <bdi key="r">{`1 ${from.symbol} = ${amountText(figures.rate, to.decimals, to.symbol, t.locale)}`}</bdi>],
        [t('swap.priceImpact'), <bdi key="i">{figures.impactBps === undefined ? t('swap.unavailable') : `${formatAmount(bpsText(figures.impactBps), t.locale)} %`}</bdi>],
        [t('swap.networkFee'), <bdi key="f">{feeText}</bdi>],
        [t('swap.providerFee'), <bdi key="p">{amountText(ready.providerFee, to.decimals, to.symbol, t.locale)}</bdi>],
        [t('swap.minimumReceived'), <bdi key="m">{amountText(figures.minimum, to.decimals, to.symbol, t.locale)}</bdi>],
        ...(withSlippage ? [[t('swap.slippage'), <bdi key="s">{`${formatAmount(slippagePercent(slippage.ok ? slippage.bps : view.slippage), t.locale)} %`}</bdi>] as [string, ReactNode]] : []),
      ])
    : null

  if (step === 'preview' && figures && ready && slippage.ok) {
    // While asked: the approval's text until the approval is mined (when one comes first), then 'Swapping…'.
    const approving = sending && figures.approval && (view.step === 'asked' || view.step === 'approving')
    const label = sending ? (approving ? t('swap.approving', { symbol: from.symbol }) : t('swap.swapping')) : figures.approval ? t('swap.approve', { symbol: from.symbol }) : t('swap.swap')
    const submit = () => {
      if (sending) return
      setSending(true)
      setFailure(undefined)
      latch
        .request({
          type: 'swap/swapRequested',
          payload: { from: from.address, to: to.address, amount: String(ready.fromAmount), userAddress, slippage: slippage.bps, minimum: String(figures.minimum), symbol: from.symbol },
        })
        .then(
          () => {
            setSending(false)
            latch.dispatch(toastRequested({ toast: { message: 'Swap complete', messageId: 'swap.done', variant: 'success' } }))
            const state = latch.getState()
            if (!state.router.open || selectView(state).name !== 'Swap') return
            latch.dispatch(state.router.history.at(-2)?.name === 'Account' ? routerWentBack({}) : routerReplaced({ view: { name: 'Account' } }))
          },
          (error: unknown) => {
            setSending(false)
            setFailure(toLatchError(error).toData())
          },
        )
    }
    return (
      <div className="swap-preview">
        <p className="swap-big">
          <bdi>{amountText(ready.fromAmount, from.decimals, from.symbol, t.locale)}</bdi>
          <span aria-hidden="true" className="swap-arrow">↓</span>
          <bdi>{amountText(ready.toAmount, to.decimals, to.symbol, t.locale)}</bdi>
        </p>
        {details(true)}
        {figures.approval ? <p className="subtle swap-hint">{t('swap.approveNote', { symbol: from.symbol })}</p> : null}
        {failure ? (
          <p className="swap-error error-text" role="alert">
            {t.error(failure)}
          </p>
        ) : null}
        <div className="swap-actions">
          <button type="button" className="button secondary" disabled={sending} onClick={() => (setStep('form'), setRound((n) => n + 1))}>
            {t('swap.edit')}
          </button>
          <button type="button" className="button primary" data-autofocus aria-disabled={sending || undefined} aria-busy={sending || undefined} data-approving={approving || undefined} onClick={submit}>
            {sending ? <span className="spinner spin swap-spinner" aria-hidden="true" /> : null}
            {label}
          </button>
        </div>
      </div>
    )
  }

  const option = (o: Offered) => (
    <option key={o.address} value={o.address}>
      {o.balance === undefined ? o.symbol : `${o.symbol} · ${amountText(o.balance, o.decimals, '', t.locale).trim()}`}
    </option>
  )
  const setMax = () => {
    if (from.balance === undefined) return
    // The coin keeps the quote's network fee (Max waits for a quote that knows it).
    const native = isNativeSwapToken(from.address.split(':')[2] ?? '')
    const reserve = native ? figures?.fee : 0n
    if (reserve === undefined) return
    const max = from.balance > reserve ? from.balance - reserve : 0n
    setAmountInput(formatUnitsToDecimalString(max, from.decimals))
  }
  return (
    <form
      className="swap-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (canReview) (setFailure(undefined), setStep('preview'))
      }}
    >
      <label className="swap-label" htmlFor={ids.from}>
        {t('swap.from')}
      </label>
      <select id={ids.from} className="swap-input" value={from.address} onChange={(event) => (setFromKey(event.target.value), setAmountInput(''), event.target.value === to.address && setToKey(from.address))}>
        {offered.map(option)}
      </select>
      <div className="swap-label-row">
        <label className="swap-label" htmlFor={ids.amount}>
          {t('swap.amount')}
        </label>
        {from.balance !== undefined ? <span className="swap-balance">{t('swap.balance', { amount: amountText(from.balance, from.decimals, from.symbol, t.locale) })}</span> : null}
      </div>
      <div className="swap-amount">
        <input
          id={ids.amount}
          className="swap-input"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0"
          value={amountInput}
          aria-invalid={amountRefusal ? true : undefined}
          aria-describedby={amountRefusal ? ids.amountError : undefined}
          onChange={(event) => setAmountInput(event.target.value)}
        />
        <button type="button" className="swap-max" onClick={setMax} disabled={from.balance === undefined || (fromIsNative && figures?.fee === undefined)}>
          {t('send.max')}
        </button>
      </div>
      {amountRefusal ? (
        <p id={ids.amountError} className="swap-error error-text" role="alert">
          {amountRefusal}
        </p>
      ) : null}
      <label className="swap-label" htmlFor={ids.to}>
        {t('swap.to')}
      </label>
      <select id={ids.to} className="swap-input" value={to.address} onChange={(event) => setToKey(event.target.value)}>
        {offered.map(option)}
      </select>
      {same ? (
        <p className="swap-error error-text" role="alert">
          {t('swap.sameToken')}
        </p>
      ) : null}
      <div className="swap-quote" aria-live="polite">
        {quote.status === 'loading' || (quote.status === 'ready' && quote.key !== quoteKey) ? (
          <p className="subtle swap-quoting" role="status">
            <span className="spinner spin swap-spinner" aria-hidden="true" />
            {t('swap.quoting')}
          </p>
        ) : quote.status === 'failed' ? (
          <p className="swap-error error-text" role="alert">
            {t.error(quote.error)}
          </p>
        ) : ready ? (
          <p className="swap-receive">
            {t('swap.youReceive')} <bdi>{amountText(ready.toAmount, to.decimals, to.symbol, t.locale)}</bdi>
          </p>
        ) : null}
        {details(false)}
      </div>
      <label className="swap-label" htmlFor={ids.slippage}>
        {t('swap.slippage')}
      </label>
      <div className="swap-slippage">
        <input
          id={ids.slippage}
          className="swap-input"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={slippageInput}
          aria-invalid={slippageRefusal ? true : undefined}
          aria-describedby={slippageRefusal ? ids.slippageError : undefined}
          onChange={(event) => setSlippageInput(event.target.value)}
        />
        <span aria-hidden="true">%</span>
      </div>
      {slippageRefusal ? (
        <p id={ids.slippageError} className="swap-error error-text" role="alert">
          {slippageRefusal}
        </p>
      ) : slippage.ok && slippage.bps > highSlippageBps ? (
        <p className="swap-warn" role="status">
          {t('swap.slippageHigh')}
        </p>
      ) : null}
      <button type="submit" className="button primary wide" aria-disabled={!canReview || undefined}>
        {t('swap.review')}
      </button>
    </form>
  )
}

/** The Send view's amount texts (docs/behaviour.md, "Amounts"), reused. */
function refusalText(reason: string, token: Offered, t: Translate): string {
  if (reason === 'tooManyDecimals') return t('send.tooManyDecimals', { symbol: token.symbol, decimals: token.decimals })
  if (reason === 'insufficient' || reason === 'tooLarge') return t(`send.${reason}` as never, { symbol: token.symbol })
  return t(`send.${reason}` as never)
}
