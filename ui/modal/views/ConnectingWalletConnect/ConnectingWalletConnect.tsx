import { selectView, type State } from '../../../../kernel/index'
import { useLatch } from '../../../hooks/useLatch'
import { isMobile } from '../../../utils/platform'
import { ExternalIcon } from '../../icons'
import { WalletImage } from '../../WalletIcon/WalletIcon'
import { useT } from '../../../i18n/translate'

const selectPayload = (state: State) => selectView(state).payload

/**
 * docs/behaviour.md, "Views" ConnectingWalletConnect, built-in fallback: the chosen wallet is not installed here. A wallet-connect
 * plugin replaces this view with its pairing view (a `kind: 'view'` add-on); meanwhile the wallet's own links show.
 */
export default function ConnectingWalletConnect() {
  const t = useT()
  const payload = useLatch(selectPayload)
  const listing = useLatch((state: State) => state.walletList?.listings.find((l) => l.id === payload?.walletId))
  const name = typeof payload?.name === 'string' ? payload.name : t('notInstalled.someWallet')
  const imageUrl = typeof payload?.imageUrl === 'string' ? payload.imageUrl : undefined
  const link = (isMobile() ? listing?.mobile_link : listing?.desktop_link) ?? listing?.webapp_link ?? undefined
  return (
    <div className="status-view">
      <div className="loader">
        <WalletImage src={imageUrl} size={64} />
      </div>
      <p className="headline">{t('notInstalled.title', { name })}</p>
      <p className="subtle">{t('notInstalled.body', { name })}</p>
      {link ? (
        <a className="button secondary" href={link} target="_blank" rel="noopener noreferrer" data-autofocus>
          {t('notInstalled.open', { name })} <ExternalIcon size={16} />
        </a>
      ) : null}
    </div>
  )
}
