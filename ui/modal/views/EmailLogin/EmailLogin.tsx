import { useEffect, useId, useRef, useState } from 'react'
import { modalClosed, routerWentBack, selectView, type State } from '../../../../kernel/index'
import type { EmbeddedLogin } from '../../../../plugins/embedded/ui'
import { emailLoginCss } from './EmailLogin.css'
import { shallowEqual, useLatch, useLatchInstance, useLatchTranslate, useViewStyles } from '../kit'

/** What the view shows of the login (read here, not through the plugin's modules: docs/chunks.md). */
export function selectLoginView(state: State): EmbeddedLogin {
  return (state as Partial<State>).embedded?.login ?? { status: 'idle' }
}

/** The kernel's clock, ticking each second while `until` is ahead (the resend countdown). */
function useSecondsLeft(until: number | undefined): number {
  const latch = useLatchInstance()
  const now = () => latch.ports.scheduler.now()
  const left = () => (until === undefined ? 0 : Math.max(0, Math.ceil((until - now()) / 1000)))
  const [seconds, setSeconds] = useState(left)
  useEffect(() => {
    setSeconds(left())
    if (until === undefined) return
    const timer = setInterval(() => {
      const next = left()
      setSeconds(next)
      if (next === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until])
  return seconds
}

/** Six digits from what was typed or pasted ('123 456', '123-456'): the digits, at most six. */
export function codeOf(text: string): string {
  return text.replace(/\D/g, '').slice(0, 6)
}

/**
 * EmailLogin (docs/embedded-wallet.md, "The plugin"): the code sent to the visitor's address, in one field
 * (`autocomplete="one-time-code"`, so the browser or the phone offers it; a pasted code is taken whole), checked as soon
 * as it has six digits; a new code once the 30 s cool-down is over; the frame's errors in a live region. Logged in, the
 * modal closes, as after any wallet's connect.
 */
export default function EmailLogin() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const login = useLatch(selectLoginView, shallowEqual)
  const styles = useViewStyles(emailLoginCss)
  const [code, setCode] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const ids = { input: useId(), error: useId(), intro: useId() }
  const seconds = useSecondsLeft(login.resendAt)
  const codeStep = login.resendAt !== undefined
  const verifying = login.status === 'verifying'
  const error = login.status === 'error' ? login.error : undefined

  useEffect(() => {
    if (codeStep && !verifying) input.current?.focus()
  }, [codeStep, verifying])

  const verify = (otp: string) => {
    latch.request({ type: 'embedded/otpRequested', payload: { otp } }).then(
      () => {
        const state = latch.getState()
        if (state.router.open && selectView(state).name === 'EmailLogin') latch.dispatch(modalClosed({}))
      },
      () => setCode(''),
    )
  }
  const onCode = (text: string) => {
    const next = codeOf(text)
    setCode(next)
    if (next.length === 6 && !verifying) verify(next)
  }
  const resend = () => {
    if (login.email) latch.request({ type: 'embedded/emailLoginRequested', payload: { email: login.email } }).catch(() => undefined)
  }

  if (!codeStep) {
    // The code is being asked for, or asking failed (a wrong address, the frame did not load, the cool-down).
    return (
      <section className="otp" ref={styles} aria-busy={login.status === 'sending' || undefined}>
        {error ? (
          <>
            <p className="otp-error error-text" role="alert">
              {t.error(error)}
            </p>
            <div className="otp-actions">
              <button type="button" className="button secondary wide" onClick={() => latch.dispatch(routerWentBack({}))}>
                {t('email.back')}
              </button>
            </div>
          </>
        ) : (
          <p className="otp-status" role="status">
            <span className="spinner spin otp-spinner" aria-hidden="true" />
            {t('email.sending')}
          </p>
        )}
      </section>
    )
  }

  return (
    <section className="otp" ref={styles} aria-busy={verifying || undefined}>
      <p className="otp-intro" id={ids.intro}>
        {login.deviceApproval ? t('email.approveDevice', { email: login.email ?? '' }) : t('email.codeSent', { email: login.email ?? '' })}
      </p>
      <label className="otp-label" htmlFor={ids.input}>
        {t('email.codeLabel')}
      </label>
      <input
        ref={input}
        id={ids.input}
        className="otp-input"
        dir="ltr"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={12}
        value={code}
        disabled={verifying}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids.intro} ${ids.error}` : ids.intro}
        onChange={(event) => onCode(event.target.value)}
        onPaste={(event) => {
          const pasted = event.clipboardData.getData('text')
          if (!pasted) return
          event.preventDefault()
          onCode(pasted)
        }}
      />
      {error ? (
        <p id={ids.error} className="otp-error error-text" role="alert">
          {t.error(error)}
        </p>
      ) : null}
      <p className="otp-status" role="status">
        {verifying || login.status === 'sending' ? (
          <>
            <span className="spinner spin otp-spinner" aria-hidden="true" />
            {t(verifying ? 'email.verifying' : 'email.sending')}
          </>
        ) : null}
      </p>
      <button type="button" className="otp-resend" disabled={seconds > 0 || verifying || login.status === 'sending'} onClick={resend}>
        {seconds > 0 ? t('email.resendIn', { seconds }) : t('email.resend')}
      </button>
    </section>
  )
}
