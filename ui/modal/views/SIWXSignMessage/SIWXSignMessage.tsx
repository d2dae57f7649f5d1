import { useId, useState, type ReactNode } from 'react'
import { errorText, selectAddress, visitorMessages, type LatchErrorData, type State } from '../../../../kernel/index'
import type { SiwxState } from '../../../../plugins/siwx/ui'
import { siwxCss } from './SIWXSignMessage.css'
import { siwxSignInCancelled, siwxSignInRequested, useViewStyles, AccountIdentity, shallowEqual, useLatch, useLatchInstance, useLatchTranslate } from '../kit'

/**
 * The siwx slice, or undefined without the plugin. Read here rather than through plugins/siwx/state.ts's `selectSiwx`: the
 * modal chunk imports that module (selectCanClose), and a module both it and this lazy view reached would be cut into a
 * small chunk of its own in the modal's first load (docs/react.md, "The modal's lazy chunk").
 */
const sliceOf = (state: State): SiwxState | undefined => (state as Partial<State>).siwx

/** An image the page may show without asking a third-party host: a `data:image/` URI or a URL of the page's own origin. */
export function ownImage(src: string | undefined): string | undefined {
  if (!src) return undefined
  if (/^data:image\//i.test(src)) return src
  const page = globalThis.location
  if (!page) return undefined
  try {
    const url = new URL(src, page.href)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === page.origin ? url.href : undefined
  } catch {
    return undefined
  }
}

/** What the view shows: the sign-in's status, the account asked to sign in, its wallet, and the dapp. */
export function selectSignInView(state: State) {
  const siwx = sliceOf(state)
  const ns = siwx?.pending?.ns ?? state.activeNamespace
  const chain = ns ? state.chains[ns] : undefined
  const connector = chain?.connectorId === undefined ? undefined : state.connectors.list.find((c) => c.id === chain.connectorId)
  const info = chain?.account.connectedWalletInfo
  const metadata = state.options.metadata
  return {
    ns,
    status: siwx?.status ?? 'idle',
    error: siwx?.status === 'failed' ? siwx.error : undefined,
    address: siwx?.pending?.address ?? (ns ? selectAddress(state, ns) : undefined),
    walletIcon: connector?.imageUrl ?? ownImage(info?.icon),
    appName: metadata?.name.trim() || undefined,
    appIcon: metadata?.icons.map(ownImage).find((icon) => icon !== undefined),
  }
}

/** The error's visitor text id: its own when it names one, else its code's when the catalogue has a text for it. */
function byCode(error: LatchErrorData): LatchErrorData {
  if (error.messageId !== undefined || errorText(error.code) === undefined) return error
  return { ...error, messageId: error.code as LatchErrorData['messageId'] }
}

/**
 * docs/siwx.md, "The view": the dapp asks the connected account to sign in. Sign asks the wallet ('Authenticating...' while
 * it is asked; Cancel stays); a failure shows why and Sign reads 'Try again'. The siwx plugin moves on from here (and raises
 * the toasts); the view only dispatches the visitor's choice.
 */
export default function SIWXSignMessage() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const view = useLatch(selectSignInView, shallowEqual)
  const styles = useViewStyles(siwxCss)
  const headingId = useId()
  const signing = view.status === 'signing'
  const failed = view.status === 'failed'
  return (
    <section className="siwx" aria-labelledby={headingId} ref={styles}>
      <div className="siwx-pair" aria-hidden="true">
        <AppTile name={view.appName} icon={view.appIcon} locale={t.locale} />
        <WalletTile src={view.walletIcon} />
      </div>
      <h3 id={headingId}>{view.appName ? withName(t('siwx.title', { name: mark }), view.appName) : t('siwx.titleNoName')}</h3>
      <p className="subtle">{t('siwx.body')}</p>
      {view.address ? (
        <div className="siwx-account">
          {/* The account as the header and Account show it: its name and avatar when it has them (docs/siwx.md, "The view"). */}
          <AccountIdentity ns={view.ns} address={view.address} size={22} />
        </div>
      ) : null}
      {failed ? (
        <p className="siwx-error error-text" role="alert">
          {t.error(view.error ? byCode(view.error) : { messageId: 'GENERIC', shortMessage: visitorMessages.GENERIC })}
        </p>
      ) : null}
      <div className="siwx-actions">
        <button type="button" className="button secondary" onClick={() => latch.dispatch(siwxSignInCancelled({}))}>
          {t('common.cancel')}
        </button>
        {/* aria-disabled, not disabled, while the wallet is asked: focus stays on the button through its three states. */}
        <button
          type="button"
          className="button primary"
          data-autofocus
          aria-disabled={signing || undefined}
          aria-busy={signing || undefined}
          onClick={() => {
            if (!signing) latch.dispatch(siwxSignInRequested({}))
          }}
        >
          {signing ? <span className="spinner spin siwx-spinner" aria-hidden="true" /> : null}
          {signing ? t('siwx.signing') : failed ? t('siwx.tryAgain') : t('siwx.sign')}
        </button>
      </div>
    </section>
  )
}

