import { useEffect, useId, useRef, useState } from 'react'
import type { LatchErrorData } from '../../../../kernel/index'
import { useLatchInstance, useLatchTranslate } from '../kit'

/** The kernel's clock, ticking each second while `until` is ahead (the resend countdown). */
export function useSecondsLeft(until: number | undefined): number {
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

export type CodeEntryProps = {
  /** The line above the field: where the code was sent. */
  intro: string
  verifying: boolean
  sending: boolean
  error?: LatchErrorData | undefined
  /** When a new code may be asked for (the kernel's clock). */
  resendAt?: number | undefined
  /** Six digits were typed or pasted: checks them; the promise settles with the check (the field empties on failure). */
  onCode(otp: string): Promise<unknown>
  onResend(): void
}

/**
 * The one-time code entry of the e-mail login and of the e-mail update (docs/embedded-wallet.md, "The plugin"): one
 * field (`autocomplete="one-time-code"`, numeric; a pasted code is taken whole), checked as soon as it has six digits;
 * the error in an alert; 'Resend code in {seconds} s' on the kernel's clock, then 'Resend code'.
 */
export function CodeEntry({ intro, verifying, sending, error, resendAt, onCode, onResend }: CodeEntryProps) {
  const t = useLatchTranslate()
  const [code, setCode] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const ids = { input: useId(), error: useId(), intro: useId() }
  const seconds = useSecondsLeft(resendAt)

  useEffect(() => {
    if (!verifying) input.current?.focus()
  }, [verifying])

  const take = (text: string) => {
    const next = codeOf(text)
    setCode(next)
    if (next.length === 6 && !verifying) onCode(next).catch(() => setCode(''))
  }

  return (
    <section className="otp" aria-busy={verifying || undefined}>
      <p className="otp-intro" id={ids.intro}>
        {intro}
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
        onChange={(event) => take(event.target.value)}
        onPaste={(event) => {
          const pasted = event.clipboardData.getData('text')
          if (!pasted) return
          event.preventDefault()
          take(pasted)
        }}
      />
      {error ? (
        <p id={ids.error} className="otp-error error-text" role="alert">
          {t.error(error)}
        </p>
      ) : null}
      <p className="otp-status" role="status">
        {verifying || sending ? (
          <>
            <span className="spinner spin otp-spinner" aria-hidden="true" />
            {t(verifying ? 'email.verifying' : 'email.sending')}
          </>
        ) : null}
      </p>
      <button type="button" className="otp-resend" disabled={seconds > 0 || verifying || sending} onClick={onResend}>
        {seconds > 0 ? t('email.resendIn', { seconds }) : t('email.resend')}
      </button>
    </section>
  )
}
