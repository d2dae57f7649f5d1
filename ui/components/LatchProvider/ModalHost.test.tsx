// @vitest-environment jsdom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { ConnectButton } from '../ConnectButton/ConnectButton'
import { accountDisconnected, modalClosed } from '../../../kernel/index'
import { connectAccount, connector, dialog, discover, renderWithLatch, settle, setup } from '../../../scripts/testing/ui'
import { useLatchAccount } from '../../hooks/useLatchAccount'
import { AccountButton } from '../AccountButton/AccountButton'
import { LatchProvider } from './LatchProvider'
import { loadedModal } from '../../modal-loader'

// First in its file, so the modal chunk has not been loaded by an earlier test of this module graph.
describe('ModalHost', () => {
  it('shows the shell at once when the chunk is not there yet, then fills in', async () => {
    const { latch } = setup()
    discover(latch, [connector('metamask', 'MetaMask')])
    expect(loadedModal()).toBeUndefined()
    const { container, unmount } = await renderWithLatch({ latch, children: <ConnectButton /> })
    const button = container.querySelector('button') as HTMLButtonElement
    act(() => button.click())
    const host = document.querySelector('[data-latch-modal]')
    expect(host?.parentElement).toBe(document.body)
    const shell = host?.shadowRoot?.querySelector('[role="dialog"]')
    expect(shell?.getAttribute('aria-busy')).toBe('true')
    expect(shell?.getAttribute('aria-modal')).toBe('true')
    expect(host?.shadowRoot?.activeElement).toBe(shell)
    await settle()
    expect(dialog()?.getAttribute('aria-busy')).toBeNull()
    expect(dialog()?.textContent).toContain('MetaMask')
    await unmount()
    expect(document.querySelector('[data-latch-modal]')).toBeNull()
  })

  it('adopts the button styles into the document and theme overrides into both places', async () => {
    const { latch } = setup()
    const { unmount } = await renderWithLatch({ latch, children: <ConnectButton /> })
    const styles = [...document.querySelectorAll('style[data-latch]')].map((s) => s.textContent).join('')
    expect(styles).toContain('.latch-connect')
    expect(styles).toContain('hsla(231, 100%, 70%, 1)')
    await unmount()
    expect(document.querySelectorAll('style[data-latch]')).toHaveLength(0)
  })

  it('renders nothing into the page before the modal is first needed', async () => {
    const { latch } = setup()
    const { unmount } = await renderWithLatch({ latch, children: null })
    expect(document.querySelector('[data-latch-modal]')).toBeNull()
    await unmount()
  })

  it('two providers on one page keep one host each', async () => {
    const a = setup()
    const b = setup()
    const first = await renderWithLatch({ latch: a.latch, children: null })
    const second = await renderWithLatch({ latch: b.latch, children: <LatchProvider latch={b.latch} /> })
    act(() => void a.latch.dispatch({ type: 'modal/opened', payload: {} }))
    act(() => void b.latch.dispatch({ type: 'modal/opened', payload: {} }))
    await settle()
    expect(document.querySelectorAll('[data-latch-modal]').length).toBeGreaterThanOrEqual(2)
    await first.unmount()
    await second.unmount()
  })
})

