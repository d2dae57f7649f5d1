// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { accountConnected, modalOpened, networkSwitched, type Plugin } from '../../../../kernel/index'
import {
  embeddedEmailUpdate,
  embeddedEmailUpdatePrimaryOtp,
  embeddedEmailUpdateSecondaryOtp,
  embeddedUserChanged,
  embeddedWallet,
} from '../../../../plugins/embedded/index'
import { button, click, lastRequest, preloadAll, renderWithLatch, settle, setup, shadow } from '../../../../scripts/testing/ui'

// docs/embedded-wallet.md, "Changing the e-mail": Account's row for the AUTH account, then UpdateEmailWallet over the
// plugin's events and reducers; the test answers the intents as the plugin's effect would.

let cleanup: (() => Promise<void>) | undefined
beforeAll(async () => {
  await preloadAll()
})
afterEach(async () => {
  vi.useRealTimers()
  await cleanup?.()
  cleanup = undefined
})

const embeddedViews: Plugin = { ...embeddedWallet({ frameUrl: 'http://127.0.0.1:4000/frame' }), effects: [] }
const address = '0x1111111111111111111111111111111111111111'

async function openAccount(connectorId = 'AUTH') {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  const t = setup({ plugins: [embeddedViews] })
  cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
  act(() => {
    t.latch.dispatch(embeddedUserChanged({ user: { email: 'old.address.of.the.visitor@example.com', addresses: { eip155: address } } }))
    t.latch.dispatch(accountConnected({ caipAddress: `eip155:1:${address}`, connectorId }, { ns: 'eip155' }))
    t.latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:1' }, { ns: 'eip155' }))
    t.latch.dispatch(modalOpened({ view: { name: 'Account' } }))
  })
  await settle()
  return t
}

function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}
const emailInput = () => shadow().querySelector<HTMLInputElement>('.update-email input[type="email"]')
const codeInput = () => shadow().querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')
const alertText = () => shadow().querySelector('.update-email [role="alert"], .otp [role="alert"]')?.textContent

describe('changing the e-mail of the embedded wallet', () => {
  it('is offered on Account for the AUTH account only, with the login e-mail cut to 30 characters', async () => {
    await openAccount()
    const row = shadow().querySelector('[data-feature="email"]')
    expect(row?.textContent).toContain('Change email')
    expect(row?.textContent).toContain('old.address.of.the.visitor@...')
    await cleanup?.()
    cleanup = undefined
    await openAccount('metamask')
    expect(shadow().querySelector('[data-feature="email"]')).toBeNull()
  })

  it('takes the new e-mail, the current address\'s code, then the new one\'s; errors in alerts; back on Account with the new e-mail', async () => {
    const t = await openAccount()
    click(shadow().querySelector<HTMLButtonElement>('[data-feature="email"] button')!)
    await settle()
    expect(t.latch.getState().router.history.at(-1)?.name).toBe('UpdateEmailWallet')
    type(emailInput()!, 'not-an-email')
    click(button('Continue'))
    await settle()
    expect(alertText()).toBe('Enter a valid email address')

    type(emailInput()!, 'new@example.com')
    click(button('Continue'))
    await settle()
    const asked = lastRequest(t.events, 'embedded/emailUpdateRequested')
    expect(asked.payload).toEqual({ email: 'new@example.com' })
    act(() => void t.latch.dispatch(embeddedEmailUpdate.succeeded({ action: 'VERIFY_PRIMARY_OTP', resendAt: t.ports.now() + 30_000 }, { requestId: asked.requestId })))
    await settle()
    expect(shadow().querySelector('.otp-intro')?.textContent).toBe('Enter the code we sent to your current address, old.address.of.the.visitor@example.com')

    type(codeInput()!, '000000')
    await settle()
    const wrong = lastRequest(t.events, 'embedded/emailUpdatePrimaryOtpRequested')
    act(() => void t.latch.dispatch(embeddedEmailUpdatePrimaryOtp.failed({ error: { code: 'FRAME_ERROR', shortMessage: 'Invalid code' } }, { requestId: wrong.requestId })))
    await settle()
    expect(alertText()).toBe('Invalid code')
    expect(codeInput()!.value).toBe('')

    type(codeInput()!, '314159')
    await settle()
    const primary = lastRequest(t.events, 'embedded/emailUpdatePrimaryOtpRequested')
    expect(JSON.stringify(t.latch.exportLog())).not.toContain('314159')
    act(() => void t.latch.dispatch(embeddedEmailUpdatePrimaryOtp.succeeded({}, { requestId: primary.requestId })))
    await settle()
    expect(shadow().querySelector('.otp-intro')?.textContent).toBe('Enter the code we sent to new@example.com')

    type(codeInput()!, '271828')
    await settle()
    const secondary = lastRequest(t.events, 'embedded/emailUpdateSecondaryOtpRequested')
    act(() => void t.latch.dispatch(embeddedEmailUpdateSecondaryOtp.succeeded({ email: 'new@example.com' }, { requestId: secondary.requestId })))
    await settle()
    expect(t.latch.getState().router.history.at(-1)?.name).toBe('Account')
    expect(shadow().querySelector('[data-feature="email"]')?.textContent).toContain('new@example.com')
    expect(shadow().querySelector('.account-head bdi')?.textContent).toBe('new@example.com')
  })
})
