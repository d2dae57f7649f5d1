// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { accountProfileUpdated, modalOpened } from '../../../kernel/index'
import { connectAccount, preloadAll, renderWithLatch, settle, setup, shadow } from '../../../scripts/testing/ui'
import { AccountButton } from '../AccountButton/AccountButton'
import { AccountIdentity, selectAccountIdentity } from './AccountIdentity'
import { embeddedUserChanged, embeddedWallet } from '../../../plugins/embedded/index'
import type { Plugin } from '../../../kernel/index'

/** The embedded plugin without its effect: the test says who is logged in. */
const embeddedViews: Plugin = { ...embeddedWallet({ frameUrl: 'http://127.0.0.1:4000/frame' }), effects: [] }

// docs/names.md, "The account's name": one identity of the account, wherever it is drawn.

const address = '0x1234567890abcdef1234567890abcdef1234abcd'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const avatar = 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

describe('the account identity', () => {
  it("is the connected account's profile name and image, for its address in any case; any other address has none", () => {
    const { latch } = setup()
    connectAccount(latch, address)
    expect(selectAccountIdentity(latch.getState(), 'eip155', address)).toEqual({})
    latch.dispatch(accountProfileUpdated({ name: 'latch-dev.eth', image: avatar }, { ns: 'eip155' }))
    expect(selectAccountIdentity(latch.getState(), 'eip155', address.toUpperCase().replace('0X', '0x'))).toEqual({ name: 'latch-dev.eth', image: avatar })
    expect(selectAccountIdentity(latch.getState(), undefined, address)).toEqual({ name: 'latch-dev.eth', image: avatar })
    expect(selectAccountIdentity(latch.getState(), 'eip155', other)).toEqual({})
    expect(selectAccountIdentity(latch.getState(), 'solana', address)).toEqual({})
  })

  it('draws the same name and picture in the account button, the Account view and wherever AccountIdentity is used', async () => {
    await preloadAll()
    const { latch } = setup()
    const rendered = await renderWithLatch({
      latch,
      children: (
        <>
          <AccountButton />
          <p id="somewhere">
            <AccountIdentity address={address} />
          </p>
          <p id="recipient">
            <AccountIdentity address={other} name="alice.eth" />
          </p>
        </>
      ),
    })
    cleanup = rendered.unmount
    connectAccount(latch, address)
    act(() => void latch.dispatch(accountProfileUpdated({ name: 'latch-dev.eth', image: avatar }, { ns: 'eip155' })))
    act(() => void latch.dispatch(modalOpened({ view: { name: 'Account' } })))
    await settle()
    const button = rendered.container.querySelector('.latch-account-id') as HTMLElement
    const somewhere = rendered.container.querySelector('#somewhere') as HTMLElement
    const account = shadow().querySelector('.account-head') as HTMLElement
    for (const drawn of [button, somewhere, account]) {
      expect(drawn.querySelector('bdi')?.textContent).toBe('latch-dev.eth')
      expect(drawn.querySelector('img')?.getAttribute('src')).toBe(avatar)
    }
    const recipient = rendered.container.querySelector('#recipient') as HTMLElement
    expect(recipient.textContent).toBe('alice.eth (0x7099…79C8)')
    expect(recipient.querySelector('svg')).not.toBeNull()
  })

  it("names the embedded wallet's account by its login e-mail, cut to 30 characters, in the button and Account", async () => {
    await preloadAll()
    const { latch } = setup({ plugins: [embeddedViews] })
    const rendered = await renderWithLatch({ latch, children: <AccountButton /> })
    cleanup = rendered.unmount
    const long = 'a.very.long.visitor.name@example.com'
    act(() => void latch.dispatch(embeddedUserChanged({ user: { email: long, addresses: { eip155: address } } })))
    connectAccount(latch, address, 'AUTH')
    expect(selectAccountIdentity(latch.getState(), 'eip155', address)).toEqual({ name: 'a.very.long.visitor.name@ex...' })
    act(() => void latch.dispatch(modalOpened({ view: { name: 'Account' } })))
    await settle()
    expect(rendered.container.querySelector('.latch-account-id bdi')?.textContent).toBe('a.very.long.visitor.name@ex...')
    expect(shadow().querySelector('.account-head bdi')?.textContent).toBe('a.very.long.visitor.name@ex...')
    // A short e-mail shows whole; another wallet's account is not named by it.
    act(() => void latch.dispatch(embeddedUserChanged({ user: { email: 'me@example.com', addresses: { eip155: address } } })))
    expect(selectAccountIdentity(latch.getState(), 'eip155', address)).toEqual({ name: 'me@example.com' })
    connectAccount(latch, address, 'metamask')
    expect(selectAccountIdentity(latch.getState(), 'eip155', address)).toEqual({})
  })

  it("names a social login's account by its user name, a Discord name without its trailing 0", () => {
    const { latch } = setup({ plugins: [embeddedViews] })
    connectAccount(latch, address, 'AUTH')
    latch.dispatch(embeddedUserChanged({ user: { userName: 'alice0', socialProvider: 'discord', addresses: { eip155: address } } }))
    expect(selectAccountIdentity(latch.getState(), 'eip155', address)).toEqual({ name: 'alice' })
    latch.dispatch(embeddedUserChanged({ user: { userName: 'alice0', socialProvider: 'github', addresses: { eip155: address } } }))
    expect(selectAccountIdentity(latch.getState(), 'eip155', address)).toEqual({ name: 'alice0' })
    // The e-mail, when the login has one, names it.
    latch.dispatch(embeddedUserChanged({ user: { email: 'me@example.com', userName: 'alice0', socialProvider: 'discord', addresses: { eip155: address } } }))
    expect(selectAccountIdentity(latch.getState(), 'eip155', address)).toEqual({ name: 'me@example.com' })
  })
})
