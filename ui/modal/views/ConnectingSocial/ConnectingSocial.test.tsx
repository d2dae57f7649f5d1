// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectorsDiscovered, LatchError, modalOpened, routerPushed, type Plugin } from '../../../../kernel/index'
import { embeddedErrors, embeddedFarcasterUrlShown, embeddedSocialLogin, embeddedSocialPopupChanged, embeddedFarcasterLogin, embeddedWallet, type SocialLogin } from '../../../../plugins/embedded/index'
import { button, click, lastRequest, preloadAll, renderWithLatch, settle, setup, shadow } from '../../../../scripts/testing/ui'
import { preloadEmailField, preloadSocialButtons } from '../Connect/Connect'
import { socialLayout } from './SocialButtons'
import { selectTitle } from '../../titles'

// docs/embedded-wallet.md, "Social logins": Connect's social buttons and the ConnectingSocial and ConnectingFarcaster
// views, over the embedded plugin's events, slice and reducers; the test answers its intents by hand (the plugin's
// effect, which loads the frame, is left out).

let cleanup: (() => Promise<void>) | undefined
beforeAll(async () => {
  await preloadAll()
  await preloadEmailField()
  await preloadSocialButtons()
})
afterEach(async () => {
  vi.restoreAllMocks()
  await cleanup?.()
  cleanup = undefined
})

const views = (socials?: readonly SocialLogin[] | false): Plugin => ({ ...embeddedWallet({ frameUrl: 'http://127.0.0.1:4000/frame', ...(socials === undefined ? {} : { socials }) }), effects: [] })

async function openConnect(socials?: readonly SocialLogin[] | false) {
  const t = setup({ plugins: [views(socials)] })
  cleanup = (await renderWithLatch({ latch: t.latch, children: null })).unmount
  act(() => void t.latch.dispatch(connectorsDiscovered({ connectors: [{ id: 'AUTH', name: 'Email', type: 'AUTH', chain: 'eip155' }] })))
  act(() => void t.latch.dispatch(modalOpened({})))
  await settle()
  return t
}

const socialButtons = () => [...shadow().querySelectorAll<HTMLButtonElement>('.social-button')]
const visibleProviders = () => socialButtons().filter((b) => !b.closest('[hidden]') && b.dataset.provider).map((b) => b.dataset.provider)
/** A popup as window.open gives it. */
const fakePopup = () => ({ closed: false, close: vi.fn(), location: { href: '' } }) as unknown as Window

describe('Connect: the social logins', () => {
  it('lays out one wide button, up to five icons, or four and "more"', () => {
    expect(socialLayout(['google'])).toEqual({ wide: true, shown: ['google'], more: [] })
    expect(socialLayout(['google', 'x', 'github', 'apple', 'discord'])).toMatchObject({ wide: false, more: [] })
    expect(socialLayout(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])).toEqual({
      wide: false,
      shown: ['google', 'x', 'farcaster', 'discord'],
      more: ['apple', 'github', 'facebook'],
    })
  })

  it('shows the configured socials after the e-mail field, in order, the rest behind "more"', async () => {
    await openConnect()
    const sections = [...shadow().querySelectorAll('.connect > section')].map((s) => s.getAttribute('aria-label'))
    expect(sections).toEqual(['Wallets', 'Email', 'Social logins'])
    expect(visibleProviders()).toEqual(['google', 'x', 'farcaster', 'discord'])
    expect(button('Continue with Google').getAttribute('aria-label')).toBe('Continue with Google')
    const more = button('More ways to log in')
    expect(more.getAttribute('aria-expanded')).toBe('false')
    expect(shadow().getElementById(more.getAttribute('aria-controls')!)?.hidden).toBe(true)
    click(more)
    expect(more.getAttribute('aria-expanded')).toBe('true')
    expect(visibleProviders()).toEqual(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
  })

  it('follows the dapp\'s order, and shows no social slot for socials: false', async () => {
    await openConnect(['github', 'google'])
    expect(visibleProviders()).toEqual(['github', 'google'])
    expect(() => button('More ways to log in')).toThrow()
    await cleanup?.()
    cleanup = undefined
    await openConnect(false)
    expect(socialButtons()).toEqual([])
    expect([...shadow().querySelectorAll('.connect > section')].map((s) => s.getAttribute('aria-label'))).toEqual(['Wallets', 'Email'])
  })

  it('opens the popup inside the click, before anything is awaited, then shows ConnectingSocial', async () => {
    const t = await openConnect(['google', 'github'])
    const open = vi.spyOn(window, 'open').mockImplementation(() => fakePopup())
    let openedInClick = 0
    act(() => {
      button('Continue with GitHub').click()
      openedInClick = open.mock.calls.length
    })
    expect(openedInClick).toBe(1)
    expect(open.mock.calls[0]).toEqual(['', 'latch-social', 'popup,width=500,height=640'])
    expect(lastRequest(t.events, 'embedded/socialLoginRequested').payload).toEqual({ provider: 'github' })
    await settle()
    expect(t.latch.getState().router.history.at(-1)?.name).toBe('ConnectingSocial')
    expect(shadow().textContent).toContain('Opening GitHub…')
  })
})

