import { useId, type ReactNode } from 'react'
import { type LatchError } from '../../../../kernel/index'
import { formatUnitsToDecimalString } from '../../../../kernel/rules/display'
import { formatTokenValueOf } from '../../../../kernel/rules/token-value'
import { checksumAddress } from '../../../../kernel/rules/checksum'
import type { Translate } from '../../../i18n/translate'
import { maxUnits } from './model'
import type { SendFormModel } from './useSendForm'
import { displayBalance } from '../kit'

/** docs/behaviour.md, "Send", "The form": token, amount (with its balance and Max), recipient, the network fee, Review. */
export function SendForm({ form, feeText, tried, t, onReview }: { form: SendFormModel; feeText: string; tried: boolean; t: Translate; onReview(): void }) {
  const ids = { token: useId(), amount: useId(), recipient: useId(), amountError: useId(), recipientError: useId() }
  const { token, amountRefusal, recipientRefusal, typedName, lookup, missing } = form
  const setMax = () => {
    const max = token ? maxUnits(token, form.feeUnits) : undefined
    if (token && max !== undefined) form.setAmountText(formatUnitsToDecimalString(max, token.decimals))
  }
  return (
    <form
      className="send-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onReview()
      }}
    >
      <label className="send-label" htmlFor={ids.token}>
        {t('send.token')}
      </label>
      <select
        id={ids.token}
        className="send-input"
        value={form.tokenKey}
        onChange={(event) => {
          form.setTokenKey(event.target.value)
          form.setAmountText('')
        }}
      >
        {form.tokens.map((entry) => (
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
            {token.value === undefined ? null : <span className="send-value"> ({usdText(formatTokenValueOf(token.value), t.locale)})</span>}
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
          value={form.amountText}
          aria-invalid={amountRefusal ? true : undefined}
          aria-describedby={amountRefusal ? ids.amountError : undefined}
          onChange={(event) => form.setAmountText(event.target.value)}
        />
        <button type="button" className="send-max" onClick={setMax} disabled={token?.balance === undefined || (token.key === 'native' && form.feeUnits === undefined)}>
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
        value={form.recipientText}
        aria-invalid={recipientRefusal ? true : undefined}
        aria-describedby={recipientRefusal ? ids.recipientError : undefined}
        onChange={(event) => form.setRecipientText(event.target.value)}
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
      {(tried && missing !== undefined) || missing?.code === 'SEND_TOKEN_REQUIRED' ? (
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

/**
 * A fiat value already floored to 2 decimals (docs/behaviour.md, "Display"), written in USD for `locale`. Intl formats the
 * decimal string exactly with 2 decimals, so it rounds nothing.
 */
function usdText(value: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value as unknown as number)
  } catch {
    return `$${value}`
  }
}
