// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { modalOpened } from '../../../../kernel/index'
import { preloadAll, button, connector, dialog, discover, focused, listings, press, renderWithLatch, settle, setup, shadow, stubWalletList } from '../../../../scripts/testing/ui'

let cleanup: (() => Promise<void>) | undefined
beforeAll(preloadAll)
afterEach(async () => {
  vi.unstubAllGlobals()
  await cleanup?.()
  cleanup = undefined
})

/** An IntersectionObserver the test drives: `intersect()` reports every observed element as visible. */
function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; elements: Element[]; live: boolean }[] = []
  class FakeObserver {
    entry: (typeof observers)[number]
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: [], live: true }
      observers.push(this.entry)
    }
    observe(element: Element) {
      this.entry.elements.push(element)
    }
    disconnect() {
      this.entry.live = false
    }
    unobserve() {}
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  return {
    intersect: () =>
      act(() => {
        for (const o of observers.filter((x) => x.live)) {
          o.callback(o.elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry), {} as IntersectionObserver)
        }
      }),
  }
}

async function openAllWallets(api = true) {
  const t = setup({ plugins: api ? [stubWalletList()] : [] })
  cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
  discover(t.latch, [connector('metamask', 'MetaMask', { info: { rdns: 'io.metamask' } })])
  act(() => void t.latch.dispatch(modalOpened({ view: { name: 'AllWallets' } })))
  await settle()
  return t
}

const tiles = () => [...shadow().querySelectorAll('.grid:not([aria-hidden]) .tile')].map((t) => t.getAttribute('aria-label'))
const search = () => shadow().querySelector('input[type="search"]') as HTMLInputElement