describe('ConnectingSocial', () => {
  async function onView(provider: 'google' | 'x' = 'google') {
    const t = await openConnect([provider])
    vi.spyOn(window, 'open').mockImplementation(() => fakePopup())
    click(button(`Continue with ${provider === 'x' ? 'X' : 'Google'}`))
    await settle()
    return { t, requestId: lastRequest(t.events, 'embedded/socialLoginRequested').requestId }
  }

  it('says to continue in the popup, then that the window closed, with Try again', async () => {
    const { t } = await onView('x')
    act(() => void t.latch.dispatch(embeddedSocialPopupChanged({ status: 'waiting' })))
    expect(shadow().textContent).toContain('Continue in the popup window')
    expect(selectTitle(t.latch.getState(), [])).toEqual({ name: 'X' })
    act(() => void t.latch.dispatch(embeddedSocialPopupChanged({ status: 'windowClosed' })))
    expect(shadow().textContent).toContain('The window was closed. If you did not finish logging in, try again.')
    expect(button('Try again')).toBeTruthy()
  })

  it('shows a blocked popup; Try again opens one inside its click', async () => {
    const { t, requestId } = await onView()
    act(() => void t.latch.dispatch({ ...embeddedSocialLogin.failed({ error: embeddedErrors.error('POPUP_BLOCKED').toData() }), requestId }))
    expect(shadow().textContent).toContain('Your browser blocked the popup window.')
    const open = vi.spyOn(window, 'open').mockImplementation(() => fakePopup())
    open.mockClear()
    let openedInClick = 0
    act(() => {
      button('Try again').click()
      openedInClick = open.mock.calls.length
    })
    expect(openedInClick).toBe(1)
    expect(t.ofType('embedded/socialLoginRequested')).toHaveLength(2)
  })

  it("shows the service's text for a denied login, in an alert", async () => {
    const { t, requestId } = await onView()
    act(() => void t.latch.dispatch({ ...embeddedSocialLogin.failed({ error: new LatchError('FRAME_ERROR', { shortMessage: 'The login was cancelled' }).toData() }), requestId }))
    expect(shadow().querySelector('.social-error[role="alert"]')?.textContent).toBe('The login was cancelled')
    expect(button('Try again')).toBeTruthy()
  })
})

describe('ConnectingFarcaster', () => {
  it('draws the URL from the live event as a QR code with copy and open, never from the state', async () => {
    const t = await openConnect(['farcaster'])
    click(button('Continue with Farcaster'))
    await settle()
    expect(t.latch.getState().router.history.at(-1)?.name).toBe('ConnectingFarcaster')
    expect(lastRequest(t.events, 'embedded/farcasterLoginRequested')).toBeTruthy()
    expect(shadow().querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBe('Preparing the sign-in code…')
    const url = 'farcaster://connect?channelToken=abc&nonce=1'
    act(() => void t.latch.dispatch(embeddedFarcasterUrlShown({ url })))
    expect(shadow().querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('QR code to sign in with Farcaster')
    expect(shadow().querySelector('.fc-qr path')?.getAttribute('d')).toBeTruthy()
    expect(button('Open Farcaster').getAttribute('href')).toBe(url)
    expect(button('Copy link')).toBeTruthy()
    expect(shadow().textContent).toContain('Waiting for you to sign in…')
    expect(JSON.stringify(t.latch.getState())).not.toContain('channelToken')
    const requestId = lastRequest(t.events, 'embedded/farcasterLoginRequested').requestId
    act(() => void t.latch.dispatch({ ...embeddedFarcasterLogin.failed({ error: new LatchError('REQUEST_TIMEOUT', { message: 'GENERIC' }).toData() }), requestId }))
    expect(shadow().querySelector('.social-error[role="alert"]')?.textContent).toBe('Something went wrong')
    expect(button('Try again')).toBeTruthy()
  })

  it('is opened from a view pushed by hand too', async () => {
    const t = await openConnect(['farcaster'])
    act(() => void t.latch.dispatch(routerPushed({ view: { name: 'ConnectingFarcaster' } })))
    await settle()
    expect(shadow().textContent).toContain('Scan this code')
  })
})
