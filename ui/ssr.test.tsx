import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { createLatch } from '../kernel/index'
import { AccountButton, ConnectButton, ConnectButtonRenderer, LatchProvider, NetworkButton } from './index'

// Runs in the node environment: no window, no document.
describe('server-side rendering', () => {
  it('renders the provider and buttons without touching window or document', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
    const html = renderToString(
      <LatchProvider latch={createLatch()}>
        <ConnectButton />
        <AccountButton />
        <NetworkButton />
        <ConnectButtonRenderer>{(state) => <span>{state.status}</span>}</ConnectButtonRenderer>
      </LatchProvider>,
    )
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('class="latch-button latch-connect"')
    expect(html).toContain('<span>disconnected</span>')
    expect(html).not.toContain('style=')
  })

  it('imports the modal chunk without touching window or document', async () => {
    const modal = await import('./modal/index')
    expect(typeof modal.ModalRoot).toBe('function')
    expect(modal.modalCss).toContain('.card')
  })
})
