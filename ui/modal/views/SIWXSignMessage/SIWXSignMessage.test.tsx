// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { accountProfileUpdated, createLatch, modalOpened, selectView, type LatchErrorData, type Logged } from '../../../../kernel/index'
import { createTestPorts } from '../../../../kernel/testing'
import { siwx } from '../../../../plugins/siwx/index'
import { selectSiwx } from '../../../../plugins/siwx/state'
import { siwxSessionsLoaded, siwxSignInFailed, siwxSignInNeeded } from '../../../../plugins/siwx/events'
import { siwxErrors } from '../../../../plugins/siwx/error-codes'
import { previewSiwx } from '../../../../scripts/testing/preview-siwx'
import { button, click, connectAccount, connector, discover, focused, handAnswered, preloadAll, press, renderWithLatch, settle, setup, shadow, testNetworks } from '../../../../scripts/testing/ui'
import { selectCanClose } from '../../selectors'
import { ownImage } from './SIWXSignMessage'

// docs/siwx.md, "The view", with a stand-in for the siwx plugin: its events and its slice, moved by hand as the plugin would.

const address = '0x1234567890abcdef1234567890abcdef1234abcd'
const account = { ns: 'eip155', address, chainId: 'eip155:1' } as const
const walletIcon = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'
const acme = { name: 'Acme Swap', description: 'A swap', url: 'https://acme.test', icons: [] as string[] }

let cleanup: (() => Promise<void>) | undefined
beforeAll(preloadAll)
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

/** A connected account that the stand-in plugin asks to sign in: the modal opens on the view. */
async function open({ required = false, locale, metadata = acme }: { required?: boolean; locale?: string; metadata?: typeof acme } = {}) {
  const t = setup({ plugins: [previewSiwx({ required })], metadata })
  cleanup = (await renderWithLatch({ latch: t.latch, locale, children: null })).unmount
  discover(t.latch, [connector('metamask', 'MetaMask', { imageUrl: walletIcon })])
  connectAccount(t.latch, address)
  act(() => {
    t.latch.dispatch(siwxSignInNeeded({ account }))
    t.latch.dispatch(modalOpened({ view: { name: 'SIWXSignMessage' } }))
  })
  await settle()
  // A catalogue other than English arrives as its own chunk.
  for (let i = 0; i < 20 && locale && shadow().querySelector('.latch-root')?.getAttribute('lang') !== locale; i++) await settle()
  return t
}

const view = () => shadow().querySelector<HTMLElement>('[data-view="SIWXSignMessage"] .siwx')
const heading = () => view()?.querySelector('h3')
const signButton = () => view()?.querySelector<HTMLButtonElement>('.siwx-actions .button.primary') ?? null
const cancelButton = () => view()?.querySelector<HTMLButtonElement>('.siwx-actions .button.secondary') ?? null
const alert = () => view()?.querySelector('[role="alert"]')
const fail = (latch: ReturnType<typeof setup>['latch'], error: LatchErrorData) => act(() => void latch.dispatch(siwxSignInFailed({ error })))

describe('SIWXSignMessage with the real siwx plugin', () => {
  it("Sign raises the 'Authenticating...' loading toast while the wallet is asked: heard in the status region, not drawn over the view", async () => {
    const ports = createTestPorts()
    // jsdom's window: the page the message's domain and URI come from.
    const latch = createLatch({ networks: testNetworks, plugins: [siwx(), handAnswered], ports: { ...ports.ports, window } })
    const events: Logged[] = []
    latch.events$.subscribe((event) => events.push(event))
    cleanup = (await renderWithLatch({ latch, children: null })).unmount
    connectAccount(latch, address)
    for (let i = 0; i < 20 && selectSiwx(latch.getState())?.pending === undefined; i++) await settle()
    expect(selectView(latch.getState()).name).toBe('SIWXSignMessage')
    expect(selectSiwx(latch.getState())?.pending).toEqual({ ...account, type: 'eoa' })
    click(signButton() as HTMLElement)
    for (let i = 0; i < 20 && !events.some((e) => e.type === 'wallet/signMessageRequested'); i++) await settle()
    expect(events.find((e) => e.type === 'toast/requested')?.payload).toEqual({ toast: { message: 'Authenticating...', messageId: 'siwx.signing', variant: 'loading' } })
    act(() => ports.advance(150))
    expect(latch.getState().toast).toMatchObject({ open: true, current: { message: 'Authenticating...', variant: 'loading' } })
    const region = shadow().querySelector('.dialog [role="status"]')
    expect(region?.textContent).toBe('Authenticating...')
    expect(region?.querySelector('.toast')?.classList.contains('visually-hidden')).toBe(true)
    expect(signButton()?.textContent).toBe('Authenticating...')
    latch.destroy()
  })
})

