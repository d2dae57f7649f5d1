import { useEffect, useId, useMemo, useState } from 'react'
import { selectTokenBalances, type State } from '../../../../kernel/index'
import { amountRefusal, assetsOn, formatCents, knownProviders, limitOf, parseFiat, providerName, startOnrampCheckout, type AmountRefusal, type OnrampState, type QuoteEntry } from '../../../../plugins/onramp/ui'
import type { Translate } from '../../../i18n/translate'
import { onrampCss } from './OnRamp.css'
import { CheckIcon, ErrorIcon, displayQuantity, shallowEqual, useLatch, useLatchBalanceWatch, useLatchInstance, useLatchTranslate, useViewStyles } from '../kit'

/** What the view reads: the slice (read as plain state), and the active EVM account and network. */
export function selectOnrampView(state: State) {
  const onramp = (state as { onramp?: OnrampState }).onramp
  const evm = state.activeNamespace === 'eip155' ? state.chains.eip155 : undefined
  const chainId = Number(evm?.network.caipNetwork?.id)
  return { onramp, address: evm?.account.caipAddress ? evm.account.caipAddress : undefined, chainId: Number.isSafeInteger(chainId) ? chainId : undefined }
}

const methods = ['card', 'ach_bank_account'] as const

/** A fiat amount with two decimals in the visitor's digits, and its currency: `7,500.00 USD`. */
export function formatFiat(amount: string, currency: string, locale: string): string {
  try {
    // Intl formats a decimal string exactly (no float on the way).
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount as unknown as number)} ${currency}`
  } catch {
    return `${amount} ${currency}`
  }
}

/** The visitor's text for a refusal of the amount (the same words as the route's in English). */
function refusalText(t: Translate, refusal: AmountRefusal): string {
  switch (refusal.kind) {
    case 'tooLow':
    case 'tooHigh': {
      const amount = formatFiat(refusal.limit, refusal.currency, t.locale)
      const card = refusal.method === 'card'
      return refusal.kind === 'tooLow' ? t(card ? 'onramp.tooLowCard' : 'onramp.tooLowBank', { amount }) : t(card ? 'onramp.tooHighCard' : 'onramp.tooHighBank', { amount })
    }
    case 'decimals':
      return t('onramp.decimals')
    case 'method':
      return t('onramp.noMethod')
    default:
      return t('onramp.invalid')
  }
}

/**
 * docs/behaviour.md, "Buy (on-ramp)": what to buy on the active network, paid in USD or EUR by card or bank transfer, the
 * amount with its limits (checked before anything is asked), one quote per provider with every number, the cheapest
 * selected, Continue to the provider's checkout in a popup, then the purchase's status until it ends.
 */
export default function OnRamp() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const view = useLatch(selectOnrampView, shallowEqual)
  const styles = useViewStyles(onrampCss)
  const status = view.onramp?.optionsStatus
  useEffect(() => {
    if (status === 'idle') latch.dispatch({ type: 'onramp/optionsRequested', payload: {} })
  }, [latch, status])
  const body = (() => {
    if (!view.onramp) return <p className="subtle center">{t('onramp.unavailable')}</p>
    if (!view.address || view.chainId === undefined) return <p className="subtle center">{t('onramp.evmOnly')}</p>
    if (view.onramp.checkout) return <Status onramp={view.onramp} t={t} />
    if (!view.onramp.options) {
      return (
        <p className="onramp-loading" role="status">
          <span className="spinner spin" aria-hidden="true" />
          {t('onramp.loadingOptions')}
        </p>
      )
    }
    // Keyed by network: a switch starts a fresh form.
    return <BuyForm key={view.chainId} onramp={view.onramp} chainId={view.chainId} t={t} />
  })()
  return (
    <section className="onramp" ref={styles} aria-label={t('view.OnRamp')}>
      {body}
    </section>
  )
}

function BuyForm({ onramp, chainId, t }: { onramp: OnrampState; chainId: number; t: Translate }) {
  const latch = useLatchInstance()
  const ids = { asset: useId(), currency: useId(), method: useId(), amount: useId(), amountNote: useId() }
  const options = onramp.options!
  const assets = useMemo(() => assetsOn(options, chainId), [options, chainId])
  const currencies = options.paymentCurrencies.map((currency) => currency.id)
  const [assetId, setAssetId] = useState(() => assets.find((entry) => entry.network.contract_address !== '')?.currency.id ?? assets[0]?.currency.id ?? '')
  const [currency, setCurrency] = useState(currencies.includes('USD') ? 'USD' : (currencies[0] ?? 'USD'))
  const [method, setMethod] = useState<string>('card')
  const [amountText, setAmountText] = useState('')
  const asset = assets.find((entry) => entry.currency.id === assetId) ?? assets[0]
  const limit = limitOf(options, currency, method)
  const refusal = amountText.trim() === '' ? undefined : amountRefusal(options, currency, method, amountText)
  const cents = refusal ? undefined : parseFiat(amountText)
  const amount = cents === undefined ? undefined : formatCents(cents)
  // The quotes follow the form: a valid amount asks them (the plugin waits 500 ms after the last change), anything else asks nothing.
  useEffect(() => {
    if (!asset || amount === undefined) return
    latch.dispatch({ type: 'onramp/quotesRequested', payload: { asset: asset.currency.id, network: asset.network.name, paymentCurrency: currency, paymentMethod: method, amount } })
  }, [latch, asset, currency, method, amount])
  if (!asset) return <p className="subtle center">{t('onramp.nothing')}</p>
  const request = onramp.quotesFor
  const current = request !== undefined && amount !== undefined && request.amount === amount && request.asset === asset.currency.id && request.paymentCurrency === currency && request.paymentMethod === method
  const quotes = current ? onramp.quotes : []
  const selected = quotes.find((entry) => entry.provider === onramp.selectedProvider && !entry.estimate)
  const continueClicked = () => {
    if (!selected || !request) return
    // First, in the click: the popup (startOnrampCheckout opens it before it returns).
    startOnrampCheckout(latch, { ...request, provider: selected.provider, quoteId: selected.quote.quoteId })
  }
  const limitsText = limit ? t('onramp.limits', { min: formatFiat(formatCents(limit.min), currency, t.locale), max: formatFiat(formatCents(limit.max), currency, t.locale) }) : undefined
  return (
    <>
      {onramp.optionsStatus === 'fallback' ? <p className="onramp-note">{t('onramp.optionsFallback')}</p> : null}
      <label className="onramp-label" htmlFor={ids.asset}>
        {t('onramp.asset')}
      </label>
      <select id={ids.asset} className="onramp-input" value={asset.currency.id} onChange={(event) => setAssetId(event.target.value)}>
        {assets.map((entry) => (
          <option key={entry.currency.id} value={entry.currency.id}>
            {entry.currency.name} ({entry.currency.symbol})
          </option>
        ))}
      </select>
      <div className="onramp-row">
        <div>
          <label className="onramp-label" htmlFor={ids.currency}>
            {t('onramp.currency')}
          </label>
          <select id={ids.currency} className="onramp-input" value={currency} onChange={(event) => setCurrency(event.target.value)}>
            {currencies.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="onramp-label" htmlFor={ids.method}>
            {t('onramp.method')}
          </label>
          <select id={ids.method} className="onramp-input" value={method} onChange={(event) => setMethod(event.target.value)}>
            {methods.map((id) => (
              <option key={id} value={id}>
                {t(id === 'card' ? 'onramp.card' : 'onramp.bank')}
              </option>
            ))}
          </select>
        </div>
      </div>
      <label className="onramp-label" htmlFor={ids.amount}>
        {t('onramp.amount', { currency })}
      </label>
      <input
        id={ids.amount}
        className="onramp-input onramp-amount"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        placeholder="0.00"
        value={amountText}
        aria-invalid={refusal ? true : undefined}
        aria-describedby={ids.amountNote}
        onChange={(event) => setAmountText(event.target.value)}
      />
      {refusal ? (
        <p id={ids.amountNote} className="onramp-error error-text" role="alert">
          {refusalText(t, refusal)}
        </p>
      ) : (
        <p id={ids.amountNote} className="onramp-hint">
          {limitsText}
        </p>
      )}
      {current && onramp.error ? (
        <p className="onramp-error error-text" role="alert">
          {t.error(onramp.error)}
        </p>
      ) : null}
      {!current && onramp.error && onramp.error.code !== 'ONRAMP_AMOUNT_REFUSED' ? (
        <p className="onramp-error error-text" role="alert">
          {onramp.error.code === 'ONRAMP_POPUP_BLOCKED' ? t('onramp.blocked') : t.error(onramp.error)}
        </p>
      ) : null}
      {current && onramp.quotesLoading ? (
        <p className="onramp-loading" role="status">
          <span className="spinner spin" aria-hidden="true" />
          {t('onramp.loadingQuotes')}
        </p>
      ) : null}
      {quotes.length > 0 ? (
        <fieldset className="onramp-quotes">
          <legend>{t('onramp.quotes')}</legend>
          {quotes.map((entry) => (
            <Quote key={entry.provider} entry={entry} checked={entry.provider === selected?.provider} t={t} onPick={() => latch.dispatch({ type: 'onramp/providerSelected', payload: { provider: entry.provider } })} />
          ))}
        </fieldset>
      ) : null}
      <button type="button" className="button primary wide" disabled={!selected || !current || onramp.quotesLoading} onClick={continueClicked}>
        {selected ? t('onramp.continueWith', { provider: providerName(selected.provider) }) : t('onramp.continue')}
      </button>
    </>
  )
}

/** One provider's quote: every number of it, or the estimate that cannot be bought from with why. */
function Quote({ entry, checked, t, onPick }: { entry: QuoteEntry; checked: boolean; t: Translate; onPick(): void }) {
  const { quote } = entry
  const money = (value: { amount: string; currency: string }) => formatFiat(value.amount, value.currency, t.locale)
  const kind = knownProviders[entry.provider]?.kind
  const estimate = entry.estimate !== undefined
  return (
    <label className="onramp-quote" data-provider={entry.provider} data-estimate={estimate || undefined}>
      <span className="onramp-quote-head">
        <input type="radio" name="onramp-provider" value={entry.provider} checked={checked} disabled={estimate} onChange={onPick} />
        <span dir="auto">{providerName(entry.provider)}</span>
        {kind ? <span className="subtle">{t(kind === 'exchange' ? 'onramp.exchange' : 'onramp.aggregator')}</span> : null}
        {estimate ? (
          <span className="tag" data-tone="neutral">
            {t('onramp.estimate')}
          </span>
        ) : null}
      </span>
      <dl>
        <div>
          <dt>{t('onramp.providerFee')}</dt>
          <dd><bdi>{money(quote.coinbaseFee)}</bdi></dd>
        </div>
        <div>
          <dt>{t('onramp.networkFee')}</dt>
          <dd><bdi>{estimate ? t('onramp.unknown') : money(quote.networkFee)}</bdi></dd>
        </div>
        <div>
          <dt>{t('onramp.subtotal')}</dt>
          <dd><bdi>{money(quote.paymentSubtotal)}</bdi></dd>
        </div>
        <div>
          <dt>{t('onramp.total')}</dt>
          <dd><bdi>{money(quote.paymentTotal)}</bdi></dd>
        </div>
        <div className="onramp-get">
          <dt>{t('onramp.receive')}</dt>
          <dd><bdi>{quote.purchaseAmount.amount === '' ? t('onramp.unknown') : displayQuantity(quote.purchaseAmount.amount, quote.purchaseAmount.currency, t.locale)}</bdi></dd>
        </div>
      </dl>
      {estimate ? <p className="onramp-reason">{t('onramp.estimateReason', { provider: providerName(entry.provider) })}</p> : null}
    </label>
  )
}

/** The purchase under way: the popup opening, waiting for the provider, then complete (with the balance) or failed. */
function Status({ onramp, t }: { onramp: OnrampState; t: Translate }) {
  const latch = useLatchInstance()
  const checkout = onramp.checkout!
  const provider = providerName(checkout.provider)
  const close = () => latch.dispatch({ type: 'onramp/checkoutClosed', payload: { checkoutId: checkout.checkoutId } })
  if (checkout.status === 'complete') {
    const received = checkout.received
    return (
      <div className="onramp-status" role="status" data-status="complete">
        <CheckIcon size={32} />
        <h3>{t('onramp.complete')}</h3>
        {received ? <p className="subtle">{t('onramp.received', { amount: displayQuantity(received.amount, received.symbol, t.locale) })}</p> : null}
        <Balance symbol={received?.symbol ?? checkout.asset} t={t} />
        <button type="button" className="button primary wide" onClick={close}>
          {t('onramp.done')}
        </button>
      </div>
    )
  }
  if (checkout.status === 'failed') {
    return (
      <div className="onramp-status" role="alert" data-status="failed">
        <ErrorIcon size={32} />
        <h3>{t('onramp.failed')}</h3>
        <button type="button" className="button primary wide" onClick={close}>
          {t('onramp.tryAgain')}
        </button>
      </div>
    )
  }
  return (
    <div className="onramp-status" role="status" data-status={checkout.status}>
      <span className="spinner spin" aria-hidden="true" />
      <h3>{checkout.status === 'opening' ? t('onramp.opening', { provider }) : t('onramp.waiting', { provider })}</h3>
      <p className="subtle">{t('onramp.waitingHint', { provider })}</p>
      <button type="button" className="button secondary wide" onClick={close}>
        {t('onramp.cancel')}
      </button>
    </div>
  )
}

/** The account's balance of the bought token, read again now that it surely changed (docs/behaviour.md, "Balance refresh"). */
function Balance({ symbol, t }: { symbol: string; t: Translate }) {
  useLatchBalanceWatch('tokens')
  const balances = useLatch(selectTokenBalances)
  const balance = balances.find((entry) => entry.symbol === symbol)
  if (!balance) return null
  return <p className="subtle onramp-balance">{t('onramp.balance', { amount: displayQuantity(balance.quantity.numeric, symbol, t.locale) })}</p>
}
