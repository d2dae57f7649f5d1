// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { modalOpened } from '../../../../kernel/index'
import { api } from '../../../../plugins/api/index'
import type { Transaction } from '../../../../plugins/activity/index'
import { click, connectAccount, preloadAll, renderWithLatch, settle, setup, shadow } from '../../../../scripts/testing/ui'

// docs/behaviour.md, "Activity": the view, pushed directly, over the api plugin with a fetch port that answers from a list.

const owner = '0x1234567890abcdef1234567890abcdef1234abcd'
const peer = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function tx(id: string, minedAt: string, patch: Partial<Transaction['metadata']> = {}, transfers?: Transaction['transfers']): Transaction {
  return {
    id,
    metadata: { minedAt, chain: 'eip155:1', status: 'confirmed', operationType: 'send', sentFrom: owner, sentTo: peer, ...patch },
    transfers: transfers ?? [{ fungible_info: { symbol: 'ETH' }, direction: 'out', quantity: { numeric: '0.25' } }],
  }
}

const history = [
  tx('a', '2026-03-20T12:00:00Z', { operationType: 'receive', sentFrom: peer, sentTo: owner }, [{ fungible_info: { symbol: 'DUSD' }, direction: 'in', quantity: { numeric: '1250.5' } }]),
  tx('b', '2026-03-02T12:00:00Z', { status: 'pending' }),
  tx('c', '2026-01-15T12:00:00Z', { operationType: 'approve' }, []),
  tx('d', '2025-12-24T12:00:00Z', { status: 'failed', operationType: 'execute' }),
]

type Reply = { status?: number; body: unknown }

function fakeFetch(replies: Reply[]) {
  const urls: URL[] = []
  const fetch: typeof globalThis.fetch = (input) => {
    const url = new URL(String(input))
    // Only the history route's calls are recorded (the api plugin asks for the wallet list and balances too).
    if (!url.pathname.endsWith('/history')) return Promise.resolve(new Response('{}', { status: 404 }))
    urls.push(url)
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!
    return Promise.resolve(new Response(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body), { status: reply.status ?? 200 }))
  }
  return { fetch, urls }
}

let cleanup: (() => Promise<void>) | undefined
beforeAll(async () => {
  await preloadAll()
  // The api plugin's history chunk, loaded as a page that already has it (plugins/activity/history-lazy.test.ts covers the loading).
  await import('../../../../plugins/activity/history-effect')
})
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

async function open({ replies = [{ body: { data: history, next: null } }] as Reply[], provider = true, connected = true, locale }: { replies?: Reply[]; provider?: boolean; connected?: boolean; locale?: string } = {}) {
  const faked = fakeFetch(replies)
  const t = setup({ plugins: [provider ? api({ baseUrl: 'http://127.0.0.1:9', projectId: 'p1' }) : api()], fetch: faked.fetch })
  cleanup = (await renderWithLatch({ latch: t.latch, locale, children: null })).unmount
  if (connected) connectAccount(t.latch, owner)
  act(() => void t.latch.dispatch(modalOpened({ view: { name: 'Activity' } })))
  await settle()
  for (let i = 0; i < 20 && locale && shadow().querySelector('.latch-root')?.getAttribute('lang') !== locale; i++) await settle()
  return { ...t, urls: faked.urls }
}

const view = () => shadow().querySelector<HTMLElement>('[data-view="Activity"] .activity')
const texts = (selector: string) => [...(view()?.querySelectorAll(selector) ?? [])].map((e) => e.textContent)

