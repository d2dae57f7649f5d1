// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { connectorsDiscovered, modalClosed, modalOpened, walletConnectFailed } from '../kernel/index'
import { connector, handAnswered, lastRequest, preloadAll, setup } from '../scripts/testing/ui'
import { startConnect } from '../ui/modal/connect-attempt'
import { mountLatchDevtools } from './LatchDevtools'

// docs/devtools.md: stepping the slider back to a failed connect draws that screen in the read-only copy, and the live
// Latch takes no event from the panel.

let unmount: (() => void) | undefined
beforeAll(preloadAll)
afterEach(() => {
  act(() => unmount?.())
  unmount = undefined
})

const panel = () => document.querySelector('latch-devtools')?.shadowRoot ?? null

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
  expect(check()).toBe(true)
}

describe('LatchDevtools', () => {
  it('steps back to a failed connect and shows the failed-connect screen, read-only', async () => {
    const live = setup()
    const metamask = connector('io.metamask', 'MetaMask')
    live.latch.dispatch(connectorsDiscovered({ connectors: [metamask] }))
    live.latch.dispatch(modalOpened({}))
    const done = startConnect(live.latch, metamask)
    const request = lastRequest(live.events, 'wallet/connectRequested')
    live.latch.dispatch(walletConnectFailed({ error: { code: 'USER_REJECTED', shortMessage: 'Connection declined' } }, { ns: 'eip155', requestId: request.requestId }))
    await done
    live.latch.dispatch(modalClosed({}))
    await act(async () => void (unmount = mountLatchDevtools(live.latch, { plugins: [handAnswered] })))
    await until(() => panel()?.querySelector('[aria-label="Events"]') != null)
    const seen = live.events.length
    const state = live.latch.getState()

    expect(panel()!.querySelector('.dt-frame')!.textContent).toContain('The modal is closed at this event.')
    const failed = [...panel()!.querySelectorAll<HTMLButtonElement>('[aria-label="Events"] button')].find((b) => b.textContent?.includes('connection/attemptEnded'))!
    expect(panel()!.querySelector('[aria-label="Wallet requests and timed messages"]')!.textContent).toContain('wallet/connect eip155 — failed USER_REJECTED')
    act(() => failed.click())
    await until(() => (panel()!.querySelector('.dt-frame .view [role="alert"]')?.textContent ?? '') === 'Connection declined')
    expect(panel()!.querySelector('.dt-frame')!.textContent).toContain('Retry')
    expect(panel()!.querySelector('.dt-frame')!.hasAttribute('inert')).toBe(true)
    expect(panel()!.querySelector('[aria-label="State diff"]')!.textContent).toContain('connection.attempt')
    expect(live.events.length).toBe(seen)
    expect(live.latch.getState()).toBe(state)
  })

  it('a junk file gets the documented error in an alert', async () => {
    const live = setup()
    await act(async () => void (unmount = mountLatchDevtools(live.latch)))
    await until(() => panel()?.querySelector('input[type="file"]') != null)
    const input = panel()!.querySelector<HTMLInputElement>('input[type="file"]')!
    Object.defineProperty(input, 'files', { value: [new File(['not a log'], 'junk.json')] })
    await act(async () => void input.dispatchEvent(new Event('change', { bubbles: true })))
    await until(() => panel()!.querySelector('[role="alert"]') != null)
    expect(panel()!.querySelector('[role="alert"]')!.textContent).toMatch(/^This is not a Latch event log/)
  })
})
