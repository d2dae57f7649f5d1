// @vitest-environment jsdom
import { act, StrictMode, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { filter, mergeMap } from 'rxjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { accountConnected, createLatch, definePlugin, type Latch } from '../kernel/index'
import { testNetworks } from '../scripts/testing/ui'
import { AccountButton, ConnectButton, ConnectButtonRenderer, LatchProvider, NetworkButton } from './index'

// docs/nextjs.md, "Hydration": a page rendered on a server, reloaded by a visitor whose connection is stored, hydrates with
// no mismatch; the account shows right after. Runs on React 19 (unit) and 18.3 (unit-react18).
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const address = '0x1234567890abcdef1234567890abcdef1234abcd'

/** The wallet answers the silent reconnect when the test says so. */
let answer: () => void = () => undefined
let answered: Promise<void> = Promise.resolve()
function holdWallet() {
  answered = new Promise((resolve) => (answer = resolve))
}

/** Reconnects the stored connector as the eip155 plugin does (docs/behaviour.md, "Reconnect"), a moment after storage is read. */
const reconnector = definePlugin({
  name: 'test-reconnector',
  namespaces: ['eip155'],
  effects: [
    (events$, ctx) =>
      events$.pipe(
        filter((event) => event.type === 'storage/hydrated'),
        mergeMap(async () => {
          await answered
          const connectorId = ctx.getState().chains.eip155.reconnectConnectorId ?? 'none'
          return accountConnected({ caipAddress: `eip155:10:${address}`, connectorId }, { ns: 'eip155' })
        }),
      ),
  ],
})

/** A Latch as the server has it (no window, no storage), or as the browser has it (jsdom's window and localStorage). */
function instance(where: 'server' | 'browser'): Latch {
  const ports = where === 'server' ? { storage: undefined, window: undefined } : {}
  return createLatch({ networks: testNetworks, plugins: [reconnector], ports })
}

/** Renders as a server does: no document (so no layout effect runs, as on React 18's server renderer) and no browser storage. */
function renderOnServer(node: ReactNode): string {
  vi.stubGlobal('document', undefined)
  vi.stubGlobal('localStorage', undefined)
  try {
    return renderToString(node)
  } finally {
    vi.unstubAllGlobals()
  }
}

function page(latch: Latch, statuses: string[]): ReactNode {
  return (
    <StrictMode>
      <LatchProvider latch={latch}>
        <ConnectButton />
        <NetworkButton />
        <AccountButton />
        <ConnectButtonRenderer>
          {(state) => {
            statuses.push(state.status)
            return <output>{state.status}</output>
          }}
        </ConnectButtonRenderer>
      </LatchProvider>
    </StrictMode>
  )
}

/** What a stored connection to MetaMask on Optimism leaves in localStorage (docs/storage.md). */
function storeConnection() {
  localStorage.setItem('@latch/connectedConnectorId/eip155', '"io.metamask"')
  localStorage.setItem('@latch/connectionStatus', '"connected"')
  localStorage.setItem('@latch/connectedNamespaces', '["eip155"]')
  localStorage.setItem('@latch/activeNamespace', '"eip155"')
  localStorage.setItem('@latch/activeCaipNetworkId', '"eip155:10"')
}

let errors: unknown[]
let consoleError: ReturnType<typeof vi.spyOn>
const cleanups: (() => void)[] = []

beforeEach(() => {
  answered = Promise.resolve()
  errors = []
  consoleError = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(" ").slice(0, 300)))
  localStorage.clear()
})

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  consoleError.mockRestore()
  localStorage.clear()
  document.body.innerHTML = ''
})

describe('hydrating a server-rendered page (docs/nextjs.md, "Hydration")', () => {
  it('with a stored connection: no mismatch, the server’s markup first, then the account', async () => {
    const server = instance('server')
    const html = renderOnServer(page(server, []))
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('Ethereum')
    expect(html).not.toContain('latch-account')

    storeConnection()
    holdWallet()
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const latch = instance('browser')
    expect(latch.getState().connection.status).toBe('reconnecting')
    const statuses: string[] = []
    const recoverable: unknown[] = []
    await act(async () => {
      const root = hydrateRoot(container, page(latch, statuses), { onRecoverableError: (error) => void recoverable.push(error) })
      cleanups.push(() => act(() => root.unmount()))
    })
    expect(recoverable.map(String)).toEqual([])
    expect(errors).toEqual([])
    // The first client render is the server's; the live state follows.
    expect(statuses[0]).toBe('disconnected')
    expect(statuses.at(-1)).toBe('reconnecting')
    expect(container.querySelector('.latch-connect')?.getAttribute('aria-busy')).toBe('true')
    await act(async () => answer())
    expect(statuses.at(-1)).toBe('connected')
    expect(container.querySelector('.latch-account')?.getAttribute('aria-label')).toContain('0x1234')
    expect(container.querySelector('.latch-network')?.textContent).toContain('Optimism')
    expect(container.textContent).not.toContain('Connect Wallet')
    server.destroy()
    latch.destroy()
  })

  it('with nothing stored: no mismatch and nothing changes', async () => {
    const server = instance('server')
    const html = renderOnServer(page(server, []))
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const latch = instance('browser')
    const recoverable: unknown[] = []
    await act(async () => {
      const root = hydrateRoot(container, page(latch, []), { onRecoverableError: (error) => void recoverable.push(error) })
      cleanups.push(() => act(() => root.unmount()))
    })
    expect(recoverable.map(String)).toEqual([])
    expect(errors).toEqual([])
    expect(container.textContent).toContain('Connect Wallet')
    server.destroy()
    latch.destroy()
  })

  it('a page rendered on the client only starts from the live state (no disconnected frame first)', async () => {
    storeConnection()
    holdWallet()
    const latch = instance('browser')
    const container = document.createElement('div')
    document.body.append(container)
    const statuses: string[] = []
    await act(async () => {
      const root = createRoot(container)
      root.render(page(latch, statuses))
      cleanups.push(() => act(() => root.unmount()))
    })
    expect(statuses).not.toContain('disconnected')
    expect(statuses[0]).toBe('reconnecting')
    await act(async () => answer())
    expect(statuses.at(-1)).toBe('connected')
    expect(errors).toEqual([])
    latch.destroy()
  })

  it('the server state is the configuration alone, the same on a server and in a browser with a stored connection', () => {
    storeConnection()
    const browser = instance('browser')
    const server = instance('server')
    expect(browser.getState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:10')
    expect(browser.getServerState()).toEqual(server.getServerState())
    expect(browser.getServerState().connection.status).toBe('disconnected')
    expect(browser.getServerState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:1')
    expect(browser.getServerState()).toBe(browser.getServerState())
    expect(Object.isFrozen(browser.getServerState().options)).toBe(true)
    browser.destroy()
    server.destroy()
  })
})
