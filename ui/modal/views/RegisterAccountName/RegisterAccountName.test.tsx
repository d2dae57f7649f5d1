// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { modalOpened, walletSignMessageFailed, walletSignMessageSucceeded, type Logged } from '../../../../kernel/index'
import { names } from '../../../../plugins/names/index'
import { button, click, connectAccount, preloadAll, renderWithLatch, settle, setup, shadow } from '../../../../scripts/testing/ui'

// docs/names.md, "Choosing a name": the Account row, RegisterAccountName and its success, over the names plugin with a fetch
// port that plays the name service, and a wallet answered by the test.

const owner = '0x1234567890abcdef1234567890abcdef1234abcd'
const zone = 'latch.id'

type Service = { taken: Set<string>; refuse?: string; posts: unknown[]; suggestions: string[] }

function nameService(service: Service): typeof globalThis.fetch {
  return (input, init) => {
    const url = new URL(String(input))
    const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }))
    if (url.pathname.startsWith('/v1/profile/reverse/')) return reply(200, [])
    if (url.pathname.startsWith('/v1/profile/suggestions/')) {
      const label = decodeURIComponent(url.pathname.split('/').pop()!)
      service.suggestions.push(label)
      const list = [label, `${label}1`, `${label}2`].map((l) => ({ name: `${l}.${zone}`, registered: service.taken.has(`${l}.${zone}`) }))
      return reply(200, { suggestions: list })
    }
    if (url.pathname === '/v1/profile/account' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { message: string }
      service.posts.push(body)
      if (service.refuse) return reply(409, { message: service.refuse })
      return reply(200, { name: (JSON.parse(body.message) as { name: string }).name })
    }
    return reply(404, { message: 'no route' })
  }
}

/** Answers every signature request the way `answer` says (a wallet the test plays). */
function wallet(t: ReturnType<typeof setup>, answer: 'sign' | 'decline') {
  t.latch.events$.subscribe((event: Logged) => {
    if (event.type !== 'wallet/signMessageRequested' || !event.requestId) return
    const reply = { ns: 'eip155' as const, requestId: event.requestId }
    queueMicrotask(() =>
      t.latch.dispatch(
        answer === 'sign'
          ? walletSignMessageSucceeded({ signature: `0x${'ab'.repeat(65)}` }, reply)
          : walletSignMessageFailed({ error: { code: 'USER_REJECTED', shortMessage: 'Signature declined' } }, reply),
      ),
    )
  })
}

let cleanup: (() => Promise<void>) | undefined
beforeAll(async () => {
  await preloadAll()
  await import('../../../../plugins/names/effect')
})
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

async function open(service: Partial<Service> = {}, answer: 'sign' | 'decline' = 'sign') {
  const state: Service = { taken: new Set(), posts: [], suggestions: [], ...service }
  const t = setup({ plugins: [names({ baseUrl: 'http://127.0.0.1:9', projectId: 'p1', zone })], fetch: nameService(state) })
  t.ports.advance(Date.UTC(2026, 10, 23))
  wallet(t, answer)
  cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
  connectAccount(t.latch, owner)
  act(() => void t.latch.dispatch(modalOpened({ view: { name: 'Account' } })))
  await settle()
  return { ...t, service: state }
}

const view = () => shadow().querySelector<HTMLElement>('.names')
const input = () => view()!.querySelector<HTMLInputElement>('input')!

async function typeName(t: Awaited<ReturnType<typeof open>>, value: string, wait = 500) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input(), value)
    input().dispatchEvent(new Event('input', { bubbles: true }))
  })
  act(() => t.ports.advance(wait))
  await settle()
}

describe('RegisterAccountName', () => {
  it("Account offers 'Choose a name'; typing suggests the name and free variants; Register signs and shows the success", async () => {
    const t = await open({ taken: new Set(['alice1.latch.id']) })
    click(button('Choose a name'))
    await settle()
    expect(shadow().querySelector('[data-view="RegisterAccountName"]')).not.toBeNull()
    expect(view()!.querySelector('.names-zone')?.textContent).toBe('.latch.id')

    await typeName(t, 'ab')
    expect(view()!.querySelector('[role="alert"]')?.textContent).toBe('Name must be at least 4 characters and contain only letters, digits and hyphens')
    expect(input().getAttribute('aria-invalid')).toBe('true')
    expect(t.service.suggestions).toEqual([])

    await typeName(t, 'Alice')
    expect(t.service.suggestions).toEqual(['alice'])
    const options = [...view()!.querySelectorAll<HTMLButtonElement>('.names-option')]
    expect(options.map((o) => o.textContent)).toEqual(['alice.latch.idAvailable', 'alice1.latch.idTaken', 'alice2.latch.idAvailable'])
    expect(options.map((o) => o.disabled)).toEqual([false, true, false])

    click(button('Register'))
    await settle()
    expect(t.service.posts).toHaveLength(1)
    expect(JSON.parse((t.service.posts[0] as { message: string }).message)).toMatchObject({ name: 'alice.latch.id', address: owner, coin_type: 2147483649 })
    expect(shadow().querySelector('[data-view="RegisterAccountNameSuccess"]')).not.toBeNull()
    expect(shadow().querySelector('.names-done-name')?.textContent).toBe('alice.latch.id')
    expect(shadow().querySelector('.names-done')?.textContent).toContain('Account name chosen successfully')
    click(button('Done'))
    await settle()
    expect(shadow().querySelector('[data-view="Account"]')).not.toBeNull()
    expect(shadow().querySelector('.account-name')?.textContent).toContain('alice.latch.id')
    expect(shadow().querySelector('[data-feature="name"]')).toBeNull()
  })

  it("a taken name is refused on the form; the name service's refusal stays on the view and says why", async () => {
    const t = await open({ taken: new Set(['bobby.latch.id']), refuse: 'Name already registered' })
    act(() => void t.latch.dispatch({ type: 'router/pushed', payload: { view: { name: 'RegisterAccountName' } } }))
    await settle()
    await typeName(t, 'bobby')
    expect(view()!.querySelector('[role="alert"]')?.textContent).toBe('bobby.latch.id is taken')
    expect(button('Register').hasAttribute('disabled')).toBe(true)

    await typeName(t, 'bobby2')
    click(view()!.querySelector<HTMLButtonElement>('.names-option')!)
    await settle()
    expect(shadow().querySelector('[data-view="RegisterAccountName"]')).not.toBeNull()
    expect([...view()!.querySelectorAll('[role="alert"]')].map((e) => e.textContent)).toContain('Name already registered')
  })

  it('a declined signature stays on the form with the text, and sends nothing', async () => {
    const t = await open({}, 'decline')
    act(() => void t.latch.dispatch({ type: 'router/pushed', payload: { view: { name: 'RegisterAccountName' } } }))
    await settle()
    await typeName(t, 'carol')
    click(button('Register'))
    await settle()
    expect(t.service.posts).toEqual([])
    expect([...view()!.querySelectorAll('[role="alert"]')].map((e) => e.textContent)).toContain('Signature declined')
    expect(button('Register').getAttribute('aria-disabled')).toBeNull()
  })
})
