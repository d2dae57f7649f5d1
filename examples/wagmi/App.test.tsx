// @vitest-environment jsdom
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { defineChain, formatEther, verifyMessage, type Hex } from 'viem'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { anvilAccounts, rpc, setup, useChains } from '../../scripts/testing/eip155-harness'
import { App } from './App'
import { createWagmiConfig } from './config'

const chains = useChains()
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

// A whole app on real chains: React renders on its own time, as in a browser, and the test waits for what
// the visitor would see (as Testing Library's waitFor does), rather than wrapping every update in act().
beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
})

const anvil = (id: number, name: string, url: string) =>
  defineChain({ id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } })

/** The modal's shadow root, once Latch has rendered it. */
const modalRoot = () => document.querySelector('[data-latch-modal]')?.shadowRoot ?? undefined

/** Resolves once `find` returns something, re-checking on every change of the page, the modal's shadow root included. */
function waitFor<T>(find: () => T | undefined | null | false): Promise<T> {
  return new Promise((resolve) => {
    const observers: MutationObserver[] = []
    const watched = new Set<Node>()
    const check = () => {
      const shadow = modalRoot()
      if (shadow && !watched.has(shadow)) watch(shadow)
      const found = find()
      if (!found) return
      for (const observer of observers) observer.disconnect()
      resolve(found)
    }
    const watch = (node: Node) => {
      watched.add(node)
      const observer = new MutationObserver(check)
      observer.observe(node, { subtree: true, childList: true, characterData: true, attributes: true })
      observers.push(observer)
    }
    watch(document.body)
    check()
  })
}

/** The enabled button whose text contains `label`, in `root`. */
function buttonIn(root: ParentNode | undefined, label: string): HTMLButtonElement | undefined {
  return [...(root?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find((b) => !b.disabled && b.textContent?.includes(label))
}

/** Mounts the example App into the page, under StrictMode as a Vite or Next.js dev server runs it (docs/react.md, "StrictMode"). */
function mount(node: React.ReactNode): HTMLElement {
  const container = document.body.appendChild(document.createElement('div'))
  const root = createRoot(container)
  root.render(<StrictMode>{node}</StrictMode>)
  cleanups.push(() => {
    root.unmount()
    container.remove()
  })
  return container
}

const text = (container: HTMLElement, id: string) => container.querySelector(`[data-testid="${id}"]`)?.textContent ?? undefined

describe('the wagmi example: an app written with wagmi’s hooks, connecting through Latch, on anvil', () => {
  it('connects in Latch’s modal, shows the balance, signs a message viem verifies, and disconnects', async () => {
    const h = setup(chains)
    const config = createWagmiConfig(h.latch, [anvil(31337, 'Anvil', chains.a.url), anvil(31338, 'Anvil 2', chains.b.url)])
    const container = mount(<App latch={h.latch} config={config} />)

    // The visitor clicks the app's own Connect button: Latch's modal opens, and they choose the wallet there.
    ;(await waitFor(() => buttonIn(container, 'Connect'))).click()
    ;(await waitFor(() => buttonIn(modalRoot(), 'Test Wallet'))).click()
    await waitFor(() => text(container, 'address') === anvilAccounts[0])
    // The modal closes itself once the wallet connected. StrictMode's second mount of the connecting view cancelled nothing.
    await h.until((s) => s.router.open, (open) => !open)
    expect(h.latch.exportLog().events.filter((e) => e.type === 'wallet/cancelRequested' || e.type === 'wallet/connectRequested').map((e) => e.type)).toEqual(['wallet/connectRequested'])

    // wagmi's useBalance reads through wagmi's transport: the chain's figure.
    const wei = BigInt((await rpc(chains.a.url, 'eth_getBalance', [anvilAccounts[0], 'latest'])) as string)
    await waitFor(() => text(container, 'balance') === `${formatEther(wei)} ETH`)

    // wagmi's useSignMessage: through Latch's provider to the wallet.
    ;(await waitFor(() => buttonIn(container, 'Sign'))).click()
    const signature = (await waitFor(() => text(container, 'signature'))) as Hex
    expect(await verifyMessage({ address: anvilAccounts[0], message: 'Hello from wagmi', signature })).toBe(true)
    expect(h.latch.exportLog().events.some((e) => e.type === 'wallet/rpcRequested' && (e.payload as { method: string }).method === 'personal_sign')).toBe(true)

    // wagmi's useDisconnect disconnects Latch too.
    ;(await waitFor(() => buttonIn(container, 'Disconnect'))).click()
    await waitFor(() => buttonIn(container, 'Connect'))
    expect(text(container, 'address')).toBeUndefined()
    expect(h.latch.getState().chains.eip155.connectorId).toBeUndefined()
  })

  it('shows wagmi’s UserRejectedRequestError when the visitor closes the modal', async () => {
    const h = setup(chains)
    const config = createWagmiConfig(h.latch, [anvil(31337, 'Anvil', chains.a.url)])
    const container = mount(<App latch={h.latch} config={config} />)
    ;(await waitFor(() => buttonIn(container, 'Connect'))).click()
    await h.until((s) => s.router.open, (open) => open)
    // The visitor dismisses the modal (its close button dispatches the same event).
    h.latch.dispatch({ type: 'modal/closed', payload: {} })
    const alert = await waitFor(() => container.querySelector('[role="alert"]'))
    expect(alert.textContent).toBe('UserRejectedRequestError')
    expect(h.latch.getState().chains.eip155.connectorId).toBeUndefined()
  })
})
