import { useState } from 'react'
import { routerPushed, routerReplaced, routerWentBack, selectView, settleTransaction, toastRequested, type Latch } from '../../../../kernel/index'
import { formatUnitsToDecimalString } from '../../../../kernel/rules/display'
import { sendRequirement } from '../../../../kernel/rules/send'
import { selectPendingTransfers } from '../../../../plugins/eip155/ui'
import type { Translate } from '../../../i18n/translate'
import { selectSendView, type SendView } from './model'
import { SendForm } from './SendForm'
import { SendPreview } from './SendPreview'
import { useSendForm, type Fee } from './useSendForm'
import { sendCss } from './Send.css'
import { useViewStyles, shallowEqual, shortAddress, useLatchBalanceWatch, useLatch, useLatchInstance, useLatchTranslate, displayQuantity } from '../kit'

/**
 * docs/behaviour.md, "Send": a token, an amount (with Max) and a recipient, the network fee, then a preview (from, to, amount,
 * network, fee) whose Send asks the wallet; below, the transactions sent and not mined yet. Changing the active network or
 * account starts a fresh form.
 */
export default function Send() {
  const view = useLatch(selectSendView, shallowEqual)
  const pending = useLatch(selectPendingTransfers)
  const t = useLatchTranslate()
  const styles = useViewStyles(sendCss)
  const latch = useLatchInstance()
  // docs/behaviour.md, "Balance refresh": the balances shown here are kept fresh while the view is.
  useLatchBalanceWatch('native')
  useLatchBalanceWatch('tokens')
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
    return <SendFlow key={`${view.network.caipNetworkId}|${view.address}`} view={view} from={view.address} t={t} latch={latch} />
  })()
  return (
    <section className="send" ref={styles}>
      {body}
      {/* docs/behaviour.md, "Pending transactions": the eip155 slice's list, reduced from the log. */}
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

/** The form, then its preview; after a send, Account in place of this view. Each outcome settles the transaction stack's entry. */
function SendFlow({ view, from, t, latch }: { view: SendView; from: string; t: Translate; latch: Latch }) {
  const form = useSendForm(view, from, t.locale)
  const [step, setStep] = useState<'form' | 'preview'>('form')
  const [tried, setTried] = useState(false)
  const text = feeText(form.fee, view, form.native.symbol, t)
  const sent = (hash: string) => {
    // docs/behaviour.md, "The transaction stack": the integrator's onSuccess, before the view gives way to Account.
    settleTransaction(latch, 'Send', { sent: { hash } })
    latch.dispatch(toastRequested({ toast: { message: 'Transaction sent', messageId: 'send.sent', variant: 'success' } }))
    // docs/behaviour.md, "Send": Account in place of this view (unless the visitor already left it); back to the Account
    // right below rather than a second one on top.
    const state = latch.getState()
    if (!state.router.open || selectView(state).name !== 'Send') return
    latch.dispatch(state.router.history.at(-2)?.name === 'Account' ? routerWentBack({}) : routerReplaced({ view: { name: 'Account' } }))
  }
  if (step === 'preview' && form.ready) {
    return <SendPreview view={view} from={from} form={form} feeText={text} t={t} onEdit={() => setStep('form')} onSend={() => form.submit(sent, (error) => settleTransaction(latch, 'Send', { error }))} />
  }
  const review = () => {
    setTried(true)
    if (!form.ready) return
    form.setFailure(undefined)
    setStep('preview')
  }
  return <SendForm form={form} feeText={text} tried={tried} t={t} onReview={review} />
}

/**
 * docs/behaviour.md, "Display": the fee as a transfer quantity (3 decimals, '< 0.001' when below); 'Estimating…' while asked,
 * 'Unavailable' when it failed.
 */
function feeText(fee: Fee, view: SendView, symbol: string, t: Translate): string {
  if (fee.status === 'loading') return t('send.feeEstimating')
  if (fee.status === 'failed') return t('send.feeUnavailable')
  const decimals = view.network?.nativeCurrency.decimals ?? 18
  return displayQuantity(formatUnitsToDecimalString(fee.units, decimals), symbol, t.locale)
}
