import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { routerWentBack, selectView, type State } from '../../../../kernel/index'
import type { EmbeddedEmailUpdate } from '../../../../plugins/embedded/ui'
import { emailLoginCss } from '../EmailLogin/EmailLogin.css'
import { CodeEntry } from '../EmailLogin/CodeEntry'
import { shallowEqual, useLatch, useLatchInstance, useLatchTranslate, useViewStyles } from '../kit'

/** The e-mail update as the view shows it (read as plain state, not through the plugin's modules: docs/chunks.md). */
export function selectEmailUpdate(state: State): EmbeddedEmailUpdate {
  return (state as { embedded?: { update?: EmbeddedEmailUpdate } }).embedded?.update ?? { status: 'idle' }
}

/** The login's current e-mail. */
export function selectLoginEmail(state: State): string | undefined {
  return (state as { embedded?: { user?: { email?: string } } }).embedded?.user?.email
}

const updateCss = `
.update-email{display:flex;flex-direction:column;gap:10px;padding:4px 0 0}
.update-email label{font-size:13px;font-weight:600;color:var(--latch-foreground-secondary)}
.update-email input{box-sizing:border-box;width:100%;height:48px;margin:0;padding:0 12px;border:1px solid var(--latch-border);border-radius:var(--latch-radius-item);background:var(--latch-surface);color:var(--latch-foreground);font:inherit;font-size:16px;outline:none}
.update-email input:focus{border-color:var(--latch-accent);box-shadow:0 0 0 3px var(--latch-accent-soft)}
.update-email input[aria-invalid="true"]{border-color:var(--latch-error)}
.update-email .button{margin:0}
.update-email-current{margin:0;font-size:14px;color:var(--latch-foreground-secondary);overflow-wrap:anywhere}
`

/**
 * UpdateEmailWallet (docs/embedded-wallet.md, "Changing the e-mail"): the new address, then the code sent to the current
 * address (when the frame asks for it), then the code sent to the new one, in EmailLogin's code entry; errors in an
 * alert. Done, the view goes back to Account, which shows the new e-mail.
 */
export default function UpdateEmailWallet() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const update = useLatch(selectEmailUpdate, shallowEqual)
  const current = useLatch(selectLoginEmail)
  const styles = useViewStyles(emailLoginCss + updateCss)
  const [email, setEmail] = useState(update.email ?? '')
  const [invalid, setInvalid] = useState(false)
  const ids = { input: useId(), error: useId() }
  const field = useRef<HTMLInputElement>(null)
  const error = update.status === 'error' ? update.error : undefined
  const step = update.status === 'primaryCode' || update.status === 'secondaryCode' ? update.status : update.status === 'error' || update.status === 'verifying' || update.status === 'sending' ? (update.step ?? 'email') : 'email'

  // Leaving the view (Back, close) forgets the attempt.
  useEffect(() => () => void latch.dispatch({ type: 'embedded/emailUpdateCancelled', payload: {} }), [latch])
  useEffect(() => {
    if (step === 'email') field.current?.focus()
  }, [step])

  const ask = (value: string) => latch.request({ type: 'embedded/emailUpdateRequested', payload: { email: value } }).catch(() => undefined)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = email.trim()
    if (value !== '') void ask(value)
    const now = selectEmailUpdate(latch.getState())
    setInvalid(!(now.status === 'sending' && now.email === value))
  }
  const verify = (otp: string) =>
    step === 'primaryCode'
      ? latch.request({ type: 'embedded/emailUpdatePrimaryOtpRequested', payload: { otp } })
      : latch.request({ type: 'embedded/emailUpdateSecondaryOtpRequested', payload: { otp } }).then(() => {
          const state = latch.getState()
          if (state.router.open && selectView(state).name === 'UpdateEmailWallet') latch.dispatch(routerWentBack({}))
        })

  if (step !== 'email') {
    return (
      <div ref={styles}>
        <CodeEntry
          key={step}
          intro={step === 'primaryCode' ? t('email.updatePrimary', { email: current ?? '' }) : t('email.codeSent', { email: update.email ?? '' })}
          verifying={update.status === 'verifying'}
          sending={update.status === 'sending'}
          error={error}
          resendAt={update.resendAt}
          onCode={verify}
          onResend={() => void (update.email && ask(update.email))}
        />
      </div>
    )
  }

  return (
    <form className="update-email" ref={styles} noValidate onSubmit={submit} aria-busy={update.status === 'sending' || undefined}>
      {current ? <p className="update-email-current">{t('email.updateCurrent', { email: current })}</p> : null}
      <label htmlFor={ids.input}>{t('email.updateLabel')}</label>
      <input
        ref={field}
        id={ids.input}
        type="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={254}
        value={email}
        aria-invalid={invalid || error ? true : undefined}
        aria-describedby={invalid || error ? ids.error : undefined}
        onChange={(event) => {
          setEmail(event.target.value)
          if (invalid) setInvalid(false)
        }}
      />
      {invalid || error ? (
        <p id={ids.error} className="otp-error error-text" role="alert">
          {invalid ? t('email.invalid') : error ? t.error(error) : null}
        </p>
      ) : null}
      <p className="otp-status" role="status">
        {update.status === 'sending' ? (
          <>
            <span className="spinner spin otp-spinner" aria-hidden="true" />
            {t('email.sending')}
          </>
        ) : null}
      </p>
      <button type="submit" className="button primary wide" disabled={email.trim() === '' || update.status === 'sending'}>
        {t('email.continue')}
      </button>
    </form>
  )
}
