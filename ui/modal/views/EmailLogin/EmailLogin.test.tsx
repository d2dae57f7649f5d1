// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectorsDiscovered, modalOpened, type Plugin } from '../../../../kernel/index'
import { embeddedEmailLogin, embeddedOtp, embeddedWallet } from '../../../../plugins/embedded/index'
import { button, click, connector, discover, focused, lastRequest, preloadAll, renderWithLatch, settle, setup, shadow } from '../../../../scripts/testing/ui'
import { codeOf } from './EmailLogin'
import { preloadEmailField } from '../Connect/Connect'

// docs/embedded-wallet.md, "The plugin": the e-mail field of Connect and the EmailLogin view, over the embedded plugin's
// events, slice and reducers; the test answers its intents by hand (the plugin's effect, which loads the frame, is left out).

let cleanup: (() => Promise<void>) | undefined
beforeAll(async () => {
  await preloadAll()
  await preloadEmailField()
})
afterEach(async () => {
  vi.useRealTimers()
  await cleanup?.()
  cleanup = undefined
})

/** The embedded plugin without its effect (and its social logins: ConnectingSocial.test.tsx): the test plays the frame. */
const embeddedViews: Plugin = { ...embeddedWallet({ frameUrl: 'http://127.0.0.1:4000/frame', socials: false }), effects: [] }

async function openConnect(listed = true) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  const t = setup({ plugins: [embeddedViews] })
  cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
  discover(t.latch, [connector('metamask', 'MetaMask')])
  if (listed) act(() => void t.latch.dispatch(connectorsDiscovered({ connectors: [{ id: 'AUTH', name: 'Email', type: 'AUTH', chain: 'eip155' }] })))
  act(() => void t.latch.dispatch(modalOpened({})))
  await settle()
  return t
}

const emailInput = () => shadow().querySelector<HTMLInputElement>('input[type="email"]')
const codeInput = () => shadow().querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')

function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

function paste(input: HTMLInputElement, text: string) {
  act(() => {
    const event = new Event('paste', { bubbles: true, cancelable: true }) as Event & { clipboardData: { getData(kind: string): string } }
    event.clipboardData = { getData: () => text }
    input.dispatchEvent(event)
  })
}

/** Types an address, presses Continue, and answers the code request as the frame would. */
async function toCode(t: Awaited<ReturnType<typeof openConnect>>) {
  type(emailInput()!, 'visitor@example.com')
  click(button('Continue'))
  await settle()
  const asked = lastRequest(t.events, 'embedded/emailLoginRequested')
  act(() => void t.latch.dispatch(embeddedEmailLogin.succeeded({ action: 'VERIFY_OTP', resendAt: t.ports.now() + 30_000 }, { requestId: asked.requestId })))
  await settle()
}

