// @vitest-environment jsdom
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { ConnectButton } from '../ConnectButton/ConnectButton'
import { connector, dialog, discover, renderWithLatch, settle, setup } from '../../../scripts/testing/ui'
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
