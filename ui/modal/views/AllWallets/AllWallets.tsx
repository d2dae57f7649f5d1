import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { constants, type Connector, type Latch, type State } from '../../../../kernel/index'
import type { WalletListState } from '../../../../plugins/api/index'
import { WalletGrid } from './WalletGrid'
import { useLatchInstance, useLatch, isMobile, SearchIcon, selectWallet, connectorIsListing, connectorRow, listingRow, visibleConnectors, useLatchTranslate, searchWallets } from '../kit'

const selectWalletList = (state: State): WalletListState | undefined => state.walletList

const sameConnectors = (a: readonly Connector[], b: readonly Connector[]) =>
  a.length === b.length && a.every((c, i) => c.id === b[i]?.id && c.name === b[i]?.name && c.imageUrl === b[i]?.imageUrl)

/** Asks the api plugin for the next page of 40 (docs/behaviour.md, "All Wallets") when more are known to exist. */
function requestNextPage(latch: Latch) {
  const list = latch.getState().walletList
  if (!list || list.status === 'loading') return
  if (list.page > 0 && list.listings.length >= list.count) return
  latch.dispatch({ type: 'walletList/pageRequested', payload: { page: list.page + 1 } })
}

/**
 * docs/behaviour.md, "All Wallets" AllWallets: search (every keystroke is a `walletList/searchRequested`; the plugin trims and waits
 * 300 ms), installed wallets first, pages loaded on scroll into a virtualised grid, the number found announced once a search
 * settles. Without the api plugin: the discovered wallets only.
 */
export default function AllWallets() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const mobile = useMemo(isMobile, [])
  const list = useLatch(selectWalletList)
  const selectConnectors = useCallback((state: State) => visibleConnectors(state, mobile).filter((c) => c.type !== 'WALLET_CONNECT'), [mobile])
  const connectors = useLatch(selectConnectors, sameConnectors)
  const [query, setQuery] = useState('')
  const trimmed = query.trim()

  useEffect(() => {
    const current = latch.getState().walletList
    if (!current) return
    if (current.search.query !== '') latch.dispatch({ type: 'walletList/searchRequested', payload: { query: '' } })
    if (current.page === 0) requestNextPage(latch)
  }, [latch])

  const searching = trimmed !== ''
  const search = list?.search
  const searchPending = searching && !!search && (search.status === 'loading' || search.query !== query)
  const listings = list ? (searching ? (searchPending ? [] : search?.results ?? []) : list.listings) : []
  const installedRows = (searching ? connectors.filter((c) => searchWallets([{ id: c.id, name: c.name }], trimmed).length > 0) : connectors).map(
    (c) => connectorRow(c, 'injected'),
  )
  const listingRows = listings
    .filter((l) => !connectors.some((c) => connectorIsListing(c, l)))
    .map((l) => listingRow(l, 'recommended', connectors))
    .sort((a, b) => Number(b.tag === 'installed') - Number(a.tag === 'installed'))
  const rows = [...installedRows, ...listingRows]

  const initialLoading = !!list && !searching && list.listings.length === 0 && (list.status === 'loading' || list.status === 'idle')
  const failed = !!list && (searching ? search?.status === 'failed' && search.query === query : list.status === 'failed')
  const loading = initialLoading || searchPending
  const hasMore = !!list && !searching && list.page > 0 && list.listings.length < list.count && list.status !== 'failed'
  // Said once the search has settled (a failure has its own alert); '' clears it when the field is emptied.
  const found = !searching ? '' : loading || failed ? undefined : t('allWallets.found', { count: rows.length })

  return (
    <div className="all-wallets">
      <label className="search">
        <SearchIcon size={18} />
        <input
          type="search"
          placeholder={t('allWallets.searchPlaceholder')}
          aria-label={t('allWallets.searchLabel')}
          autoComplete="off"
          spellCheck={false}
          maxLength={constants.walletSearchQueryMax}
          value={query}
          data-autofocus={mobile ? undefined : true}
          onChange={(event) => {
            setQuery(event.target.value)
            if (latch.getState().walletList) latch.dispatch({ type: 'walletList/searchRequested', payload: { query: event.target.value } })
          }}
        />
      </label>
      {rows.length > 0 ? (
        <WalletGrid rows={rows} label={searching ? t('allWallets.matching', { query: trimmed }) : t('allWallets.list')} busy={loading} onSelect={(row) => selectWallet(latch, row)} />
      ) : null}
      {loading ? <SkeletonGrid count={rows.length > 0 ? 4 : 12} /> : null}
      {!loading && failed ? (
        <div className="empty" role="alert">
          <p className="headline">{searching ? t('allWallets.searchFailed') : t('allWallets.loadFailed')}</p>
          <button
            type="button"
            className="button secondary"
            onClick={() =>
              searching
                ? latch.dispatch({ type: 'walletList/searchRequested', payload: { query } })
                : latch.dispatch({ type: 'walletList/pageRequested', payload: { page: (list?.page ?? 0) + 1 } })
            }
          >
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {!loading && !failed && rows.length === 0 ? (
        <div className="empty">
          <p className="headline">{t('allWallets.noneFound')}</p>
          <p className="subtle">{searching ? t('allWallets.tryAnotherName') : t('allWallets.noneInstalled')}</p>
        </div>
      ) : null}
      {hasMore ? <NextPage latch={latch} page={list.page} loading={list.status === 'loading'} /> : null}
      <SearchStatus message={found} />
    </div>
  )
}

/** How long a settled result must stand before it is said: typing on announces nothing in between. */
const announceDelay = 500

/**
 * A polite live region with how many wallets match (docs/react.md, "Accessibility"). It is always in the DOM (a region
 * inserted with its text is not reliably read), keeps its text while a search runs, and takes a new one once the
 * result has stood for `announceDelay` ms. `undefined`: nothing settled yet.
 */
function SearchStatus({ message }: { message: string | undefined }) {
  const [said, setSaid] = useState('')
  useEffect(() => {
    if (message === undefined) return
    const timer = setTimeout(() => setSaid(message), announceDelay)
    return () => clearTimeout(timer)
  }, [message])
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {said}
    </div>
  )
}

function SkeletonGrid({ count }: { count: number }) {
  return (
    <ul className="grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="tile skeleton-tile">
          <span className="skeleton" />
          <span className="skeleton line" />
        </li>
      ))}
    </ul>
  )
}

/**
 * The sentinel under the grid: the next page is asked for when it scrolls into view. The observer is made
 * anew for every page, so a sentinel that stays visible after a short page asks again.
 */
function NextPage({ latch, page, loading }: { latch: Latch; page: number; loading: boolean }) {
  const t = useLatchTranslate()
  const ref = useRef<HTMLDivElement>(null)
  const observable = typeof IntersectionObserver === 'function'
  useEffect(() => {
    const element = ref.current
    if (!element || !observable || loading) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && requestNextPage(latch), {
      root: element.closest('.body'),
      rootMargin: '0px 0px 240px 0px',
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [latch, page, loading, observable])
  return (
    <div ref={ref} className="next-page" data-page={page}>
      {loading ? (
        <span className="spinner spin" role="progressbar" aria-label={t('allWallets.loadingMore')} />
      ) : observable ? null : (
        <button type="button" className="button secondary" onClick={() => requestNextPage(latch)}>
          {t('allWallets.loadMore')}
        </button>
      )}
    </div>
  )
}
