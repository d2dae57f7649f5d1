import { describe, expect, it } from 'vitest'
import { createLatch, type WalletListing } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { api, selectWalletList, walletListSearchRequested as searchRequested } from './index'
import { imagesToPreload } from './preload'

/** A window whose images load only when the test says so: `loaded(url)` or `failed(url)`. */
function fakeWindow() {
  const images = new Map<string, { onload: (() => void) | null; onerror: (() => void) | null }>()
  class FakeImage {
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    set src(url: string) {
      images.set(url, this)
    }
  }
  return {
    window: { Image: FakeImage } as unknown as Window,
    requested: () => [...images.keys()],
    loaded: (url: string) => images.get(url)?.onload?.(),
    failed: (url: string) => images.get(url)?.onerror?.(),
  }
}

const listing = (i: number, image_url?: string): WalletListing => ({ id: `w${i}`, name: `Wallet ${i}`, ...(image_url ? { image_url } : {}) })

/** A provider that answers any search with `count` wallets named 'Wallet n', each with an http image. */
function provider(count: number): typeof globalThis.fetch {
  const data = Array.from({ length: count }, (_, i) => ({ id: `w${i}`, name: `Wallet ${i}`, image_url: `http://127.0.0.1:9/img/${i}.png` }))
  return (async () => new Response(JSON.stringify({ data, count }))) as typeof globalThis.fetch
}

async function searchWith(count: number) {
  const t = createTestPorts()
  const win = fakeWindow()
  const latch = createLatch({ plugins: [api({ baseUrl: 'http://127.0.0.1:9', projectId: 'p' })], ports: { ...t.ports, fetch: provider(count), window: win.window } })
  latch.dispatch(searchRequested({ query: 'wallet' }))
  t.advance(300)
  // Let the fetch's promise settle: the images are asked for once the results are in.
  await expect.poll(() => win.requested().length).toBeGreaterThan(0)
  return { t, win, list: () => selectWalletList(latch.getState()) }
}

describe('image preload of search results (docs/behaviour.md, "All Wallets")', () => {
  it('loads the images of the first 20 results only, then gives the results once every image has loaded or failed', async () => {
    const { win, list } = await searchWith(30)
    expect(win.requested()).toEqual(Array.from({ length: 20 }, (_, i) => `http://127.0.0.1:9/img/${i}.png`))
    for (const url of win.requested().slice(0, 19)) win.loaded(url)
    expect(list().search.status).toBe('loading')
    win.failed(win.requested()[19]!)
    expect(list().search.status).toBe('ready')
    expect(list().search.results).toHaveLength(30)
  })

  it('waits for no image longer than 2 s on the clock port', async () => {
    const { t, win, list } = await searchWith(3)
    win.loaded(win.requested()[0]!)
    t.advance(1_999)
    expect(list().search.status).toBe('loading')
    t.advance(1)
    expect(list().search.status).toBe('ready')
  })

  it('skips inline images, listings without one, and repeats', () => {
    const same = 'https://img.example/a.png'
    const listings = [listing(0, same), listing(1, 'data:image/svg+xml,<svg/>'), listing(2), listing(3, same), listing(4, 'https://img.example/b.png')]
    expect(imagesToPreload(listings)).toEqual([same, 'https://img.example/b.png'])
    expect(imagesToPreload(listings, 1)).toEqual([same])
  })
})
