import { useId, useState, type FormEvent } from 'react'
import { routerPushed, type State } from '../../../../kernel/index'
import type { EmbeddedLogin } from '../../../../plugins/embedded/ui'
// Only first-load modules, through ui/shared.ts (docs/chunks.md): the field loads with Connect, which the views' kit
// must not be reached from (Connect is part of the modal's door).
import { adoptStyles, useLatch, useLatchInstance, useLatchTranslate } from '../../../shared'

/** The e-mail login's state, or undefined without the embedded plugin (read here, not through the plugin's modules: docs/chunks.md). */
export const selectEmailLogin = (state: State): EmbeddedLogin | undefined => (state as Partial<State>).embedded?.login

const emailFieldCss = `
.email-form{display:flex;flex-direction:column;gap:6px}
.email-field{display:flex;align-items:center;gap:6px;height:48px;padding-inline:12px 6px;border:1px solid var(--latch-border);border-radius:var(--latch-radius-item);background:var(--latch-surface);transition:border-color .12s,box-shadow .12s}
.email-field:focus-within{border-color:var(--latch-accent);box-shadow:0 0 0 3px var(--latch-accent-soft);background:var(--latch-background)}
.email-field[data-invalid="true"]{border-color:var(--latch-error)}
.email-input{flex:1 1 auto;min-width:0;height:100%;margin:0;padding:0;border:0;background:transparent;color:var(--latch-foreground);font:inherit;font-size:16px;outline:none}
.email-input:focus,.email-input:focus-visible{outline:none;box-shadow:none}
.email-input::placeholder{color:var(--latch-foreground-secondary)}
.email-field .button.email-submit{flex:none;height:36px;padding:0 14px;margin:0}
.email-error{margin:0;font-size:13px;font-weight:600;line-height:1.4}
@media (forced-colors: active){.email-field{border:1px solid CanvasText}.email-field:focus-within{outline:3px solid Highlight}}
`

// The roots the field's styles were adopted into (once each).
const styled = new WeakSet<Node>()
function adoptFieldStyles(element: HTMLElement | null) {
  const root = element?.getRootNode()
  if (!root || styled.has(root) || !(root instanceof ShadowRoot || root instanceof Document)) return
  styled.add(root)
  adoptStyles(root, emailFieldCss)
}

/**
 * The e-mail slot of Connect (after the wallets), loaded with `import()` when Connect first shows it: an address field
 * and Continue. Asks the embedded wallet for a code (`embedded/emailLoginRequested`, as a plain event) and shows
 * EmailLogin, where the code is typed. Its styles come with it, adopted into the modal's shadow root as the views'
 * are (never a `<style>`: docs/csp.md).
 */
export default function EmailField() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const login = useLatch(selectEmailLogin)
  const [email, setEmail] = useState(login?.email ?? '')
  const [invalid, setInvalid] = useState(false)
  const ids = { input: useId(), error: useId() }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = email.trim()
    // The plugin's schema decides what an address is: an intent it refuses is not taken (the login stays as it was).
    // Its outcome is the login's state, which EmailLogin shows.
    if (value !== '') latch.request({ type: 'embedded/emailLoginRequested', payload: { email: value } }).catch(() => undefined)
    const login = selectEmailLogin(latch.getState())
    const taken = login?.status === 'sending' && login.email === value
    setInvalid(!taken)
    if (taken) latch.dispatch(routerPushed({ view: { name: 'EmailLogin' } }))
  }
  return (
    <form className="email-form" ref={adoptFieldStyles} noValidate onSubmit={submit}>
      <label className="visually-hidden" htmlFor={ids.input}>
        {t('email.label')}
      </label>
      <div className="email-field" data-invalid={invalid || undefined}>
        <input
          id={ids.input}
          className="email-input"
          type="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={254}
          placeholder={t('email.placeholder')}
          value={email}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? ids.error : undefined}
          onChange={(event) => {
            setEmail(event.target.value)
            if (invalid) setInvalid(false)
          }}
        />
        <button type="submit" className="button primary email-submit" disabled={email.trim() === ''}>
          {t('email.continue')}
        </button>
      </div>
      {invalid ? (
        <p id={ids.error} className="email-error error-text" role="alert">
          {t('email.invalid')}
        </p>
      ) : null}
    </form>
  )
}