/** Stands for the dapp's name while its sentence is translated (a private-use character no catalogue writes). */
const mark = '\uE000'

/**
 * The translated sentence with the dapp's name in a <bdi>: a name is data, and keeps its own direction inside the sentence
 * (docs/i18n.md, "Right to left"). A wording without the name (an integrator's) is shown as written.
 */
function withName(text: string, name: string): ReactNode {
  const at = text.indexOf(mark)
  if (at < 0) return text
  return (
    <>
      {text.slice(0, at)}
      <bdi>{name}</bdi>
      {text.slice(at + mark.length).replaceAll(mark, name)}
    </>
  )
}

/** The dapp's icon when the page may show it, else its name's first letter (an app glyph without a name). */
function AppTile({ name, icon, locale }: { name?: string; icon?: string; locale: string }) {
  const [failed, setFailed] = useState<string>()
  if (icon && failed !== icon) {
    return (
      <span className="siwx-tile siwx-app has-image">
        <img src={icon} alt="" width={64} height={64} draggable={false} onError={() => setFailed(icon)} />
      </span>
    )
  }
  return <span className="siwx-tile siwx-app">{name ? initialOf(name, locale) : <AppGlyph />}</span>
}

/** The first character a reader sees (a whole emoji or accented letter), in capitals. */
function initialOf(name: string, locale: string): string {
  const Segmenter = (Intl as { Segmenter?: typeof Intl.Segmenter }).Segmenter
  const first = Segmenter ? new Segmenter(locale, { granularity: 'grapheme' }).segment(name)[Symbol.iterator]().next().value?.segment : Array.from(name)[0]
  return (first ?? '').toLocaleUpperCase(locale)
}

/** The connected wallet's tile: its image, else the neutral wallet mark. */
function WalletTile({ src }: { src?: string }) {
  const [failed, setFailed] = useState<string>()
  const usable = src && failed !== src
  return (
    <span className={`siwx-tile siwx-wallet${usable ? '' : ' placeholder'}`}>
      {usable ? <img src={src} alt="" width={64} height={64} draggable={false} onError={() => setFailed(src)} /> : <WalletGlyph />}
    </span>
  )
}

// The view's own two glyphs, drawn as the modal's are (ui/modal/icons.tsx): importing those from this lazily loaded view would
// cut them out of the chunk the other views share into a file of their own (docs/react.md, "The modal's lazy chunk").
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const

function WalletGlyph() {
  return (
    <svg width={32} height={32} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M15.5 6.5V5a1.5 1.5 0 0 0-1.5-1.5H5A2 2 0 0 0 3 5.5v9A2 2 0 0 0 5 16.5h10a1.5 1.5 0 0 0 1.5-1.5V8A1.5 1.5 0 0 0 15 6.5H4.5" {...stroke} />
      <circle cx="13.2" cy="11.5" r="1.1" fill="currentColor" />
    </svg>
  )
}

function AppGlyph() {
  return (
    <svg width={30} height={30} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <rect x="3" y="4" width="14" height="12" rx="2.2" {...stroke} />
      <path d="M3 7.5h14" {...stroke} />
      <circle cx="5.4" cy="5.8" r=".5" fill="currentColor" />
      <circle cx="7.2" cy="5.8" r=".5" fill="currentColor" />
    </svg>
  )
}
