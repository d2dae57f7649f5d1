import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { accountConnected, createLatch } from '../kernel/index'
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

  it('renders from the configuration alone: what a server instance went through reaches no page (docs/nextjs.md, "What runs on the server")', () => {
    const latch = createLatch()
    latch.dispatch(accountConnected({ caipAddress: 'eip155:1:0x1234567890abcdef1234567890abcdef1234abcd', connectorId: 'x' }, { ns: 'eip155' }))
    expect(latch.getState().chains.eip155.account.status).toBe('connected')
    const html = renderToString(
      <LatchProvider latch={latch}>
        <ConnectButton />
        <AccountButton />
      </LatchProvider>,
    )
    expect(html).toContain('Connect Wallet')
    expect(html).not.toContain('0x1234')
  })

  it('imports the modal chunk without touching window or document', async () => {
    const modal = await import('./modal/index')
    expect(typeof modal.ModalRoot).toBe('function')
    expect(modal.modalCss).toContain('.card')
  })
})
