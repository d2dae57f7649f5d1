// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { definePlugin, modalOpened, routerPushed } from '../../../kernel/index'
import { ConnectButton } from '../../components/ConnectButton/ConnectButton'
import { preloadAll, button, click, connector, dialog, discover, focused, press, renderWithLatch, settle, setup, shadow } from '../../../scripts/testing/ui'
import { modalCss } from '../styles'
import { focusables } from './focus'

let cleanup: (() => Promise<void>) | undefined
beforeAll(preloadAll)
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

async function openWithButton() {
  const t = setup()
  discover(t.latch, [connector('metamask', 'MetaMask'), connector('rabby', 'Rabby')])
  const rendered = await renderWithLatch({ latch: t.latch, children: <ConnectButton /> })
  cleanup = rendered.unmount
  const opener = rendered.container.querySelector('button') as HTMLButtonElement
  opener.focus()
  click(opener)
  await settle()
  return { ...t, opener }
}

describe('the dialog (W3C APG)', () => {
  it('opens on Connect as a labelled modal dialog and moves focus inside', async () => {
    const { latch } = await openWithButton()
    const element = dialog()
    expect(element).not.toBeNull()
    expect(element?.getAttribute('aria-modal')).toBe('true')
    const title = shadow().getElementById(element?.getAttribute('aria-labelledby') ?? '')
    expect(title?.textContent).toBe('Connect Wallet')
    expect(latch.getState().router.history).toEqual([{ name: 'Connect' }])
    expect(focused()?.textContent).toContain('MetaMask')
    for (const b of element?.querySelectorAll('button') ?? []) expect(b.textContent?.trim() || b.getAttribute('aria-label')).toBeTruthy()
  })

  it('Esc closes and focus returns to the opener', async () => {
    const { latch, opener } = await openWithButton()
    press('Escape')
    expect(latch.getState().router.open).toBe(false)
    expect(dialog()).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('Back puts focus on the control that opened the view, at each level (docs/react.md, "Accessibility")', async () => {
    const { latch } = await openWithButton()
    const allWallets = button('All Wallets')
    act(() => allWallets.focus())
    click(allWallets) // from the keyboard: focus is on the row
    await settle()
    expect(latch.getState().router.history.map((v) => v.name)).toEqual(['Connect', 'AllWallets'])
    expect(focused()?.getAttribute('type')).toBe('search')
    const rabby = [...shadow().querySelectorAll<HTMLElement>('.tile')].find((t) => t.getAttribute('aria-label') === 'Rabby, installed')
    if (!rabby) throw new Error('no Rabby tile')
    click(rabby) // a mouse click where the browser does not focus buttons (Safari): focus stays on the search field
    await settle()
    expect(latch.getState().router.history.map((v) => v.name)).toEqual(['Connect', 'AllWallets', 'ConnectingExternal'])
    click(button('Back'))
    await settle()
    expect(focused()?.getAttribute('aria-label')).toBe('Rabby, installed')
    click(button('Back'))
    await settle()
    expect(latch.getState().router.history.map((v) => v.name)).toEqual(['Connect'])
    expect(focused()?.getAttribute('aria-label')).toBe(allWallets.getAttribute('aria-label'))
    expect(focused()?.textContent).toContain('All Wallets')
  })

  it('the close button and the backdrop close', async () => {
    const { latch, opener } = await openWithButton()
    click(button('Close'))
    expect(latch.getState().router.open).toBe(false)
    expect(document.activeElement).toBe(opener)
    act(() => void latch.dispatch(modalOpened({})))
    await settle()
    const backdrop = shadow().querySelector('.backdrop') as HTMLElement
    act(() => void backdrop.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })))
    expect(latch.getState().router.open).toBe(false)
  })

  it('Tab and Shift+Tab cycle through every focusable, the search input included', async () => {
    const { latch } = await openWithButton()
    click(button('All Wallets'))
    await settle()
    expect(latch.getState().router.history.map((v) => v.name)).toEqual(['Connect', 'AllWallets'])
    const items = focusables(dialog() as HTMLElement)
    const labels = items.map((e) => e.getAttribute('aria-label') ?? e.textContent)
    expect(labels[0]).toBe('Back')
    expect(labels[1]).toBe('Close')
    expect(labels).toContain('Search wallets')
    expect(focused()?.getAttribute('aria-label')).toBe('Search wallets')
    // Forward through all of them wraps to the first.
    const start = items.indexOf(focused() as HTMLElement)
    for (let i = 1; i <= items.length; i++) {
      press('Tab')
      expect(focused()).toBe(items[(start + i) % items.length])
    }
    ;(items[0] as HTMLElement).focus()
    press('Tab', { shiftKey: true })
    expect(focused()).toBe(items.at(-1))
    press('Tab')
    expect(focused()).toBe(items[0])
  })

  it('Tab brings focus back into the dialog when it was lost to the page', async () => {
    await openWithButton()
    ;(document.activeElement as HTMLElement | null)?.blur()
    act(() => void document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true })))
    expect(dialog()?.contains(focused())).toBe(true)
  })

  it('back pops the history; the header shows back only above one view', async () => {
    const { latch } = await openWithButton()
    expect(() => button('Back')).toThrow()
    click(button('All Wallets'))
    await settle()
    expect(shadow().querySelector('h2')?.textContent).toBe('All Wallets')
    click(button('Back'))
    expect(latch.getState().router.history).toEqual([{ name: 'Connect' }])
    expect(shadow().querySelector('h2')?.textContent).toBe('Connect Wallet')
    expect(() => button('Back')).toThrow()
  })

  it('each view starts scrolled to its top', async () => {
    await openWithButton()
    const body = shadow().querySelector('.body') as HTMLElement
    body.scrollTop = 500
    expect(body.scrollTop).toBe(500)
    click(button('All Wallets'))
    await settle()
    expect(shadow().querySelector('h2')?.textContent).toBe('All Wallets')
    expect(body.scrollTop).toBe(0)
  })

  it('cannot be closed in a signing view while sign-in is required (docs/behaviour.md, "Views")', async () => {
    const siwx = definePlugin({ name: 'siwx', slices: { siwx: { required: true, session: null } } as never })
    const { latch } = setup({ plugins: [siwx] })
    cleanup = (await renderWithLatch({ latch, children: null })).unmount
    act(() => void latch.dispatch(modalOpened({ view: { name: 'SIWXSignMessage' } })))
    await settle()
    expect(button('Close').hasAttribute('disabled')).toBe(true)
    press('Escape')
    expect(latch.getState().router.open).toBe(true)
    act(() => void latch.dispatch(routerPushed({ view: { name: 'Connect' } })))
    expect(button('Close').hasAttribute('disabled')).toBe(false)
    press('Escape')
    expect(latch.getState().router.open).toBe(false)
  })

  it("does not draw 'Authenticating...' a second time over the Sign In view, whose button says it; still heard", async () => {
    const siwx = definePlugin({ name: 'siwx', slices: { siwx: { required: false, session: null } } as never })
    const { latch } = setup({ plugins: [siwx] })
    cleanup = (await renderWithLatch({ latch, children: null })).unmount
    act(() => void latch.dispatch(modalOpened({ view: { name: 'SIWXSignMessage' } })))
    await settle()
    const toast = { message: 'Authenticating...', messageId: 'siwx.signing', variant: 'loading' as const }
    act(() => void latch.dispatch({ type: 'toast/shown', payload: { id: 'a', toast } }))
    const region = dialog()?.querySelector('[role="status"]')
    expect(region?.textContent).toBe('Authenticating...')
    expect(region?.querySelector('.toast')?.classList.contains('visually-hidden')).toBe(true)
    // Over another view it is drawn.
    act(() => void latch.dispatch(routerPushed({ view: { name: 'Connect' } })))
    expect(dialog()?.querySelector('[role="status"] .toast')?.classList.contains('visually-hidden')).toBe(false)
  })

  it('renders the current toast inside the dialog but outside the card, as a polite status', async () => {
    const { latch } = await openWithButton()
    act(() => void latch.dispatch({ type: 'toast/shown', payload: { id: 't', toast: { message: 'Copied', variant: 'success' } } }))
    const region = dialog()?.querySelector('[role="status"]')
    expect(region?.getAttribute('aria-live')).toBe('polite')
    expect(region?.textContent).toBe('Copied')
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe('')
    // Out of the card's flow, drawn above it: a toast neither moves the card nor covers the view (chromium: viewport.e2e.test.ts).
    expect(shadow().querySelector('.card')?.contains(region ?? null)).toBe(false)
    const placed = styleOf('.toast-region[data-placement="modal"]')
    expect(placed?.getPropertyValue('bottom')).toBe('calc(100% + 12px)')
    expect(dialog()?.hasAttribute('inert')).toBe(false)
    press('Escape')
    expect(shadow().querySelector('.backdrop')?.getAttribute('data-state')).toBe('closing')
    expect(shadow().querySelector('.dialog')?.hasAttribute('inert')).toBe(true)
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
    expect(shadow().querySelector('.backdrop')).toBeNull()
    const page = shadow().querySelector('[role="status"]')
    expect(page?.getAttribute('data-placement')).toBe('page')
    expect(page?.textContent).toBe('Copied')
  })

  it('announces an error toast as an alert, a loading one as a status', async () => {
    const { latch } = await openWithButton()
    act(() => void latch.dispatch({ type: 'toast/shown', payload: { id: 'e', toast: { message: 'Failed to disconnect', variant: 'error' } } }))
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe('Failed to disconnect')
    expect(dialog()?.querySelector('[role="status"]')?.textContent).toBe('')
    act(() => void latch.dispatch({ type: 'toast/shown', payload: { id: 'l', toast: { message: 'Switching', variant: 'loading' } } }))
    expect(dialog()?.querySelector('[role="status"]')?.textContent).toBe('Switching')
    expect(dialog()?.querySelector('[role="alert"]')?.textContent).toBe('')
  })
})

