import { Fragment, useCallback, useEffect, useMemo, type ReactNode } from 'react'
import { routerPushed, type Latch, type State } from '../../../../kernel/index'
import { isImageAllowed } from '../../../../kernel/rules/images'
import { connectMethodOrder, type ConnectMethodAddon } from '../../../addons'
import { useLatchContext } from '../../../context'
import { useLatch } from '../../../hooks/useLatch'
import { isMobile } from '../../../utils/platform'
import { prefetchWalletList } from '../../../wallet-list'
import { startConnect } from '../../connect-attempt'
import { GridIcon } from '../../icons'
import { lazyComponent, lazyEntry } from '../../lazy'
import { ListRow, WalletRowButton } from '../../WalletRow/WalletRow'
import { familyNames } from '../../families'
import { rowsEqual, selectWalletRows, type WalletRow } from './walletRows'
import { useLatchTranslate } from '../../../i18n/translate'
import { formatNumber } from '../../../i18n/format'

/** Connect shows the e-mail field when the embedded wallet lists its AUTH connector (docs/embedded-wallet.md, "The plugin"). */
const selectHasEmailLogin = (state: State): boolean => state.connectors.list.some((connector) => connector.type === 'AUTH')
/** The e-mail field: its own chunk, loaded when Connect first shows it. */
const loadEmailField = () => import('../EmailLogin/EmailField')
/** Loads the e-mail field ahead of its first render (tests render it inside a synchronous act). */
export const preloadEmailField = () => lazyEntry(loadEmailField).preload()
/** The embedded wallet offers social logins (`embeddedWallet({ socials })`, docs/embedded-wallet.md, "Social logins"). */
const selectHasSocials = (state: State): boolean => selectHasEmailLogin(state) && ((state as Partial<State>).embedded?.socials.length ?? 0) > 0
/** The social buttons, with their glyphs: their own chunk, loaded when Connect first shows them. */
const loadSocialButtons = () => import('../ConnectingSocial/SocialButtons')
/** Loads the social buttons ahead of their first render (tests render them inside a synchronous act). */
export const preloadSocialButtons = () => lazyEntry(loadSocialButtons).preload()

/**
 * docs/react.md, "Add-ons" Connect: the connect methods in order (wallet, e-mail, social); the last two come from add-ons,
 * the e-mail one from the embedded wallet when it is registered and no add-on fills it.
 */
export default function Connect() {
  const { addons } = useLatchContext()
  const t = useLatchTranslate()
  const hasEmailLogin = useLatch(selectHasEmailLogin)
  const hasSocials = useLatch(selectHasSocials)
  const EmailSlot = lazyComponent(loadEmailField)
  const SocialSlot = lazyComponent(loadSocialButtons)
  const sections = connectMethodOrder.flatMap((method): { key: string; node: ReactNode }[] => {
    if (method === 'wallet') return [{ key: method, node: <WalletList /> }]
    const addon = addons.find((a): a is ConnectMethodAddon => a.kind === 'connectMethod' && a.method === method)
    // The embedded wallet's e-mail login fills the e-mail slot, and its social logins the social one, unless an add-on
    // does (docs/embedded-wallet.md, "The plugin").
    if (!addon) {
      if (method === 'email' && hasEmailLogin) return [{ key: method, node: <EmailSlot /> }]
      if (method === 'social' && hasSocials) return [{ key: method, node: <SocialSlot /> }]
      return []
    }
    const Slot = lazyComponent(addon.load)
    return [{ key: method, node: <Slot /> }]
  })
  return (
    <div className="connect">
      {sections.map((section, i) => (
        <Fragment key={section.key}>
          {i > 0 ? <div className="section-divider">{t('connect.or')}</div> : null}
          <section aria-label={section.key === 'wallet' ? t('connect.wallets') : section.key === 'email' ? t('email.label') : section.key === 'social' ? t('social.label') : section.key}>{section.node}</section>
        </Fragment>
      ))}
    </div>
  )
}

const selectListingCount = (state: State) => state.walletList?.count ?? 0
// docs/behaviour.md, "Images": only images the modal may load (the page's origin is checked where it is known, in the view).
const selectPreviewIcons = (state: State) =>
  (state.walletList?.listings ?? [])
    .slice(0, 4)
    .map((l) => (l.image_url && isImageAllowed(l.image_url, state.options.imageOrigins, typeof location === 'undefined' ? undefined : location.origin) ? l.image_url : ''))
    .join('\n')

/** The wallet section: groups as rows (docs/behaviour.md, "Wallet list"), then 'All Wallets'. */
function WalletList() {
  const { latch, connectorOrder } = useLatchContext()
  const t = useLatchTranslate()
  const mobile = useMemo(isMobile, [])
  const selector = useCallback((state: State) => selectWalletRows(state, { isMobile: mobile, order: connectorOrder }), [mobile, connectorOrder])
  const rows = useLatch(selector, rowsEqual)
  const count = useLatch(selectListingCount)
  const previews = useLatch(selectPreviewIcons).split('\n')
  const rounded = count >= 10 ? Math.floor(count / 10) * 10 : count
  useEffect(() => prefetchWalletList(latch), [latch])
  return (
    <ul className="list">
      {rows.map((row) => (
        <li key={row.key}>
          <WalletRowButton name={row.name} imageUrl={row.imageUrl} tag={row.tag} families={row.families?.map((ns) => familyNames[ns]).join(' · ')} onClick={() => selectWallet(latch, row)} />
        </li>
      ))}
      <li>
        <ListRow
          icon={
            previews.some(Boolean) ? (
              <span className="row-icon all" aria-hidden="true">
                {previews.map((src, i) => (
                  <span key={i}>{src ? <img src={src} alt="" /> : null}</span>
                ))}
              </span>
            ) : (
              <span className="row-icon" aria-hidden="true">
                <GridIcon />
              </span>
            )
          }
          name={t('connect.allWallets')}
          tag={count >= 10 ? t('connect.allWalletsMore', { count: rounded }) : count > 0 ? formatNumber(count, t.locale) : undefined}
          aria-label={
            count >= 10
              ? t('connect.allWalletsLabelMore', { count: rounded })
              : count > 0
                ? t('connect.allWalletsLabelCount', { count })
                : t('connect.allWalletsLabel')
          }
          tone="neutral"
          onClick={() => latch.dispatch(routerPushed({ view: { name: 'AllWallets' } }))}
        />
      </li>
      {rows.length === 0 ? (
        <li className="hint">{t('connect.noBrowserWallet')}</li>
      ) : null}
    </ul>
  )
}

/**
 * A row was chosen: the wallet-connect entry shows the pairing QR code, an installed wallet connects through its connector,
 * and a wallet that is not installed shows how to reach it (docs/behaviour.md, "Wallet list").
 */
export function selectWallet(latch: Latch, row: Pick<WalletRow, 'connector' | 'listing' | 'name' | 'imageUrl'>) {
  if (row.connector?.type === 'WALLET_CONNECT') {
    latch.dispatch(routerPushed({ view: { name: 'ConnectingWalletConnectBasic', payload: { name: row.name } } }))
    return
  }
  if (row.connector) {
    void startConnect(latch, row.connector, row.listing)
    return
  }
  const listing = row.listing
  if (!listing) return
  latch.dispatch(
    routerPushed({
      view: { name: 'ConnectingWalletConnect', payload: { walletId: listing.id, name: listing.name, imageUrl: row.imageUrl ?? null } },
    }),
  )
}
