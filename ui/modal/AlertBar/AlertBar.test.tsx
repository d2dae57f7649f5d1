// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { api, alertRaised } from '../../../plugins/api/index'
import { ConnectButton } from '../../components/ConnectButton/ConnectButton'
import { act } from 'react'
import { preloadAll, click, dialog, renderWithLatch, settle, setup } from '../../../scripts/testing/ui'

let cleanup: (() => Promise<void>) | undefined
beforeAll(preloadAll)
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

describe('the alert bar (docs/operations.md, "Alerts")', () => {
  it("shows the raised alert above the header as an alert region — 'Invalid App Configuration' and why — and Dismiss clears it", async () => {
    const { latch } = setup({ plugins: [api()] })
    const rendered = await renderWithLatch({ latch, children: <ConnectButton /> })
    cleanup = rendered.unmount
    click(rendered.container.querySelector('button') as HTMLButtonElement)
    await settle()
    const region = () => dialog()?.querySelector('.alert-region') as HTMLElement
    expect(region().getAttribute('role')).toBe('alert')
    expect(region().textContent).toBe('')
    await act(async () => void latch.dispatch(alertRaised({ id: 'ORIGIN_NOT_ALLOWED' })))
    const bar = region().querySelector('.alert-bar') as HTMLElement
    expect(bar.querySelector('.alert-title')?.textContent).toBe('Invalid App Configuration')
    expect(bar.querySelector('.alert-text')?.textContent).toContain("not on the project's allowlist")
    // Above the header, inside the card.
    expect(bar.closest('.card')?.firstElementChild).toBe(region())
    await act(async () => void latch.dispatch(alertRaised({ id: 'RATE_LIMITED' })))
    expect(region().querySelector('.alert-title')?.textContent).toBe('Rate Limited')
    const dismiss = region().querySelector('button.alert-dismiss') as HTMLButtonElement
    expect(dismiss.textContent).toBe('Dismiss')
    click(dismiss)
    await settle()
    expect(region().textContent).toBe('')
    expect(latch.getState().alerts).toEqual({})
  })
})