describe('the e-mail login views', () => {
  it('shows the e-mail field after the wallets when the embedded wallet is listed, and not otherwise', async () => {
    await openConnect()
    const sections = [...shadow().querySelectorAll('.connect > section')].map((s) => s.getAttribute('aria-label'))
    expect(sections).toEqual(['Wallets', 'Email'])
    expect(shadow().querySelector('.section-divider')?.textContent).toBe('or')
    const input = emailInput()!
    expect(input.getAttribute('autocomplete')).toBe('email')
    const label = shadow().querySelector(`label[for="${input.id}"]`)
    expect(label?.textContent).toBe('Email')
    // The AUTH connector is never a wallet row.
    expect([...shadow().querySelectorAll('.row-name')].map((e) => e.textContent)).not.toContain('Email')
    await cleanup?.()
    cleanup = undefined
    await openConnect(false)
    expect(emailInput()).toBeNull()
  })

  it('refuses an address that is not one, with a labelled error', async () => {
    const t = await openConnect()
    type(emailInput()!, 'not-an-address')
    click(button('Continue'))
    await settle()
    expect(emailInput()!.getAttribute('aria-invalid')).toBe('true')
    const error = shadow().querySelector('.otp [role="alert"], .email-form [role="alert"]')
    expect(error?.textContent).toBe('Enter a valid email address')
    expect(emailInput()!.getAttribute('aria-describedby')).toBe(error?.id)
    expect(t.ofType('embedded/emailLoginRequested')).toHaveLength(0)
  })

  it('asks for a code, then takes a pasted code whole and checks it at once', async () => {
    const t = await openConnect()
    type(emailInput()!, 'visitor@example.com')
    click(button('Continue'))
    await settle()
    expect(t.ofType('embedded/emailLoginRequested').at(-1)?.payload).toEqual({ email: 'visitor@example.com' })
    expect(shadow().querySelector('.title')?.textContent).toContain('Email')
    expect(shadow().querySelector('.otp-status')?.textContent).toBe('Sending code…')

    const asked = lastRequest(t.events, 'embedded/emailLoginRequested')
    act(() => void t.latch.dispatch(embeddedEmailLogin.succeeded({ action: 'VERIFY_OTP', resendAt: t.ports.now() + 30_000 }, { requestId: asked.requestId })))
    await settle()
    const input = codeInput()!
    expect(input.getAttribute('inputmode')).toBe('numeric')
    expect(shadow().querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Verification code')
    expect(shadow().querySelector('.otp-intro')?.textContent).toBe('Enter the code we sent to visitor@example.com')
    expect(focused()).toBe(input)

    paste(input, ' 123-456 ')
    await settle()
    const otp = lastRequest(t.events, 'embedded/otpRequested')
    expect(otp.payload).toEqual({ otp: '123456' })
    expect(shadow().querySelector('.otp-status')?.textContent).toBe('Verifying…')
    // Logged in: the modal closes, as after any wallet's connect.
    act(() => void t.latch.dispatch(embeddedOtp.succeeded({ caipAddress: 'eip155:1:0x1111111111111111111111111111111111111111' }, { requestId: otp.requestId })))
    await settle()
    expect(t.latch.getState().router.open).toBe(false)
  })

  it("shows the frame's text for a wrong code in an alert, and lets the visitor type again", async () => {
    const t = await openConnect()
    await toCode(t)
    type(codeInput()!, '000000')
    await settle()
    const otp = lastRequest(t.events, 'embedded/otpRequested')
    act(() => void t.latch.dispatch(embeddedOtp.failed({ error: { code: 'FRAME_ERROR', shortMessage: 'Invalid code' } }, { requestId: otp.requestId })))
    await settle()
    expect(shadow().querySelector('.otp [role="alert"], .email-form [role="alert"]')?.textContent).toBe('Invalid code')
    expect(codeInput()!.getAttribute('aria-invalid')).toBe('true')
    expect(codeInput()!.value).toBe('')
    expect(focused()).toBe(codeInput())
    expect(t.latch.getState().router.open).toBe(true)
  })

  it('counts down to the resend, then resends to the same address; a throttled resend says how long to wait', async () => {
    const t = await openConnect()
    await toCode(t)
    const resend = () => shadow().querySelector<HTMLButtonElement>('.otp-resend')!
    expect(resend().textContent).toBe('Resend code in 30 s')
    expect(resend().disabled).toBe(true)
    t.ports.advance(12_500)
    act(() => void vi.advanceTimersByTime(1000))
    expect(resend().textContent).toBe('Resend code in 18 s')
    t.ports.advance(17_500)
    act(() => void vi.advanceTimersByTime(1000))
    expect(resend().textContent).toBe('Resend code')
    expect(resend().disabled).toBe(false)
    click(resend())
    await settle()
    const again = lastRequest(t.events, 'embedded/emailLoginRequested')
    expect(again.payload).toEqual({ email: 'visitor@example.com' })
    act(() => void t.latch.dispatch(embeddedEmailLogin.failed({ error: { code: 'EMAIL_THROTTLED', shortMessage: 'Please try again after 18 seconds', values: { n: 18 } } }, { requestId: again.requestId })))
    await settle()
    // The code entry stays: the code sent before still works.
    expect(codeInput()).not.toBeNull()
    expect(shadow().querySelector('.otp [role="alert"], .email-form [role="alert"]')?.textContent).toBe('Please try again after 18 seconds')
  })

  it('says why no code could be sent, with Back', async () => {
    const t = await openConnect()
    type(emailInput()!, 'visitor@example.com')
    click(button('Continue'))
    await settle()
    const asked = lastRequest(t.events, 'embedded/emailLoginRequested')
    act(() => void t.latch.dispatch(embeddedEmailLogin.failed({ error: { code: 'FRAME_LOAD_FAILED', shortMessage: 'Unable to load email login dependency' } }, { requestId: asked.requestId })))
    await settle()
    expect(shadow().querySelector('.otp [role="alert"], .email-form [role="alert"]')?.textContent).toBe('Unable to load email login dependency')
    click(button('Back'))
    await settle()
    expect(emailInput()).not.toBeNull()
  })

  it('keeps six digits of what is typed or pasted', () => {
    expect(codeOf('123 456')).toBe('123456')
    expect(codeOf('12a3-45')).toBe('12345')
    expect(codeOf('1234567890')).toBe('123456')
  })
})
