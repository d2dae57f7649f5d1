// @vitest-environment jsdom
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { accountDisconnected, networkSwitched, type State } from '../../kernel/index'
import { connectAccount, setup } from '../../scripts/testing/ui'
import { defineLatchElements, elementTags, mountLatch, type LatchAccountDetail, type LatchElement, type LatchModalDetail, type LatchNetworkDetail, type MountedLatch } from './index'

const mounted: MountedLatch[] = []
afterEach(async () => {
  await act(async () => {
    for (const mount of mounted.splice(0)) mount.unmount()
  })
  document.body.replaceChildren()
})

async function mountTest(options: Parameters<typeof setup>[0] = {}) {
  const t = setup(options)
  let handle: MountedLatch | undefined
  await act(async () => {
    handle = mountLatch(t.latch)
    await handle.ready
  })
  mounted.push(handle as MountedLatch)
  return { ...t, handle: handle as MountedLatch }
}

async function add<T extends keyof typeof elementTags>(tag: T, attributes: Record<string, string> = {}): Promise<LatchElement> {
  const element = document.createElement(tag) as LatchElement
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  await act(async () => void document.body.appendChild(element))
  return element
}

function recorder<D>(element: HTMLElement, name: string): D[] {
  const seen: D[] = []
  element.addEventListener(name, (event) => seen.push((event as CustomEvent<D>).detail))
  return seen
}

