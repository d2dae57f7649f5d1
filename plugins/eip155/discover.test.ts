import { describe, expect, it } from 'vitest'
import { createLatch } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { eip155 } from './index'
import { parseAnnouncement } from './discover'
import { createFakeWindow, createTestWallet } from '../../scripts/testing/eip155-test-wallet'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const wallet = (info?: { name?: string; rdns?: string; icon?: string }) =>
  createTestWallet({ chains: {}, chainId: 31337, account, ...(info ? { info } : {}) })

function start(win: ReturnType<typeof createFakeWindow>) {
  const t = createTestPorts()
  const latch = createLatch({ plugins: [eip155()], ports: { ...t.ports, window: win.window } })
  return { latch, t, connectors: () => latch.getState().connectors.list }
}

describe('discovery', () => {
  it('lists every EIP-6963 wallet as an ANNOUNCED eip155 connector, including late announcements', () => {
    const win = createFakeWindow()
    const first = wallet()
    first.announceOn(win.target)
    const { latch, connectors } = start(win)
    expect(connectors()).toEqual([
      { id: 'test.latch.wallet', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155', imageUrl: first.info.icon, info: { rdns: 'test.latch.wallet' } },
    ])
    wallet({ name: 'Late Wallet', rdns: 'com.example.late' }).announceOn(win.target)
    expect(connectors().map((c) => c.id)).toEqual(['test.latch.wallet', 'com.example.late'])
    // A wallet answering every request re-announces itself: no duplicate, no extra event.
    win.target.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(connectors()).toHaveLength(2)
    expect(latch.exportLog().events.filter((e) => e.type === 'connectors/discovered')).toHaveLength(2)
  })

  it('ignores junk announcements without a trace in state and without faults', () => {
    const win = createFakeWindow()
    const { latch, connectors } = start(win)
    const provider = wallet().provider
    const junk: unknown[] = [
      undefined,
      null,
      42,
      'io.metamask',
      { info: { uuid: 'u', name: 'No provider', icon: '', rdns: 'com.example.a' } },
      { info: { uuid: 'u', name: 'Bad provider', icon: '', rdns: 'com.example.b' }, provider: { request: 'nope' } },
      { info: { uuid: 'u', name: 'Bad rdns', icon: '', rdns: 'not a domain' }, provider },
      { info: { uuid: 'u', name: 7, icon: '', rdns: 'com.example.c' }, provider },
      { info: { uuid: '', name: 'No uuid', icon: '', rdns: 'com.example.d' }, provider },
      { info: 'nope', provider },
    ]
    for (const detail of junk) win.target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    win.target.dispatchEvent(new Event('eip6963:announceProvider'))
    expect(connectors()).toEqual([])
    expect(latch.exportLog().events.map((e) => e.type)).toEqual(['latch/configured'])
  })

  it('keeps only data: icons (EIP-6963), so no remote image is loaded for an announcement', () => {
    const entry = parseAnnouncement({ info: { uuid: 'u', name: 'W', icon: 'https://tracker.example/pixel.png', rdns: 'com.example.w' }, provider: wallet().provider })
    expect(entry?.connector).toEqual({ id: 'com.example.w', name: 'W', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'com.example.w' } })
  })

  it("lists a legacy window.ethereum as 'Browser Wallet' unless it is an announced wallet", () => {
    const legacy = wallet({ rdns: 'com.example.legacy' })
    const win = createFakeWindow(legacy.provider)
    const { connectors } = start(win)
    expect(connectors()).toEqual([{ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155' }])
    // The same object announces itself later: one entry, under its own name.
    legacy.announceOn(win.target)
    expect(connectors().map((c) => c.id)).toEqual(['com.example.legacy'])

    const announced = wallet()
    const win2 = createFakeWindow(announced.provider)
    announced.announceOn(win2.target)
    expect(start(win2).connectors().map((c) => c.id)).toEqual(['test.latch.wallet'])
  })

  it('picks up a window.ethereum injected after start (ethereum#initialized)', () => {
    const win = createFakeWindow()
    const { connectors } = start(win)
    expect(connectors()).toEqual([])
    win.target.ethereum = wallet().provider
    win.target.dispatchEvent(new Event('ethereum#initialized'))
    expect(connectors().map((c) => c.id)).toEqual(['injected'])
  })

  it('does nothing without a window (server-side rendering), and removes its listeners on destroy', () => {
    const t = createTestPorts()
    const ssr = createLatch({ plugins: [eip155()], ports: t.ports })
    expect(ssr.getState().connectors.list).toEqual([])

    const win = createFakeWindow()
    const { latch } = start(win)
    expect(win.listenerCount('eip6963:announceProvider')).toBe(1)
    latch.destroy()
    expect(win.listenerCount('eip6963:announceProvider')).toBe(0)
    expect(win.listenerCount('ethereum#initialized')).toBe(0)
  })
})
