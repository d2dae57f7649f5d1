import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hasChromium } from './harness'
import { usePreviewBrowser } from './use-preview'

/** A phone as chromium emulates it: the page's meta viewport is honoured, so a wider page widens the layout viewport. */
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const

type Box = { left: number; top: number; right: number; bottom: number }
type Measure = { visual: Box; card: Box; close: Box; buttons: { name: string; box: Box }[] }

/** The visual viewport, the card and every button of the dialog, in the layout viewport's coordinates (getBoundingClientRect's). */
const measure = (page: Page) =>
  page.evaluate<Measure>(`(() => {
    const v = window.visualViewport
    const box = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom })
    const root = document.querySelector('latch-modal').shadowRoot
    const card = root.querySelector('[role=dialog]')
    return {
      visual: { left: v.offsetLeft, top: v.offsetTop, right: v.offsetLeft + v.width, bottom: v.offsetTop + v.height },
      card: box(card.getBoundingClientRect()),
      close: box(card.querySelector('.header .icon-button:last-child').getBoundingClientRect()),
      buttons: [...card.querySelectorAll('button')].map((b) => ({ name: b.getAttribute('aria-label') || b.textContent.trim(), box: box(b.getBoundingClientRect()) })),
    }
  })()`)

/** Resolves once every finite animation in the page and the modal's shadow root has finished, two frames later. */
const settled = (page: Page) =>
  page.evaluate(`(async () => {
    const roots = [document, ...[...document.querySelectorAll('latch-modal')].map((host) => host.shadowRoot).filter(Boolean)]
    const finite = roots.flatMap((root) => root.getAnimations()).filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)))
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })()`)

const inside = (inner: Box, outer: Box) =>
  inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5 && inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5