describe('forced colours (docs/react.md, "Accessibility")', () => {
  it('borders the card, rows and tiles in system colours and draws focus as an outline, after the rules it amends', () => {
    const rules = modalRules()
    const forced = rules.findIndex((r) => r instanceof CSSMediaRule && r.media.mediaText.includes('forced-colors: active'))
    expect(forced).toBeGreaterThan(-1)
    const block = [...(rules[forced] as CSSMediaRule).cssRules].filter((r): r is CSSStyleRule => r instanceof CSSStyleRule)
    const declared = (selector: string, property: string) =>
      block.filter((r) => r.selectorText.split(',').includes(selector)).map((r) => r.style.getPropertyValue(property)).join(' ')
    expect(declared('.card', 'border')).toContain('CanvasText')
    for (const selector of ['.row', '.tile', '.search input']) expect(declared(selector, 'border')).toMatch(/1px solid (ButtonText|CanvasText)/)
    expect(declared('.latch-root :focus-visible', 'outline')).toContain('Highlight')
    expect(declared('.search input:focus', 'outline')).toContain('Highlight') // its usual ring is a box-shadow, dropped in forced colours
    const lastBase = Math.max(...rules.map((r, i) => (r instanceof CSSStyleRule && ['.row', '.tile', '.card'].includes(r.selectorText) ? i : -1)))
    expect(forced).toBeGreaterThan(lastBase)
  })
})