describe('the custom elements (docs/elements.md)', () => {
  it('are defined once, by defineLatchElements or mountLatch, under their tags', async () => {
    defineLatchElements()
    defineLatchElements()
    const { latch, handle } = await mountTest()
    for (const tag of Object.keys(elementTags)) expect(customElements.get(tag), tag).toBeDefined()
    // Mounting the same instance again gives the same mount.
    expect(mountLatch(latch)).toBe(handle)
  })

  it('<latch-connect-button> draws Connect Wallet (or its label), replaces its fallback markup, and opens Connect', async () => {
    const { latch } = await mountTest()
    const element = document.createElement('latch-connect-button') as LatchElement
    element.textContent = 'Loading…'
    await act(async () => void document.body.appendChild(element))
    const button = () => element.querySelector('button') as HTMLButtonElement
    expect(element.textContent).toBe('Connect Wallet')
    expect(button().className).toContain('latch-button')
    await act(async () => void element.setAttribute('label', 'Sign in'))
    expect(button().textContent).toBe('Sign in')
    await act(async () => void (element.label = 'Log in'))
    expect(button().textContent).toBe('Log in')
    expect(element.getAttribute('label')).toBe('Log in')
    await act(async () => button().click())
    expect(latch.getState().router).toMatchObject({ open: true, history: [{ name: 'Connect' }] })
  })

  it('<latch-account-button> and <latch-network-button> draw the account and the network; their events say what changed', async () => {
    const { latch } = await mountTest()
    const account = await add('latch-account-button')
    const network = await add('latch-network-button')
    const accounts = recorder<LatchAccountDetail>(account, 'latch-account-change')
    const networks = recorder<LatchNetworkDetail>(network, 'latch-network-change')
    expect(account.querySelector('button')).toBeNull()
    expect(network.querySelector('button')?.getAttribute('aria-label')).toContain('Ethereum')
    connectAccount(latch)
    await act(async () => undefined)
    expect(account.querySelector('button')?.textContent).toContain('0x1234…abcd')
    expect(accounts.at(-1)).toEqual({ isConnected: true, status: 'connected', address: '0x1234567890abcdef1234567890abcdef1234abcd', caipAddress: 'eip155:1:0x1234567890abcdef1234567890abcdef1234abcd' })
    await act(async () => void latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:10' }, { ns: 'eip155' })))
    expect(networks.at(-1)).toEqual({ caipNetworkId: 'eip155:10', name: 'Optimism', isSupported: true })
    expect(network.querySelector('button')?.getAttribute('aria-label')).toContain('Optimism')
    // Only changes are sent: the same network again is no event.
    const before = networks.length
    await act(async () => void latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:10' }, { ns: 'eip155' })))
    expect(networks).toHaveLength(before)
    await act(async () => void latch.dispatch(accountDisconnected({}, { ns: 'eip155' })))
    expect(accounts.at(-1)).toMatchObject({ isConnected: false, address: null })
    expect(account.querySelector('button')).toBeNull()
  })

  it('an element added before its instance is mounted draws once it is, and stops drawing when it leaves the page', async () => {
    const element = await add('latch-connect-button')
    expect(element.querySelector('button')).toBeNull()
    await mountTest()
    expect(element.querySelector('button')?.textContent).toBe('Connect Wallet')
    await act(async () => void element.remove())
    expect(element.querySelector('button')).toBeNull()
  })

  it('an element draws for the instance set as its `latch` property, else for the last mounted one', async () => {
    const first = await mountTest()
    const second = await mountTest()
    const mine = await add('latch-connect-button')
    const theirs = await add('latch-connect-button')
    await act(async () => void (theirs.latch = first.handle))
    expect(theirs.latch).toBe(first.latch)
    await act(async () => mine.querySelector('button')?.click())
    expect(second.latch.getState().router.open).toBe(true)
    expect(first.latch.getState().router.open).toBe(false)
    await act(async () => theirs.querySelector('button')?.click())
    expect(first.latch.getState().router.open).toBe(true)
  })
})

describe('mountLatch: the plain-JavaScript surface (docs/elements.md)', () => {
  it('open() and close() drive the modal, into its <latch-modal> shadow root; latch-modal-change follows', async () => {
    const { handle, latch } = await mountTest()
    const element = await add('latch-connect-button')
    const modal = recorder<LatchModalDetail>(element, 'latch-modal-change')
    await act(async () => handle.open('Networks'))
    expect(latch.getState().router).toMatchObject({ open: true, history: [{ name: 'Networks' }] })
    expect(modal.at(-1)).toEqual({ open: true, view: 'Networks' })
    expect(document.querySelector('latch-modal')?.shadowRoot).toBeTruthy()
    await act(async () => handle.close())
    expect(latch.getState().router.open).toBe(false)
    expect(modal.at(-1)).toMatchObject({ open: false })
  })

  it('subscribe(selector, listener) calls back on changes only (or at once with fireImmediately) until stopped', async () => {
    const { handle, latch } = await mountTest()
    const address = (state: State) => state.chains.eip155.account.caipAddress ?? null
    const calls: [string | null, string | null | undefined][] = []
    const stop = handle.subscribe(address, (value, previous) => calls.push([value, previous]))
    const immediate: (string | null)[] = []
    const stopImmediate = handle.subscribe(address, (value) => immediate.push(value), { fireImmediately: true })
    expect(calls).toEqual([])
    expect(immediate).toEqual([null])
    connectAccount(latch)
    expect(calls).toEqual([['eip155:1:0x1234567890abcdef1234567890abcdef1234abcd', null]])
    stop()
    stopImmediate()
    await act(async () => void latch.dispatch(accountDisconnected({}, { ns: 'eip155' })))
    expect(calls).toHaveLength(1)
    expect(immediate).toHaveLength(2)
    expect(handle.getState()).toBe(latch.getState())
  })

  it('its verbs are the kernel verbs on this instance', async () => {
    const { handle, ofType } = await mountTest()
    const pending = handle.signMessage({ message: 'hi' }).catch((error: unknown) => error)
    expect(ofType('wallet/signMessageRequested').at(-1)?.payload).toMatchObject({ message: 'hi' })
    void pending
  })

  it('unmount() empties the elements and the instance can be mounted again', async () => {
    const { handle, latch } = await mountTest()
    const element = await add('latch-connect-button')
    await act(async () => handle.unmount())
    expect(element.querySelector('button')).toBeNull()
    await act(async () => {
      const again = mountLatch(latch)
      mounted.push(again)
      await again.ready
    })
    expect(element.querySelector('button')?.textContent).toBe('Connect Wallet')
  })
})