describe.skipIf(!hasChromium())('the modal on a host page wider than the phone (docs/react.md, "The modal")', () => {
  const preview = usePreviewBrowser()

  it("is a 360 px card, and keeps Account's Disconnect in sight when its rows do not fit (a short window)", async () => {
    const page = await preview.page(undefined, { device: { viewport: { width: 1280, height: 520 } } })
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
    await page.goto(new URL('/?theme=light&account=1', preview.url).href)
    await page.locator('button.latch-account').click()
    await page.locator('latch-modal [role=dialog] li[data-feature] .row').first().waitFor()
    // On a window wider than the phone the modal is a 360 px card (--latch-modal-width).
    const { card } = await measure(page)
    expect(card.right - card.left).toBeCloseTo(360, 0)
    const { body, leave, scrolls } = await page.evaluate<{ body: Box; leave: Box; scrolls: boolean }>(`(() => {
      const root = document.querySelector('latch-modal').shadowRoot
      const body = root.querySelector('.body')
      const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom } }
      return { body: box(body), leave: box(root.querySelector('[data-tone="danger"]')), scrolls: body.scrollHeight > body.clientHeight }
    })()`)
    expect(scrolls).toBe(true)
    expect(inside(leave, body), `Disconnect ${JSON.stringify(leave)} in ${JSON.stringify(body)}`).toBe(true)
  })

  it('draws no focus ring on the first control after a mouse open, and one after a keyboard open', async () => {
    const page = await preview.page(undefined, { device: { viewport: { width: 1280, height: 800 } } })
    await page.goto(new URL('/?theme=light&account=1', preview.url).href)
    const copy = page.locator('latch-modal [role=dialog] .account-name .icon-button')
    const ring = () => copy.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el && getComputedStyle(el).outlineStyle)
    await page.locator('button.latch-account').click()
    await expect.poll(ring).toBe('none')
    await page.keyboard.press('Escape')
    await page.locator('latch-modal .backdrop').waitFor({ state: 'detached' }) // closed, not only closing
    await page.locator('button.latch-account').focus()
    await page.keyboard.press('Enter')
    await expect.poll(ring).toBe('solid')
  })

  for (const [name, device] of [
    ['a window', { viewport: { width: 1280, height: 760 } }],
    ['a phone', phone],
  ] as const) {
    it(`shows a toast above the card on ${name}: the card does not move and nothing of it is covered`, async () => {
      const page = await preview.page(undefined, { device })
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
      await page.goto(new URL('/?theme=light&account=1', preview.url).href)
      await page.locator('button.latch-account').click()
      await page.locator('latch-modal [role=dialog] li[data-feature] .row').first().waitFor()
      const cardBox = `(() => { const r = document.querySelector('latch-modal').shadowRoot.querySelector('.card').getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom } })()`
      // The card as it rests: its opening animation (if any) over, on a loaded machine too.
      await settled(page)
      const before = await page.evaluate<Box>(cardBox)
      await page.evaluate(`window.latchPreview.dispatch({ type: 'toast/requested', payload: { toast: { message: 'Transaction sent', variant: 'success' } } })`)
      await page.locator('latch-modal .toast').waitFor()
      await settled(page)
      const after = await page.evaluate<Box>(cardBox)
      const { toast, visual } = await page.evaluate<{ toast: Box; visual: Box }>(`(() => {
        const r = document.querySelector('latch-modal').shadowRoot.querySelector('.toast').getBoundingClientRect()
        const v = window.visualViewport
        return { toast: { left: r.left, top: r.top, right: r.right, bottom: r.bottom }, visual: { left: v.offsetLeft, top: v.offsetTop, right: v.offsetLeft + v.width, bottom: v.offsetTop + v.height } }
      })()`)
      expect(after).toEqual(before)
      expect(toast.bottom, `toast ${JSON.stringify(toast)} above card ${JSON.stringify(after)}`).toBeLessThanOrEqual(after.top)
      expect(inside(toast, visual), `toast ${JSON.stringify(toast)} in ${JSON.stringify(visual)}`).toBe(true)
    })
  }

  it('shows a toast of the closed modal inside the visual viewport of a page wider than the phone', async () => {
    const page = await preview.page(undefined, { device: phone })
    await page.goto(new URL('/?theme=light&account=1', preview.url).href)
    await page.evaluate(`(() => {
      const wide = document.createElement('div')
      wide.style.width = '1000px'
      wide.style.height = '20px'
      document.body.append(wide)
    })()`)
    await page.evaluate(`window.latchPreview.dispatch({ type: 'toast/requested', payload: { toast: { message: 'Token Balance Unavailable', variant: 'error' } } })`)
    await page.locator('latch-modal .toast').waitFor()
    const { toast, visual } = await page.evaluate<{ toast: Box; visual: Box }>(`(() => {
      const r = document.querySelector('latch-modal').shadowRoot.querySelector('.toast').getBoundingClientRect()
      const v = window.visualViewport
      return { toast: { left: r.left, top: r.top, right: r.right, bottom: r.bottom }, visual: { left: v.offsetLeft, top: v.offsetTop, right: v.offsetLeft + v.width, bottom: v.offsetTop + v.height } }
    })()`)
    expect(inside(toast, visual), `toast ${JSON.stringify(toast)} in ${JSON.stringify(visual)}`).toBe(true)
  })

  for (const [scrolled, locale] of [[false, 'en'], [true, 'en'], [true, 'ar']] as const) {
    it(`keeps the bottom sheet and its buttons inside the visual viewport (${locale}, page ${scrolled ? 'scrolled sideways' : 'at its start'})`, async () => {
      const page = await preview.page(undefined, { device: phone })
      await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' })
      await page.goto(new URL(`/?theme=dark&account=1&locale=${locale}`, preview.url).href)
      // The host's overflow: one element 1000 px wide (set through the CSSOM, which the page's CSP allows).
      await page.evaluate(`(() => {
        const wide = document.createElement('div')
        wide.style.width = '1000px'
        wide.style.height = '20px'
        document.body.append(wide)
        ${scrolled ? 'window.scrollTo(400, 0)' : ''}
      })()`)
      // The layout viewport did widen (position: fixed is laid out in it): without the fix the sheet is this wide.
      const widened = await page.evaluate<number>(`(() => {
        const probe = document.createElement('div')
        probe.style.position = 'fixed'
        probe.style.inset = '0'
        document.body.append(probe)
        const width = probe.getBoundingClientRect().width
        probe.remove()
        return width
      })()`)
      expect(widened).toBeGreaterThan(360)
      await page.locator('button.latch-account').click()
      await page.locator('latch-modal [role=dialog]:not([aria-busy="true"]) .view').waitFor()
      await page.locator('latch-modal [role=dialog] li[data-feature] .row').first().waitFor()
      const { visual, card, close, buttons } = await measure(page)
      expect(visual.right - visual.left).toBeCloseTo(360, 0)
      expect(card.right - card.left).toBeCloseTo(360, 0)
      expect(inside(card, visual), `card ${JSON.stringify(card)} in ${JSON.stringify(visual)}`).toBe(true)
      // Every button is on screen across (rows below the fold scroll inside the sheet, so only their sides count).
      const offSide = buttons.filter(({ box }) => box.right > box.left && (box.left < visual.left - 0.5 || box.right > visual.right + 0.5))
      expect(offSide).toEqual([])
      expect(inside(close, visual), `close ${JSON.stringify(close)} in ${JSON.stringify(visual)}`).toBe(true)
    })
  }
})