/** The declarations of the modal stylesheet's rule for `selector` (outside @media), parsed by jsdom. */
function styleOf(selector: string): CSSStyleDeclaration | undefined {
  return modalRules().filter((r): r is CSSStyleRule => r instanceof CSSStyleRule && r.selectorText === selector).at(-1)?.style
}

/** The modal stylesheet's top-level rules, parsed by jsdom. */
function modalRules(): CSSRule[] {
  const style = document.createElement('style')
  style.textContent = modalCss
  document.head.append(style)
  const rules = [...(style.sheet?.cssRules ?? [])]
  style.remove()
  return rules
}

describe('the focus ring (docs/react.md, "Accessibility")', () => {
  it('is hidden after a pointer opened the modal, and shows from the first key on', async () => {
    const t = setup()
    discover(t.latch, [connector('metamask', 'MetaMask')])
    const rendered = await renderWithLatch({ latch: t.latch, children: <ConnectButton /> })
    cleanup = rendered.unmount
    const opener = rendered.container.querySelector('button') as HTMLButtonElement
    act(() => void opener.dispatchEvent(new Event('pointerdown', { bubbles: true, composed: true })))
    click(opener)
    await settle()
    expect(dialog()?.getAttribute('data-modality')).toBe('pointer')
    press('Tab')
    expect(dialog()?.getAttribute('data-modality')).toBe('keyboard')
    act(() => void dialog()?.dispatchEvent(new Event('pointerdown', { bubbles: true, composed: true })))
    expect(dialog()?.getAttribute('data-modality')).toBe('pointer')
    // The ring's rule, and the one that hides it after a pointer (stronger, so forced colours' ring yields to it too).
    const rules = modalRules()
    const outline = (selector: string) =>
      rules.flatMap((r) => (r instanceof CSSMediaRule ? [...r.cssRules] : [r])).filter((r): r is CSSStyleRule => r instanceof CSSStyleRule && r.selectorText === selector).map((r) => r.style.getPropertyValue('outline'))
    expect(outline('.latch-root :focus-visible')[0]).toContain('2px solid')
    expect(outline('.dialog[data-modality="pointer"] :focus-visible')).toEqual(['none'])
  })
})
