// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { modalOpened } from '../../../../kernel/index'
import { onramp } from '../../../../plugins/onramp/index'
import { previewOnrampOptions } from '../../../../scripts/testing/preview-onramp'
import { button, click, connectAccount, preloadAll, renderWithLatch, settle, setup, shadow } from '../../../../scripts/testing/ui'

// docs/behaviour.md, "Buy (on-ramp)": Account's Buy row and the OnRamp view over the onramp plugin, with a fetch port
// that plays the provider API's on-ramp routes (on chain 1, the test networks' first).

type Api = { quotes: { provider: string; amount: string }[]; down: Set<string> }

function onrampApi(api: Api): typeof globalThis.fetch {
  return async (input, init) => {
    const url = new URL(String(input))
    const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })
    if (url.pathname === '/v1/onramp/options') return reply(200, previewOnrampOptions)
    if (url.pathname === '/v1/onramp/quote') {
      const body = JSON.parse(String(init?.body)) as { provider: string; amount: string; paymentCurrency: string }
      api.quotes.push({ provider: body.provider, amount: body.amount })
      if (api.down.has(body.provider)) return reply(503, { message: 'down' })
      const usd = (amount: string) => ({ amount, currency: body.paymentCurrency })
      const fee = body.provider === 'localramp' ? '0.99' : '1.97'
      return reply(200, { quoteId: `q_${body.provider}`, coinbaseFee: usd(fee), networkFee: usd('0.01'), paymentSubtotal: usd(body.provider === 'localramp' ? '99.00' : '98.02'), paymentTotal: usd('100.00'), purchaseAmount: { amount: body.provider === 'localramp' ? '39.6' : '39.208', currency: 'DEMO' } })
    }
    return reply(404, { message: 'no route' })
  }
}

let cleanup: (() => Promise<void>) | undefined
beforeAll(async () => {
  await preloadAll()
  await import('../../../../plugins/onramp/effect')
})
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

async function open(extra: { plugin?: boolean; down?: string[]; features?: false } = {}) {
  const api: Api = { quotes: [], down: new Set(extra.down ?? []) }
  const t = setup({ plugins: extra.plugin === false ? [] : [onramp({ baseUrl: 'http://127.0.0.1:9', projectId: 'p1' })], fetch: onrampApi(api) })
  cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
  connectAccount(t.latch)
  act(() => void t.latch.dispatch(modalOpened({ view: { name: 'Account' } })))
  await settle()
  return { ...t, api }
}

const view = () => shadow().querySelector<HTMLElement>('.onramp')!
const amount = () => view().querySelector<HTMLInputElement>('.onramp-amount')!

async function type(t: Awaited<ReturnType<typeof open>>, value: string, wait = 500) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(amount(), value)
    amount().dispatchEvent(new Event('input', { bubbles: true }))
  })
  await settle()
  act(() => t.ports.advance(wait))
  await settle()
}

describe('Buy (OnRamp)', () => {
  it('Account shows Buy first among the wallet features only with the onramp plugin', async () => {
    const t = await open()
    const features = [...shadow().querySelectorAll('li[data-feature]')].map((li) => li.getAttribute('data-feature'))
    expect(features.filter((f) => ['onramp', 'receive', 'send'].includes(f!))).toEqual(['onramp', 'receive', 'send'])
    expect(t.ofType('onramp/optionsRequested')).toEqual([])
    await cleanup?.()
    cleanup = undefined
    await open({ plugin: false })
    expect(shadow().querySelector('li[data-feature="onramp"]')).toBeNull()
  })

  it('the limits show before any call; an amount beyond them asks nothing; 100 gets a quote per provider with every number, the cheapest selected', async () => {
    const t = await open()
    click(shadow().querySelector<HTMLElement>('li[data-feature="onramp"] .row')!)
    await settle()
    expect(shadow().querySelector('[data-view="OnRamp"]')).not.toBeNull()
    expect(view().querySelector('select')?.selectedOptions[0]?.textContent).toBe('Demo Token (DEMO)')
    expect(view().querySelector('.onramp-hint')?.textContent).toBe('From 10.00 USD to 7,500.00 USD')

    await type(t, '7500.01')
    expect(view().querySelector('[role="alert"]')?.textContent).toBe('The most you can pay by card is 7,500.00 USD')
    expect(amount().getAttribute('aria-invalid')).toBe('true')
    await type(t, '12.345')
    expect(view().querySelector('[role="alert"]')?.textContent).toBe('Enter an amount with at most 2 decimals')
    expect(t.api.quotes).toEqual([])
    expect(t.ofType('onramp/quotesRequested')).toEqual([])

    await type(t, '100')
    expect(t.api.quotes).toEqual([
      { provider: 'localramp', amount: '100.00' },
      { provider: 'localexchange', amount: '100.00' },
    ])
    const rows = [...view().querySelectorAll<HTMLElement>('.onramp-quote')]
    expect(rows.map((row) => row.dataset.provider)).toEqual(['localramp', 'localexchange'])
    expect([...rows[0]!.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['0.99 USD', '0.01 USD', '99.00 USD', '100.00 USD', '39.6 DEMO'])
    expect(rows[0]!.querySelector<HTMLInputElement>('input')!.checked).toBe(true)
    expect(button('Continue with LocalRamp').hasAttribute('disabled')).toBe(false)

    // No window.open here: the popup counts as blocked, and nothing is asked.
    click(button('Continue with LocalRamp'))
    await settle()
    expect(view().querySelector('[role="alert"]')?.textContent).toBe('Your browser blocked the popup window. Allow popups for this site and try again.')
  })

  it('a failed quote is shown as an Estimate that cannot be selected; Continue needs a real quote', async () => {
    const t = await open({ down: ['localramp', 'localexchange'] })
    act(() => void t.latch.dispatch({ type: 'router/pushed', payload: { view: { name: 'OnRamp' } } }))
    await settle()
    await type(t, '100')
    const rows = [...view().querySelectorAll<HTMLElement>('.onramp-quote')]
    expect(rows.map((row) => row.querySelector('.tag')?.textContent)).toEqual(['Estimate', 'Estimate'])
    expect(rows.every((row) => row.querySelector<HTMLInputElement>('input')!.disabled)).toBe(true)
    expect(rows[0]!.querySelector('.onramp-get dd')?.textContent).toBe('Not known')
    expect(rows[0]!.querySelector('.onramp-reason')?.textContent).toContain('LocalRamp did not answer with a quote')
    expect(button('Continue').hasAttribute('disabled')).toBe(true)
  })
})