function type(value: string) {
  const input = search()
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
    setter?.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

/** Puts 5,000 listings in state, 40 to a page as the api plugin would. */
function receiveMany(latch: Awaited<ReturnType<typeof openAllWallets>>['latch'], total = 5_000) {
  act(() => {
    for (let page = 1; page * 40 <= total; page++) {
      latch.dispatch({ type: 'walletList/pageReceived', payload: { page, listings: listings(40, (page - 1) * 40 + 1), count: total } })
    }
  })
}

/** jsdom has no layout: stands in for it, with the grid scrolled `rows` rows (of 98.8 px plus an 8 px gap) above the view. */
function scrollGrid(rows: number) {
  const body = shadow().querySelector('.body') as HTMLElement
  const grid = shadow().querySelector('.grid:not([aria-hidden])') as HTMLElement
  const rect = (top: number, height: number) => () => ({ top, height, bottom: top + height, left: 0, right: 320, width: 320, x: 0, y: top, toJSON() {} }) as DOMRect
  Object.defineProperty(body, 'clientHeight', { configurable: true, value: 500 })
  body.getBoundingClientRect = rect(0, 500)
  grid.getBoundingClientRect = rect(-rows * 106.8, 1_250 * 106.8)
  act(() => void body.dispatchEvent(new Event('scroll')))
}

describe('AllWallets', () => {
  it('asks for the first page on open, shows skeletons meanwhile, then installed wallets first', async () => {
    const { latch, ofType } = await openAllWallets()
    expect(ofType('walletList/pageRequested').map((e) => e.payload)).toEqual([{ page: 1 }])
    expect(shadow().querySelector('.grid[aria-hidden="true"] .skeleton')).not.toBeNull()
    expect(tiles()).toEqual(['MetaMask, installed'])
    act(() => {
      latch.dispatch({
        type: 'walletList/pageReceived',
        payload: { page: 1, listings: [...listings(3), { id: 'mm', name: 'MetaMask', rdns: 'io.metamask' }, { id: 'x', name: 'Xwallet', installed: true }], count: 90 },
      })
    })
    expect(tiles()).toEqual(['MetaMask, installed', 'Xwallet, installed', 'Wallet 1', 'Wallet 2', 'Wallet 3'])
    expect(shadow().querySelector('.grid[aria-hidden="true"]')).toBeNull()
  })

  it('dispatches walletList/searchRequested on every change and shows the results for the current query', async () => {
    const { latch, ofType } = await openAllWallets()
    type('r')
    type('ra ')
    expect(ofType('walletList/searchRequested').map((e) => e.payload)).toEqual([{ query: 'r' }, { query: 'ra ' }])
    expect(shadow().querySelector('.grid[aria-busy="true"], .grid[aria-hidden="true"]')).not.toBeNull()
    act(() => void latch.dispatch({ type: 'walletList/searchReceived', payload: { query: 'ra ', results: [{ id: 'rainbow', name: 'Rainbow' }] } }))
    expect(tiles()).toEqual(['Rainbow'])
    type('zzz')
    act(() => void latch.dispatch({ type: 'walletList/searchReceived', payload: { query: 'zzz', results: [] } }))
    expect(dialog()?.textContent).toContain('No wallet found')
    type('meta')
    act(() => void latch.dispatch({ type: 'walletList/searchReceived', payload: { query: 'meta', results: [] } }))
    expect(tiles()).toEqual(['MetaMask, installed'])
    expect(search().maxLength).toBe(120) // docs/limits.md: a longer query is not a valid event
  })

  it('announces how many wallets match in a polite status once the search settles, not on every keystroke', async () => {
    const { latch } = await openAllWallets()
    act(() => void latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 1, listings: listings(40), count: 90 } }))
    const status = () => shadow().querySelector('.all-wallets [role="status"]')
    expect(status()?.getAttribute('aria-live')).toBe('polite')
    expect(status()?.textContent).toBe('')
    vi.useFakeTimers()
    try {
      type('w')
      type('wa')
      act(() => void vi.advanceTimersByTime(2_000))
      expect(status()?.textContent).toBe('') // the search is still running: nothing to say yet
      const results = listings(12).map((l) => ({ ...l, name: `Wa ${l.name}` }))
      act(() => void latch.dispatch({ type: 'walletList/searchReceived', payload: { query: 'wa', results } }))
      expect(status()?.textContent).toBe('') // settled just now: announced after a pause
      act(() => void vi.advanceTimersByTime(1_000))
      expect(status()?.textContent).toBe('12 wallets found')
      type('wal')
      act(() => void latch.dispatch({ type: 'walletList/searchReceived', payload: { query: 'wal', results: results.slice(0, 1) } }))
      type('wall')
      act(() => void latch.dispatch({ type: 'walletList/searchReceived', payload: { query: 'wall', results: [] } }))
      act(() => void vi.advanceTimersByTime(1_000))
      expect(status()?.textContent).toBe('No wallet found') // 'wal' settled for an instant and was never said
      type('meta')
      act(() => void latch.dispatch({ type: 'walletList/searchReceived', payload: { query: 'meta', results: [] } }))
      act(() => void vi.advanceTimersByTime(1_000))
      expect(status()?.textContent).toBe('1 wallet found') // the installed MetaMask
    } finally {
      vi.useRealTimers()
    }
  })

  it('loads the next page of 40 when the sentinel scrolls into view', async () => {
    const io = stubIntersectionObserver()
    const { latch, ofType } = await openAllWallets()
    act(() => void latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 1, listings: listings(40), count: 90 } }))
    io.intersect()
    expect(ofType('walletList/pageRequested').map((e) => e.payload)).toEqual([{ page: 1 }, { page: 2 }])
    expect(shadow().querySelector('[aria-label="Loading more wallets"]')).not.toBeNull()
    io.intersect() // still loading: no duplicate request
    expect(ofType('walletList/pageRequested')).toHaveLength(2)
    act(() => void latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 2, listings: listings(40, 41), count: 90 } }))
    io.intersect()
    expect(ofType('walletList/pageRequested').at(-1)?.payload).toEqual({ page: 3 })
    act(() => void latch.dispatch({ type: 'walletList/pageReceived', payload: { page: 3, listings: listings(10, 81), count: 90 } }))
    expect(shadow().querySelector('.next-page')).toBeNull()
    expect(shadow().querySelector('.grid:not([aria-hidden]) > li')?.getAttribute('aria-setsize')).toBe('91') // the grid is virtualised
  })

  it('renders only the rows in view of 5,000 listings (virtualised), and the rows scrolled to', async () => {
    const { latch } = await openAllWallets()
    receiveMany(latch)
    const first = tiles()
    expect(first.length).toBeGreaterThan(8)
    expect(first.length).toBeLessThan(100)
    expect(first.slice(0, 3)).toEqual(['MetaMask, installed', 'Wallet 1', 'Wallet 2'])
    expect(shadow().querySelector('.grid:not([aria-hidden])')?.getAttribute('aria-label')).toBe('All wallets')
    expect(shadow().querySelector('.grid:not([aria-hidden]) > li')?.getAttribute('aria-setsize')).toBe('5001')

    scrollGrid(1_000) // the row of the 4,001st tile at the top
    const later = tiles()
    expect(later.length).toBeLessThan(100)
    expect(later).toContain('Wallet 4000')
    expect(later).not.toContain('Wallet 1')
    const items = [...shadow().querySelectorAll('.grid:not([aria-hidden]) > li')]
    expect(items.find((li) => li.textContent === 'Wallet 4000')?.getAttribute('aria-posinset')).toBe('4001')
  })

  it('Tab walks on through the virtualised grid, past the rows first rendered', async () => {
    const { latch } = await openAllWallets()
    receiveMany(latch)
    act(() => (shadow().querySelector('.grid:not([aria-hidden]) .tile') as HTMLElement).focus())
    expect(focused()?.getAttribute('aria-label')).toBe('MetaMask, installed')
    for (let i = 1; i <= 120; i++) {
      press('Tab')
      expect(focused()?.getAttribute('aria-label')).toBe(`Wallet ${i}`)
    }
    expect(tiles().length).toBeLessThan(100)
    press('Tab', { shiftKey: true })
    expect(focused()?.getAttribute('aria-label')).toBe('Wallet 119')
  })

  it('shows the failed state with a Retry that asks again', async () => {
    const { latch, ofType } = await openAllWallets()
    act(() => void latch.dispatch({ type: 'walletList/failed', payload: { error: { code: 'SERVER_ERROR', shortMessage: 'Server Error' } } }))
    expect(shadow().querySelector('.view [role="alert"]')?.textContent).toContain('Could not load wallets')
    act(() => button('Retry').click())
    expect(ofType('walletList/pageRequested').map((e) => e.payload)).toEqual([{ page: 1 }, { page: 1 }])
  })

  it('without the api plugin: the discovered wallets only, searched locally, no wallet-list intent', async () => {
    const { ofType } = await openAllWallets(false)
    expect(tiles()).toEqual(['MetaMask, installed'])
    type('xyz')
    expect(tiles()).toEqual([])
    expect(dialog()?.textContent).toContain('No wallet found')
    expect(ofType('kernel/eventRejected')).toEqual([])
    expect(ofType('walletList/searchRequested')).toEqual([])
  })
})