describe('SIWXSignMessage', () => {
  it('asks the connected account to sign in for the dapp: the heading labels the view, focus starts on Sign', async () => {
    await open()
    expect(heading()?.textContent).toBe('Acme Swap wants you to sign in')
    // The name is data: it keeps its own direction inside the sentence.
    expect(heading()?.querySelector('bdi')?.textContent).toBe('Acme Swap')
    expect(view()?.getAttribute('aria-labelledby')).toBe(heading()?.id)
    expect(view()?.querySelector('.subtle')?.textContent).toBe('Signing proves this wallet is yours. It costs no gas and sends no transaction.')
    expect(view()?.querySelector('.siwx-wallet img')?.getAttribute('src')).toBe(walletIcon)
    // No icon given: the dapp's initial.
    expect(view()?.querySelector('.siwx-app')?.textContent).toBe('A')
    expect(view()?.querySelector('.siwx-account bdi')?.textContent).toBe('0x1234…abcd')
    expect(signButton()?.tagName).toBe('BUTTON')
    expect(signButton()?.textContent).toBe('Sign')
    expect(cancelButton()?.tagName).toBe('BUTTON')
    expect(cancelButton()?.textContent).toBe('Cancel')
    expect(focused()).toBe(signButton())
    expect(shadow().querySelector('h2')?.textContent).toBe('Sign In')
  })

  it("shows the account as the header does: its name and avatar when it has them (docs/names.md, \"The account's name\")", async () => {
    const { latch } = await open()
    const avatar = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'
    act(() => void latch.dispatch(accountProfileUpdated({ name: 'latch-dev.eth', image: avatar }, { ns: 'eip155' })))
    expect(view()?.querySelector('.siwx-account bdi')?.textContent).toBe('latch-dev.eth')
    expect(view()?.querySelector('.siwx-account bdi')?.getAttribute('title')).toBe(address)
    expect(view()?.querySelector('.siwx-account img')?.getAttribute('src')).toBe(avatar)
  })

  it('Sign dispatches siwx/signInRequested, Cancel siwx/signInCancelled; the view raises no toast', async () => {
    const { ofType } = await open()
    click(signButton() as HTMLElement)
    expect(ofType('siwx/signInRequested')).toHaveLength(1)
    expect(ofType('siwx/signInCancelled')).toHaveLength(0)
    click(cancelButton() as HTMLElement)
    expect(ofType('siwx/signInCancelled')).toHaveLength(1)
    expect(ofType('toast/requested')).toHaveLength(0)
  })

  it('while the wallet is asked: Sign reads Authenticating..., is disabled and busy and asks nothing more; Cancel stays', async () => {
    const { ofType } = await open()
    click(signButton() as HTMLElement)
    const sign = signButton()
    expect(sign?.textContent).toBe('Authenticating...')
    expect(sign?.getAttribute('aria-disabled')).toBe('true')
    expect(sign?.getAttribute('aria-busy')).toBe('true')
    expect(sign?.querySelector('.spinner.spin[aria-hidden="true"]')).not.toBeNull()
    // The same button, still focused: focus is not lost while it is disabled.
    expect(focused()).toBe(sign)
    click(sign as HTMLElement)
    expect(ofType('siwx/signInRequested')).toHaveLength(1)
    expect(cancelButton()?.disabled).toBe(false)
    expect(cancelButton()?.hasAttribute('aria-disabled')).toBe(false)
    click(cancelButton() as HTMLElement)
    expect(ofType('siwx/signInCancelled')).toHaveLength(1)
  })

  it('a declined signature: the reason in an alert (translated by its code), and Try again asks again at once', async () => {
    const { latch, ofType } = await open()
    expect(alert()).toBeFalsy()
    click(signButton() as HTMLElement)
    fail(latch, { code: 'SIGNATURE_DECLINED', shortMessage: 'Signature declined' })
    expect(alert()?.textContent).toBe('Signature declined')
    expect(signButton()?.textContent).toBe('Try again')
    expect(signButton()?.hasAttribute('aria-disabled')).toBe(false)
    click(signButton() as HTMLElement)
    expect(ofType('siwx/signInRequested')).toHaveLength(2)
    expect(signButton()?.textContent).toBe('Authenticating...')
    expect(alert()).toBeFalsy()
  })

  it('names each failure the plugin reports: a rejection, a smart account the dapp may not support, an authentication error', async () => {
    const { latch } = await open()
    fail(latch, { code: 'USER_REJECTED', shortMessage: 'Signature declined', messageId: 'USER_REJECTED' })
    expect(alert()?.textContent).toBe('Signature declined')
    fail(latch, { code: 'SMART_ACCOUNT_UNSUPPORTED', shortMessage: 'x' })
    expect(alert()?.textContent).toBe('This application might not support Smart Accounts')
    fail(latch, { code: 'SIWX_AUTH_ERROR', shortMessage: 'x' })
    expect(alert()?.textContent).toBe(siwxErrors.codes.SIWX_AUTH_ERROR)
    // A code without a visitor text keeps the plugin's own words.
    fail(latch, { code: 'NETWORK_ERROR', shortMessage: 'The server did not answer' })
    expect(alert()?.textContent).toBe('The server did not answer')
  })

  it('cannot be closed while sign-in is required and the account has no session; can once it has one', async () => {
    const { latch } = await open({ required: true })
    expect(button('Close').hasAttribute('disabled')).toBe(true)
    press('Escape')
    expect(latch.getState().router.open).toBe(true)
    act(() => void latch.dispatch(siwxSessionsLoaded({ sessions: [{ ...account, issuedAt: '2026-01-01T00:00:00.000Z' }] })))
    expect(button('Close').hasAttribute('disabled')).toBe(false)
    press('Escape')
    expect(latch.getState().router.open).toBe(false)
  })

  it('can be closed when sign-in is not required', async () => {
    const { latch } = await open({ required: false })
    expect(button('Close').hasAttribute('disabled')).toBe(false)
    press('Escape')
    expect(latch.getState().router.open).toBe(false)
  })

  it('counts a session only until it expires (selectCanClose at a given time)', async () => {
    const { latch } = await open({ required: true })
    const expiresAt = Date.parse('2026-06-01T00:00:00.000Z')
    act(() => void latch.dispatch(siwxSessionsLoaded({ sessions: [{ ...account, issuedAt: '2026-05-01T00:00:00.000Z', expiresAt: new Date(expiresAt).toISOString() }] })))
    expect(selectCanClose(latch.getState(), expiresAt - 1)).toBe(true)
    expect(selectCanClose(latch.getState(), expiresAt)).toBe(false)
  })

  it('speaks the visitor language: French texts, the error in French', async () => {
    const { latch } = await open({ locale: 'fr' })
    expect(heading()?.textContent).toBe('Acme Swap vous demande de vous identifier')
    expect(signButton()?.textContent).toBe('Signer')
    expect(cancelButton()?.textContent).toBe('Annuler')
    click(signButton() as HTMLElement)
    expect(signButton()?.textContent).toBe('Authentification...')
    fail(latch, { code: 'SIGNATURE_DECLINED', shortMessage: 'Signature declined' })
    expect(alert()?.textContent).toBe('Signature refusée')
  })

  it('in Arabic the modal lays out right to left with the Arabic texts', async () => {
    await open({ locale: 'ar' })
    expect(shadow().querySelector('.latch-root')?.getAttribute('dir')).toBe('rtl')
    expect(heading()?.textContent).toBe('Acme Swap يطلب منك تسجيل الدخول')
    expect(heading()?.querySelector('bdi')?.textContent).toBe('Acme Swap')
    expect(signButton()?.textContent).toBe('توقيع')
  })

  it("shows the dapp's icon only from a data: URI or the page's own origin, never a third-party host", async () => {
    expect(ownImage('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=')
    expect(ownImage('/icon.png')).toBe(`${location.origin}/icon.png`)
    expect(ownImage(`${location.origin}/a/b.svg`)).toBe(`${location.origin}/a/b.svg`)
    expect(ownImage('https://cdn.example.org/icon.png')).toBeUndefined()
    expect(ownImage('//cdn.example.org/icon.png')).toBeUndefined()
    expect(ownImage('javascript:alert(1)')).toBeUndefined()
    expect(ownImage('data:text/html,<b>')).toBeUndefined()
    await open({ metadata: { ...acme, icons: ['https://cdn.example.org/icon.png', '/acme.png'] } })
    expect(view()?.querySelector('.siwx-app img')?.getAttribute('src')).toBe(`${location.origin}/acme.png`)
  })

  it('falls back to the initial when the only icons are third-party, and to its own words without a name', async () => {
    await open({ metadata: { ...acme, name: 'élan', icons: ['https://cdn.example.org/icon.png'] } })
    expect(view()?.querySelector('.siwx-app img')).toBeNull()
    expect(view()?.querySelector('.siwx-app')?.textContent).toBe('É')
    await cleanup?.()
    await open({ metadata: { ...acme, name: '  ' } })
    expect(heading()?.textContent).toBe('This app wants you to sign in')
    expect(view()?.querySelector('.siwx-app svg')).not.toBeNull()
  })
})
