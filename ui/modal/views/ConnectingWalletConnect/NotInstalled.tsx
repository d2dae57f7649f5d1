import { selectView, type State } from '../../../../kernel/index'
import { isWalletLink } from '../../../../kernel/rules/wallet-links'
import { ExternalGlyph, WalletTile } from './glyphs'
import { findListing } from './wallet-link'
import { isMobile, isolated, useLatch, useLatchTranslate } from '../kit'

const selectPayload = (state: State) => selectView(state).payload

/**
 * docs/behaviour.md, "Views" ConnectingWalletConnect without the walletconnect plugin: the chosen wallet is not installed
 * here; its own link to open or install it shows when the listing has one.
 */
export function NotInstalled() {
  const t = useLatchTranslate()
  const payload = useLatch(selectPayload)
  const listing = useLatch((state: State) => findListing(state, payload?.walletId))
  const name = typeof payload?.name === 'string' ? payload.name : t('notInstalled.someWallet')
  const imageUrl = typeof payload?.imageUrl === 'string' ? payload.imageUrl : undefined
  // Only a link the modal may render (docs/behaviour.md, "Wallet links"), checked again here whatever the listing went through.
  const app = isMobile() ? listing?.mobile_link : listing?.desktop_link
  const web = listing?.webapp_link
  const link = isWalletLink(app, 'app') ? app : isWalletLink(web, 'web') ? web : undefined
  return (
    <div className="status-view">
      <div className="loader">
        <WalletTile src={imageUrl} size={64} />
      </div>
      <p className="headline">{isolated(t, 'notInstalled.title', { name }, 'name')}</p>
      <p className="subtle">{isolated(t, 'notInstalled.body', { name }, 'name')}</p>
      {link ? (
        <a className="button secondary" href={link} target="_blank" rel="noopener noreferrer" data-autofocus>
          {isolated(t, 'notInstalled.open', { name }, 'name')} <ExternalGlyph />
        </a>
      ) : null}
    </div>
  )
}
