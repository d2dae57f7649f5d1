import { modalClosed, routerWentBack, selectView, type State } from '../../../../kernel/index'
import type { EmbeddedLogin } from '../../../../plugins/embedded/ui'
import { emailLoginCss } from './EmailLogin.css'
import { CodeEntry } from './CodeEntry'
import { shallowEqual, useLatch, useLatchInstance, useLatchTranslate, useViewStyles } from '../kit'

/** What the view shows of the login (read here, not through the plugin's modules: docs/chunks.md). */
export function selectLoginView(state: State): EmbeddedLogin {
  return (state as Partial<State>).embedded?.login ?? { status: 'idle' }
}

export { codeOf } from './CodeEntry'

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
  const codeStep = login.resendAt !== undefined
  const verifying = login.status === 'verifying'
  const error = login.status === 'error' ? login.error : undefined

  const verify = (otp: string) =>
    latch.request({ type: 'embedded/otpRequested', payload: { otp } }).then(() => {
      const state = latch.getState()
      if (state.router.open && selectView(state).name === 'EmailLogin') latch.dispatch(modalClosed({}))
    })
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
    <div ref={styles}>
      <CodeEntry
        intro={login.deviceApproval ? t('email.approveDevice', { email: login.email ?? '' }) : t('email.codeSent', { email: login.email ?? '' })}
        verifying={verifying}
        sending={login.status === 'sending'}
        error={error}
        resendAt={login.resendAt}
        onCode={verify}
        onResend={resend}
      />
    </div>
  )
}
