import { useMemo, useState } from 'react'
import { connectionDeepLinkChosen, selectConnectAttempt, type ConnectAttempt, type Latch, type LatchErrorData, type WalletListing } from '../../../../kernel/index'
import { copyPairingLink } from './copy-link'
import { CopyGlyph, ErrorGlyph, ExternalGlyph, WalletLogo } from './glyphs'
import { startPairing } from './pairing-attempt'
import { PairingQr } from './PairingQr'
import { useFocusWhenLost } from './useFocusWhenLost'
import { usePairing, type SeenPairing } from './usePairing'
import { openLinkFor, platformOf, type OpenLink } from './wallet-link'
import type { Platform } from '../../../../plugins/walletconnect/ui'
import { isolated, useHeld, useLatch, useLatchInstance, useLatchTranslate } from '../kit'

/** A URI of the usual shape, to learn which kind of link a listing gives before the real one arrives. */
const sampleUri = 'wc:0000000000000000000000000000000000000000000000000000000000000000@2?relay-protocol=irn&symKey=0'

type Props = { listing?: WalletListing; name: string; imageUrl?: string }

/**
 * docs/behaviour.md, "Views" ConnectingWalletConnect with the walletconnect plugin: starts a pairing when shown (leaving
 * the view cancels it), draws its URI as a QR code, offers Copy link and, for a wallet with a link here, a button that opens it
 * (first on a phone, the QR code then being for another device). On failure, the error and Retry.
 */
export function PairingView({ listing, name, imageUrl }: Props) {
  const latch = useLatchInstance()
  const platform = useMemo(platformOf, [])
  // An attempt left from an earlier visit is not this view's: until its own starts, the view waits. A kernel that takes
  // no event (a replayed log, docs/debugging.md) starts none: the view then draws the attempt the log left.
  const [since, setSince] = useState(() => selectConnectAttempt(latch.getState())?.id ?? 0)
  const seen = usePairing(latch)
  const latest = useLatch(selectConnectAttempt)
  const attempt = latest?.via === 'walletconnect' && latest.id > since ? latest : undefined
  // One pairing per showing of the view, however often React mounts it (StrictMode, docs/react.md): leaving the view, or
  // another wallet shown in its place, cancels it (startPairing watches the router); an unmount alone does not.
  useHeld(() => {
    if (!startPairing(latch, listing)) setSince(-1)
    return () => undefined
  }, [latch, listing])

  if (attempt?.status === 'failed') return <PairingFailed error={attempt.error} imageUrl={imageUrl} retry={() => void startPairing(latch, listing)} />
  return <Pairing latch={latch} attempt={attempt} seen={seen} listing={listing} name={name} imageUrl={imageUrl} platform={platform} />
}

/** The code, its hint and the actions, while the pairing is pending. */
function Pairing({ latch, attempt, seen, listing, name, imageUrl, platform }: Props & { latch: Latch; attempt?: ConnectAttempt; seen: SeenPairing; platform: Platform }) {
  const t = useLatchTranslate()
  const focusRef = useFocusWhenLost<HTMLDivElement>()
  const uri = attempt?.status === 'connecting' && seen.attemptId === attempt.id ? seen.pairing?.uri : undefined
  const expected = listing ? openLinkFor(listing, platform, sampleUri) : undefined
  const link = listing && uri ? openLinkFor(listing, platform, uri) : undefined
  const phoneFirst = expected !== undefined && platform !== 'desktop'
  const open = expected ? <OpenWallet latch={latch} link={link} kind={expected.kind} name={name} primary={phoneFirst} /> : null
  return (
    <div className="wc-view" data-layout={phoneFirst ? 'phone' : 'qr'} data-pairing={attempt?.pairing} ref={focusRef}>
      {phoneFirst ? (
        <>
          <p className="headline">{isolated(t, 'connecting.continueIn', { name }, 'name')}</p>
          <p className="subtle">{t('connecting.accept')}</p>
          {open}
          <p className="wc-hint">{t('wc.scanOther')}</p>
        </>
      ) : null}
      <PairingQr uri={uri} imageUrl={imageUrl} />
      {phoneFirst ? null : <p className="wc-hint">{listing ? t('wc.scanPhone') : t('wc.scanWallet')}</p>}
      <div className="wc-actions">
        {phoneFirst ? null : open}
        <button type="button" className="button secondary" aria-disabled={uri ? undefined : true} onClick={() => uri && void copyPairingLink(latch, uri)}>
          <CopyGlyph />
          <span className="wc-label">{t('wc.copy')}</span>
        </button>
      </div>
    </div>
  )
}

/**
 * Opens the wallet with the pairing URI (docs/walletconnect.md, "Deep links"): a native link in this page, any other in a
 * new one, so the page keeps waiting for the wallet. Records the chosen link, without the URI. Until the URI is here it is
 * a dimmed link without a target, the same element, so focus stays on it when the URI comes.
 */
function OpenWallet({ latch, link, kind, name, primary }: { latch: Latch; link?: OpenLink; kind: OpenLink['kind']; name: string; primary: boolean }) {
  const t = useLatchTranslate()
  return (
    <a
      className={`button ${primary ? 'primary wide' : 'secondary'}`}
      href={link?.href}
      target={link && link.kind !== 'native' ? '_blank' : undefined}
      rel="noopener noreferrer"
      role={link ? undefined : 'link'}
      tabIndex={link ? undefined : 0}
      aria-disabled={link ? undefined : true}
      data-autofocus={primary || undefined}
      onClick={() => link && latch.dispatch(connectionDeepLinkChosen({ link: { href: link.appLink, name } }))}
    >
      <span className="wc-label">{kind === 'store' ? isolated(t, 'wc.install', { name }, 'name') : isolated(t, 'notInstalled.open', { name }, 'name')}</span>
      <ExternalGlyph />
    </a>
  )
}

/** The pairing failed: the error's visitor text, and Retry, which starts a fresh pairing. */
function PairingFailed({ error, imageUrl, retry }: { error?: LatchErrorData; imageUrl?: string; retry(): void }) {
  const t = useLatchTranslate()
  const focusRef = useFocusWhenLost<HTMLDivElement>()
  return (
    <div className="status-view wc-failed" ref={focusRef}>
      <div className="loader" data-state="failed">
        <span className="loader-badge" aria-hidden="true">
          <ErrorGlyph />
        </span>
        <span className="wallet-icon" style={{ width: 64, height: 64 }} aria-hidden="true">
          <WalletLogo src={imageUrl} />
        </span>
      </div>
      <p className="headline error-text" role="alert">
        {error ? t.error(error) : null}
      </p>
      <p className="subtle">{t('connecting.tryAgain')}</p>
      <button type="button" className="button primary" data-autofocus onClick={retry}>
        {t('common.retry')}
      </button>
    </div>
  )
}