describe('Activity', () => {
  it('groups the transactions by year, then month, newest first, under headings, as lists', async () => {
    const { urls } = await open()
    expect(urls[0]!.pathname).toBe(`/v1/account/${owner}/history`)
    expect(texts('.activity-year > h3')).toEqual(['2026', '2025'])
    expect(texts('.activity-month > h4')).toEqual(['March', 'January', 'December'])
    const months = [...(view()?.querySelectorAll('.activity-month') ?? [])]
    expect(months.map((m) => m.querySelectorAll('ul > li').length)).toEqual([2, 1, 1])
    // Each group is labelled by its heading.
    expect(months[0]!.getAttribute('aria-labelledby')).toBe(months[0]!.querySelector('h4')?.id)
    expect(shadow().querySelector('h2')?.textContent).toBe('Activity')
  })

  it('shows per row the operation, the counterparty, the amount with its direction, and a status when not confirmed', async () => {
    await open()
    const rows = [...(view()?.querySelectorAll('.activity-row') ?? [])]
    expect(rows.map((row) => row.querySelector('.activity-title')?.textContent)).toEqual(['Receive', 'SendPending', 'Approve', 'ExecuteFailed'])
    expect(rows[0]!.querySelector('.activity-party')?.textContent).toBe('From 0x7099…79C8')
    expect(rows[0]!.querySelector('.activity-party bdi')?.getAttribute('title')).toBe(peer)
    expect(rows[0]!.querySelector('.activity-amount')?.textContent).toBe('+1,250.5 DUSD')
    expect(rows[0]!.querySelector('.activity-icon')?.classList.contains('in')).toBe(true)
    expect(rows[1]!.querySelector('.activity-party')?.textContent).toBe('To 0x7099…79C8')
    expect(rows[1]!.querySelector('.activity-amount')?.textContent).toBe('−0.25 ETH')
    expect(rows[1]!.querySelector('.activity-icon')?.classList.contains('out')).toBe(true)
    expect(rows[2]!.querySelector('.activity-amount')).toBeNull()
  })

  it('shows an approval as an approval: its spender, under an icon of its own, not a send arrow', async () => {
    await open()
    const row = [...(view()?.querySelectorAll('.activity-row') ?? [])][2]!
    expect(row.querySelector('.activity-title')?.textContent).toBe('Approve')
    expect(row.querySelector('.activity-party')?.textContent).toBe('Spender 0x7099…79C8')
    expect(row.querySelector('.activity-icon')?.classList.contains('approve')).toBe(true)
    expect(row.querySelector('.activity-icon')?.classList.contains('out')).toBe(false)
  })

  it('shows both amounts of a trade, under one swap icon', async () => {
    const trade = tx('t', '2026-03-21T12:00:00Z', { operationType: 'trade' }, [
      { fungible_info: { symbol: 'ETH' }, direction: 'out', quantity: { numeric: '0.5' } },
      { fungible_info: { symbol: 'USDC' }, direction: 'in', quantity: { numeric: '1523.42' } },
    ])
    await open({ replies: [{ body: { data: [trade], next: null } }] })
    const row = view()?.querySelector('.activity-row')
    expect(row?.querySelector('.activity-title')?.textContent).toBe('Trade')
    expect([...(row?.querySelectorAll('.activity-amount') ?? [])].map((a) => a.textContent)).toEqual(['−0.5 ETH', '+1,523.42 USDC'])
    expect(row?.querySelector('.activity-icon')?.classList.contains('swap')).toBe(true)
  })

  it('loads the next page with Load more, with the cursor, and appends it', async () => {
    const { urls } = await open({ replies: [{ body: { data: history.slice(0, 2), next: 'c1' } }, { body: { data: history.slice(2), next: null } }] })
    expect(view()?.querySelectorAll('.activity-row')).toHaveLength(2)
    const more = view()?.querySelector<HTMLButtonElement>('.activity-more')
    expect(more?.textContent).toBe('Load more')
    click(more!)
    await settle()
    expect(urls[1]!.searchParams.get('cursor')).toBe('c1')
    expect(view()?.querySelectorAll('.activity-row')).toHaveLength(4)
    expect(view()?.querySelector('.activity-more')).toBeNull()
  })

  it("says 'No activity yet' when the list is empty", async () => {
    await open({ replies: [{ body: { data: [], next: null } }] })
    expect(view()?.querySelector('.activity-empty')?.textContent).toBe('No activity yet')
  })

  it("says 'Failed to fetch transactions' (and offers a retry) when the provider answers junk", async () => {
    const { urls } = await open({ replies: [{ body: '<html>' }, { body: { data: history, next: null } }] })
    const alert = view()?.querySelector('[role="alert"]')
    expect(alert?.querySelector('.subtle')?.textContent).toBe('Failed to fetch transactions')
    click(alert!.querySelector('button')!)
    await settle()
    expect(urls).toHaveLength(2)
    expect(view()?.querySelectorAll('.activity-row')).toHaveLength(4)
  })

  it('without a connected account says transactions need an address, and asks nothing', async () => {
    const { urls } = await open({ connected: false })
    expect(view()?.querySelector('.activity-empty')?.textContent).toBe("Transactions can't be fetched without an accountAddress")
    expect(urls).toHaveLength(0)
  })

  it('without a provider API lists what this browser sent, and says so', async () => {
    const { urls } = await open({ provider: false })
    expect(view()?.querySelector('.activity-note')?.textContent).toBe('Only transactions sent from this browser are shown')
    expect(view()?.querySelector('.activity-empty')?.textContent).toBe('No activity yet')
    expect(urls).toHaveLength(0)
  })

  it('writes months, numbers and the texts in the visitor’s language', async () => {
    await open({ locale: 'fr' })
    expect(texts('.activity-month > h4')).toEqual(['mars', 'janvier', 'décembre'])
    expect(view()?.querySelector('.activity-amount')?.textContent?.replace(/\s/g, ' ')).toBe('+1 250,5 DUSD')
    expect(view()?.querySelector('.activity-party')?.textContent).toBe('De 0x7099…79C8')
  })
})
