import { useState, type ReactNode } from 'react'
import { formatUnitsToDecimalString } from '../../../../kernel/rules/display'
import { recipientWarning } from '../../../../kernel/rules/send'
import type { Translate } from '../../../i18n/translate'
import type { SendFormModel } from './useSendForm'
import type { SendView } from './model'
import { AccountIdentity, formatAmount } from '../kit'

/**
 * docs/behaviour.md, "Send", "The preview": the amount and token exactly, From, To, Token, Network and Network fee, with
 * Edit and Send. A recipient where what is sent is lost needs the visitor's second confirmation.
 */
export function SendPreview({ view, from, form, feeText, t, onEdit, onSend }: { view: SendView; from: string; form: SendFormModel; feeText: string; t: Translate; onEdit(): void; onSend(): void }) {
  const [understood, setUnderstood] = useState(false)
  const { token, amount, recipient, family, sending, failure, typedName } = form
  if (!token || !amount?.ok || !recipient.ok || !view.network) return null
  const warning = recipientWarning(family, recipient.address, token.address)
  const held = warning !== undefined && !understood
  const row = (label: string, value: ReactNode) => (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
  return (
    <div className="send-preview">
      <p className="send-amount-big">
        <bdi>
          {formatAmount(formatUnitsToDecimalString(amount.units, token.decimals), t.locale)} {token.symbol}
        </bdi>
      </p>
      <dl className="send-details">
        {/* docs/names.md, "The account's name": the account as the header shows it, name and avatar. */}
        {row(t('send.from'), <span className="send-identity"><AccountIdentity ns={view.ns} address={from} size={20} /></span>)}
        {/* A name the visitor typed shows with the short address it resolved to. */}
        {row(t('send.to'), <span className="send-identity"><AccountIdentity ns={view.ns} address={recipient.address} name={typedName} size={20} /></span>)}
        {row(t('send.token'), <bdi>{token.name && token.name !== token.symbol ? `${token.name} (${token.symbol})` : token.symbol}</bdi>)}
        {row(t('send.network'), <bdi>{view.network.name}</bdi>)}
        {row(t('send.fee'), <bdi>{feeText}</bdi>)}
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
        <button type="button" className="button secondary" disabled={sending} onClick={onEdit}>
          {t('send.edit')}
        </button>
        <button
          type="button"
          className="button primary"
          data-autofocus
          aria-disabled={sending || held || undefined}
          aria-busy={sending || undefined}
          onClick={() => {
            if (!sending && !held) onSend()
          }}
        >
          {sending ? <span className="spinner spin send-spinner" aria-hidden="true" /> : null}
          {sending ? t('send.sending') : t('send.send')}
        </button>
      </div>
    </div>
  )
}
