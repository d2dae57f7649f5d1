import { useMemo, useState } from 'react'
import { toastRequested, type Latch } from '../../../../kernel/index'
import { watchFarcasterUrl } from '../../../../plugins/embedded/ui'
import { encodeQr, qrPath, type QrPath } from '../../../qr/index'
import { shallowEqual, useHeld, useLatch, useLatchInstance, useLatchTranslate, useViewStyles } from '../kit'
import { connectingSocialCss } from './ConnectingSocial.css'
import { SocialGlyph } from './glyphs'
import { selectSocialLogin } from './ConnectingSocial'
import { socialClicked } from './start'

/** The Farcaster sign-in URL from the plugin's live events while the view is mounted: never in the state or the log. */
function useFarcasterUrl(latch: Latch): string | undefined {
  const [url, setUrl] = useState<string | undefined>(undefined)
  useHeld(() => {
    const subscription = watchFarcasterUrl(latch).subscribe(setUrl)
    return () => subscription.unsubscribe()
  }, [latch])
  return url
}

/** The URL's QR code (level M; a URL too long for it at level L, rather than none). */
function drawUrl(url: string): QrPath | undefined {
  try {
    return qrPath(encodeQr(url, { ecLevel: 'M' }))
  } catch {
    try {
      return qrPath(encodeQr(url, { ecLevel: 'L' }))
    } catch {
      return undefined
    }
  }
}

/** Copies the sign-in link, for a Farcaster app on this device, and says so with a toast (docs/behaviour.md, "Toasts"). */
async function copyLink(latch: Latch, url: string) {
  try {
    await navigator.clipboard.writeText(url)
    latch.dispatch(toastRequested({ toast: { message: 'Link copied', messageId: 'wc.copied', variant: 'success' } }))
  } catch {
    latch.dispatch(toastRequested({ toast: { message: 'Could not copy the link', messageId: 'wc.copyFailed', variant: 'error' } }))
  }
}

/**
 * ConnectingFarcaster (docs/behaviour.md, "Views"; docs/embedded-wallet.md, "Farcaster"): the sign-in URL as a QR code
 * (Latch's encoder, black on white), a copy-link button and an open link for a Farcaster app on this device, 'Waiting for
 * you to sign in…' until the frame answers; an error with Try again. Leaving the view without an account resets the
 * login (the plugin aborts its requests). Logged in, the modal closes.
 */
export default function ConnectingFarcaster() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const login = useLatch(selectSocialLogin, shallowEqual)
  const styles = useViewStyles(connectingSocialCss)
  const url = useFarcasterUrl(latch)
  const code = useMemo(() => (url ? drawUrl(url) : undefined), [url])
  const failed = login.provider === 'farcaster' && login.status === 'error' && login.error
  if (failed) {
    return (
      <section className="social-view" ref={styles} data-status="error">
        <span className="social-mark" aria-hidden="true">
          <SocialGlyph provider="farcaster" />
        </span>
        <p className="social-error error-text" role="alert">
          {t.error(login.error!)}
        </p>
        <div className="social-actions">
          <button type="button" className="button primary wide" onClick={() => socialClicked(latch, 'farcaster')}>
            {t('social.tryAgain')}
          </button>
        </div>
      </section>
    )
  }
  return (
    <section className="social-view" ref={styles} data-status={code ? 'waiting' : 'opening'} aria-busy={!code || undefined}>
      <p className="social-text">{t('farcaster.scan')}</p>
      {code ? (
        <div className="fc-qr" role="img" aria-label={t('farcaster.qrLabel')}>
          <svg viewBox={`0 0 ${code.size} ${code.size}`} aria-hidden="true" focusable="false">
            <rect width={code.size} height={code.size} fill="#fff" />
            <path d={code.d} fill="#000" />
          </svg>
        </div>
      ) : (
        <div className="fc-qr" data-state="waiting">
          <span className="spinner spin" role="progressbar" aria-label={t('farcaster.loading')} />
        </div>
      )}
      <p className="social-status" role="status">
        {code ? (
          <>
            <span className="spinner spin social-spinner" aria-hidden="true" />
            {t('farcaster.waiting')}
          </>
        ) : null}
      </p>
      {url ? (
        <div className="social-actions">
          <button type="button" className="button secondary" onClick={() => void copyLink(latch, url)}>
            {t('farcaster.copy')}
          </button>
          <a className="button secondary" href={url} target="_blank" rel="noopener noreferrer">
            {t('farcaster.open')}
          </a>
        </div>
      ) : null}
    </section>
  )
}