describe('the page behind the open modal (docs/react.md, "Accessibility")', () => {
  it('is inert while the modal is open and restored exactly on close; kept-interactive elements and the host stay reachable', async () => {
    const { latch } = setup()
    const page = document.createElement('main')
    const alreadyInert = document.createElement('aside')
    alreadyInert.setAttribute('inert', '')
    const kept = document.createElement('div')
    kept.setAttribute('data-latch-keep-interactive', '')
    kept.innerHTML = '<button>Approve</button>'
    const holder = document.createElement('div')
    holder.innerHTML = '<p>text</p><span data-latch-keep-interactive><button>Keep</button></span>'
    document.body.append(page, alreadyInert, kept, holder)
    const { container, unmount } = await renderWithLatch({ latch, children: <ConnectButton /> })
    const opener = container.querySelector('button') as HTMLButtonElement
    opener.focus()
    act(() => opener.click())
    await settle()
    const host = document.querySelector('[data-latch-modal]') as HTMLElement
    const inert = (element: Element) => element.hasAttribute('inert')
    expect([page, container].map(inert)).toEqual([true, true])
    expect(inert(alreadyInert)).toBe(true)
    expect([host, kept, holder, holder.querySelector('span') as Element].map(inert)).toEqual([false, false, false, false])
    expect(inert(holder.querySelector('p') as Element)).toBe(true)
    // An element the page adds while the modal is open is inert too, and restored with the rest.
    const later = document.createElement('section')
    document.body.append(later)
    await act(async () => await Promise.resolve())
    expect(inert(later)).toBe(true)
    // Tab and Esc in a kept element are its own: the dialog neither moves focus back into itself nor closes.
    const approve = kept.querySelector('button') as HTMLButtonElement
    approve.focus()
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, composed: true, cancelable: true })
    act(() => void approve.dispatchEvent(tab))
    expect(tab.defaultPrevented).toBe(false)
    expect(document.activeElement).toBe(approve)
    act(() => void approve.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true, cancelable: true })))
    expect(latch.getState().router.open).toBe(true)

    act(() => void latch.dispatch({ type: 'modal/closed', payload: {} }))
    expect([page, container, later, holder.querySelector('p') as Element].map(inert)).toEqual([false, false, false, false])
    expect(inert(alreadyInert)).toBe(true) // it was inert before: left as it was
    expect(document.activeElement).toBe(opener)
    await unmount()
    for (const element of [page, alreadyInert, kept, holder, later]) element.remove()
  })

  it('is restored when the provider unmounts with the modal open', async () => {
    const { latch } = setup()
    const page = document.createElement('main')
    document.body.append(page)
    const { unmount } = await renderWithLatch({ latch, children: null })
    act(() => void latch.dispatch({ type: 'modal/opened', payload: {} }))
    await settle()
    expect(page.hasAttribute('inert')).toBe(true)
    await unmount()
    expect(page.hasAttribute('inert')).toBe(false)
    page.remove()
  })
})

describe('focus after connecting and disconnecting (docs/react.md, "Accessibility")', () => {
  it('returns to ConnectButton, the same element before and after: Connect → connected → Account → disconnected', async () => {
    const { latch } = setup()
    discover(latch, [connector('metamask', 'MetaMask')])
    const { container, unmount } = await renderWithLatch({ latch, children: <ConnectButton /> })
    const button = container.querySelector('button') as HTMLButtonElement
    button.focus()
    act(() => button.click())
    await settle()
    expect(document.activeElement).not.toBe(button)
    connectAccount(latch)
    act(() => void latch.dispatch(modalClosed({})))
    await settle()
    expect(container.querySelector('button')).toBe(button)
    expect(button.className).toContain('latch-account')
    expect(document.activeElement).toBe(button)
    act(() => button.click())
    await settle()
    expect(latch.getState().router.history).toEqual([{ name: 'Account' }])
    act(() => {
      latch.dispatch(accountDisconnected({}, { ns: 'eip155' }))
      latch.dispatch(modalClosed({}))
    })
    await settle()
    expect(button.className).toContain('latch-connect')
    expect(document.activeElement).toBe(button)
    await unmount()
  })

  it('goes to the successor in the same place when the page swaps the opener for another element', async () => {
    const { latch } = setup()
    discover(latch, [connector('metamask', 'MetaMask')])
    // An integrator's own swap: a Connect button, then an AccountButton (another element), with a link after both.
    function Header() {
      const { isConnected } = useLatchAccount()
      return (
        <nav>
          <a href="#help">Help</a>
          {isConnected ? <AccountButton /> : <button type="button" onClick={() => latch.dispatch({ type: 'modal/opened', payload: {} })}>Sign in</button>}
          <a href="#docs">Docs</a>
        </nav>
      )
    }
    const { container, unmount } = await renderWithLatch({ latch, children: <Header /> })
    const signIn = container.querySelector('nav > button') as HTMLButtonElement
    signIn.focus()
    act(() => signIn.click())
    await settle()
    connectAccount(latch)
    act(() => void latch.dispatch(modalClosed({})))
    await settle()
    expect(signIn.isConnected).toBe(false)
    const account = container.querySelector('nav > button.latch-account')
    expect(account).not.toBeNull()
    expect(document.activeElement).toBe(account)
    await unmount()
  })
})
