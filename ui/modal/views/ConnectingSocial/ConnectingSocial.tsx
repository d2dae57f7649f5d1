import type { State } from '../../../../kernel/index'
import type { EmbeddedLogin } from '../../../../plugins/embedded/ui'
import { shallowEqual, useLatch, useLatchInstance, useLatchTranslate, useViewStyles } from '../kit'
import { connectingSocialCss } from './ConnectingSocial.css'
import { SocialGlyph, socialNames } from './glyphs'
import { socialClicked } from './start'

/** What the view shows of the login (read here, not through the plugin's modules: docs/chunks.md). */
export function selectSocialLogin(state: State): EmbeddedLogin {
  return (state as Partial<State>).embedded?.login ?? { status: 'idle' }
}

/**
 * ConnectingSocial, Latch's own view (docs/behaviour.md, "Views"; docs/embedded-wallet.md, "Social logins"): the
 * provider's glyph and name, and where the login stands — the frame asked for the provider's page; 'Continue in the
 * popup window'; the window closed (the login still waits: a login whose window lost its opener completes); the popup
 * blocked; an error. Try again starts over, its click opening a new popup at once. Logged in, the modal closes.
 */
export default function ConnectingSocial() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const login = useLatch(selectSocialLogin, shallowEqual)
  const styles = useViewStyles(connectingSocialCss)
  const provider = login.provider && login.provider !== 'farcaster' ? login.provider : undefined
  const name = provider ? socialNames[provider] : ''
  const status = login.status
  const retry = provider ? (
    <div className="social-actions">
      <button type="button" className="button primary wide" onClick={() => socialClicked(latch, provider)}>
        {t('social.tryAgain')}
      </button>
    </div>
  ) : null
  return (
    <section className="social-view" ref={styles} data-status={status} aria-busy={status === 'opening' || undefined}>
      {provider ? (
        <span className="social-mark" aria-hidden="true">
          <SocialGlyph provider={provider} />
        </span>
      ) : null}
      {status === 'error' && login.error ? (
        <>
          <p className="social-error error-text" role="alert">
            {t.error(login.error)}
          </p>
          {retry}
        </>
      ) : status === 'blocked' ? (
        <>
          <p className="social-error error-text" role="alert">
            {t('social.blocked')}
          </p>
          {retry}
        </>
      ) : status === 'windowClosed' ? (
        <>
          <p className="social-text" role="status">
            {t('social.windowClosed')}
          </p>
          {retry}
        </>
      ) : status === 'waiting' ? (
        <>
          <p className="social-title" role="status">
            {t('social.waiting')}
          </p>
          <p className="social-text">{t('social.waitingHint', { provider: name })}</p>
          <span className="spinner spin social-spinner" aria-hidden="true" />
        </>
      ) : (
        <p className="social-status" role="status">
          <span className="spinner spin social-spinner" aria-hidden="true" />
          {t('social.opening', { provider: name })}
        </p>
      )}
    </section>
  )
}
