import { useId, useState } from 'react'
import { errorText, routerWentBack, visitorMessages, type LatchErrorData, type State } from '../../../../kernel/index'
import { isValidRegistrationName } from '../../../../kernel/rules/names'
import type { NamesState } from '../../../../plugins/names/index'
import { registerNameCss } from './RegisterAccountName.css'
import { CheckIcon, useViewStyles, shallowEqual, useLatch, useLatchInstance, useLatchTranslate } from '../kit'

/**
 * The names slice, or undefined without the name service. Read here rather than through plugins/names's selectors, and
 * events dispatched as plain objects: importing the names plugin's modules (that its entry imports too) would cut them
 * into a small chunk shared by two entries (docs/chunks.md).
 */
const sliceOf = (state: State): NamesState | undefined => (state as Partial<State>).names

/** What the view shows: the zone, the suggestions for the latest text, and the registration's progress. */
export function selectRegisterView(state: State) {
  const names = sliceOf(state)
  return {
    zone: names?.zone,
    query: names?.query ?? '',
    suggestions: names?.suggestions ?? [],
    status: names?.status ?? 'idle',
    error: names?.error,
    registering: names?.registering ?? false,
    failure: names?.failure,
    connected: state.chains.eip155.account.caipAddress !== undefined,
  }
}

/**
 * The error's visitor text id: its own when it names one, else its code's when its text is the code's catalogue text. Free
 * text (the name service's reason for a refusal, docs/names.md, "Errors") is shown as it is.
 */
function byCode(error: LatchErrorData): LatchErrorData {
  const template = error.messageId === undefined ? errorText(error.code) : undefined
  if (template === undefined) return error
  if (!error.shortMessage.startsWith(template.split('{')[0] ?? template)) return error
  return { ...error, messageId: error.code as LatchErrorData['messageId'] }
}

/** The label of what was typed: trimmed, lower-case, without the zone when the visitor typed it too. */
function labelOf(text: string, zone: string): string {
  const lower = text.trim().toLowerCase()
  return lower.endsWith(`.${zone}`) ? lower.slice(0, -zone.length - 1) : lower
}

/**
 * docs/names.md, "Choosing a name": a name field in the dapp's zone, suggestions as the visitor types (the name first,
 * then free variants), and Register. The wallet signs; success goes to RegisterAccountNameSuccess, failure stays here
 * and says why.
 */
export default function RegisterAccountName() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const view = useLatch(selectRegisterView, shallowEqual)
  const styles = useViewStyles(registerNameCss)
  const [text, setText] = useState('')
  const ids = { input: useId(), hint: useId(), error: useId() }
  if (!view.zone) return <p className="subtle center">{t('names.unavailable')}</p>
  if (!view.connected) return <p className="subtle center">{t('account.none')}</p>
  const zone = view.zone
  const label = labelOf(text, zone)
  const valid = isValidRegistrationName(label) && label.length <= 63
  const ruleBroken = label !== '' && !valid
  const exact = view.query === text ? view.suggestions.find((entry) => entry.name === `${label}.${zone}`) : undefined
  const taken = exact?.registered === true
  const register = (name: string) => {
    if (view.registering) return
    latch.dispatch({ type: 'names/registrationRequested', payload: { name } })
  }
  const onChange = (value: string) => {
    setText(value)
    latch.dispatch({ type: 'names/suggestionsRequested', payload: { name: value.slice(0, 255) } })
  }
  const shown = view.query === text && label !== '' && valid ? view.suggestions : []
  const lookupFailed = view.query === text && view.status === 'failed' && view.error && view.error.code !== 'INVALID_NAME'
  return (
    <section className="names" ref={styles} aria-busy={view.registering || undefined}>
      <p className="names-intro">{t('names.intro')}</p>
      <label className="names-label" htmlFor={ids.input}>
        {t('names.label')}
      </label>
      {/* A name is a domain: written left to right, its zone after it, in every language. */}
      <div className="names-field" dir="ltr" data-invalid={ruleBroken || taken ? true : undefined}>
        <input
          id={ids.input}
          className="names-input"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={63 + zone.length + 1}
          placeholder={t('names.placeholder')}
          value={text}
          aria-invalid={ruleBroken || taken ? true : undefined}
          aria-describedby={ruleBroken || taken ? ids.error : ids.hint}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && valid && !taken) register(label)
          }}
        />
        <span className="names-zone" aria-hidden="true">
          .{zone}
        </span>
      </div>
      {ruleBroken ? (
        <p id={ids.error} className="names-error error-text" role="alert">
          {t.error({ messageId: 'INVALID_REGISTRATION_NAME', shortMessage: visitorMessages.INVALID_REGISTRATION_NAME })}
        </p>
      ) : taken ? (
        <p id={ids.error} className="names-error error-text" role="alert">
          {t('names.taken', { name: `${label}.${zone}` })}
        </p>
      ) : (
        <p id={ids.hint} className="names-hint">
          {t('names.rule')}
        </p>
      )}
      <div className="names-status" role="status">
        {valid && view.status === 'loading' ? (
          <>
            <span className="spinner spin names-spinner" aria-hidden="true" />
            {t('names.searching')}
          </>
        ) : lookupFailed && view.error ? (
          <span className="error-text">{t.error(byCode(view.error))}</span>
        ) : null}
      </div>
      {shown.length > 0 ? (
        <ul className="names-list" aria-label={t('names.suggestions')}>
          {shown.map((entry) => (
            <li key={entry.name}>
              <button type="button" className="names-option" disabled={entry.registered || view.registering} onClick={() => register(entry.name)}>
                <bdi>{entry.name}</bdi>
                <span className="names-tag" data-free={!entry.registered}>
                  {t(entry.registered ? 'names.registered' : 'names.available')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {view.failure ? (
        <p className="names-error error-text" role="alert">
          {t.error(byCode(view.failure))}
        </p>
      ) : null}
      <div className="names-actions">
        <button
          type="button"
          className="button primary wide"
          disabled={!valid || taken}
          aria-disabled={view.registering || undefined}
          onClick={() => register(label)}
        >
          {view.registering ? (
            <>
              <span className="spinner spin names-spinner" aria-hidden="true" />
              {t('names.registering')}
            </>
          ) : (
            t('names.register')
          )}
        </button>
      </div>
    </section>
  )
}

/** docs/names.md, "Choosing a name": the registered name, and Done back to Account. */
export function RegisterAccountNameSuccess() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const styles = useViewStyles(registerNameCss)
  const name = useLatch((state: State) => {
    const payload = state.router.history.at(-1)?.payload
    return typeof payload?.name === 'string' ? payload.name : state.chains.eip155.account.profileName ?? ''
  })
  return (
    <section className="names names-done" ref={styles}>
      <span className="names-done-icon" aria-hidden="true">
        <CheckIcon size={28} />
      </span>
      <p className="names-done-name">
        <bdi>{name}</bdi>
      </p>
      <p className="subtle">{t('names.success')}</p>
      <div className="names-actions">
        <button type="button" className="button primary wide" onClick={() => latch.dispatch(routerWentBack({}))}>
          {t('names.done')}
        </button>
      </div>
    </section>
  )
}
