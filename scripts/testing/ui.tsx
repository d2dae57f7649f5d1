/** Helpers for the UI tests (jsdom): a Latch on test ports, rendering with act, the modal's shadow root. */
import { drafts } from '../../kernel/immer'
import { act, Profiler, StrictMode, type ReactNode } from 'react'
import { filter, map, take } from 'rxjs'
import { createRoot, type Root } from 'react-dom/client'
import {
  accountConnected,
  connectorsDiscovered,
  createLatch,
  definePlugin,
  imageOriginsAllowed,
  latchConfigured,
  networkSwitched,
  type Connector,
  type LatchEvent,
  type Logged,
  type Plugin,
  type WalletListing,
} from '../../kernel/index'
import { initialWalletListState, walletListEvents } from '../../plugins/api/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { LatchProvider, type LatchProviderProps } from '../../ui/components/LatchProvider/LatchProvider'
import { loadModal } from '../../ui/modal-loader'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** Two EVM networks, as most tests configure. */
export const testNetworks = [createTestNetwork('eip155', 1, { name: 'Ethereum' }), createTestNetwork('eip155', 10, { name: 'Optimism' })]

/** A Latch on virtual time with memory storage, and the events it has seen. */
export function setup(
  options: { plugins?: readonly Plugin[]; networks?: typeof testNetworks; fetch?: typeof globalThis.fetch; projectId?: string; metadata?: NonNullable<Parameters<typeof createLatch>[0]>['metadata'] } = {},
) {
  const ports = createTestPorts()
  const latch = createLatch({
    networks: options.networks ?? testNetworks,
    plugins: [...(options.plugins ?? []), handAnswered],
    ports: { ...ports.ports, ...(options.fetch ? { fetch: options.fetch } : {}) },
    projectId: options.projectId,
    ...(options.metadata ? { metadata: options.metadata } : {}),
  })
  const events: Logged[] = []
  latch.events$.subscribe((event) => events.push(event))
  const ofType = (type: string) => events.filter((e) => e.type === type)
  return { latch, ports, events, ofType }
}

/**
 * The wallet families whose intents the UI tests answer by hand: claimed, so the kernel leaves them to the test instead
 * of answering NOT_CONNECTED at once (docs/plugins.md, "Intents and `request()`").
 */
export const handAnswered = definePlugin({ name: 'hand-answered', namespaces: ['eip155', 'solana', 'bip122'] })

/** An injected/announced connector for tests. */
export function connector(id: string, name: string, extra: Partial<Connector> = {}): Connector {
  return { id, name, type: 'ANNOUNCED', chain: 'eip155', ...extra }
}

/** Dispatches `connectors/discovered` like the eip155 plugin's discovery does. */
export function discover(latch: ReturnType<typeof setup>['latch'], connectors: readonly Connector[]) {
  act(() => void latch.dispatch(connectorsDiscovered({ connectors })))
}

/** A connected account on eip155:1, as the eip155 plugin reports one. */
export function connectAccount(latch: ReturnType<typeof setup>['latch'], address = '0x1234567890abcdef1234567890abcdef1234abcd', connectorId = 'metamask') {
  act(() => {
    latch.dispatch(accountConnected({ caipAddress: `eip155:1:${address}`, connectorId }, { ns: 'eip155' }))
    latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:1' }, { ns: 'eip155' }))
  })
}

/**
 * Renders into a fresh container with act, under `<StrictMode>` as Vite and Next.js dev servers do (docs/react.md,
 * "StrictMode"): React mounts, unmounts and mounts again every component, so every UI test proves Latch is safe there.
 */
export async function render(node: ReactNode): Promise<{ container: HTMLElement; root: Root; unmount(): Promise<void> }> {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const root = createRoot(container)
  await act(async () => root.render(<StrictMode>{node}</StrictMode>))
  return {
    container,
    root,
    unmount: async () => {
      await act(async () => root.unmount())
      container.remove()
    },
  }
}

/**
 * A component that calls `read` (hooks) and records what it returned once per render React commits. Under StrictMode React
 * calls a component twice per render, so a test that counts renders counts commits (a Profiler's) instead of calls.
 */
export function probe<T>(read: () => T): { Probe: () => ReactNode; seen: T[] } {
  const seen: T[] = []
  let latest: T
  function Read() {
    latest = read()
    return null
  }
  function Probe() {
    return (
      <Profiler id="probe" onRender={() => seen.push(latest)}>
        <Read />
      </Profiler>
    )
  }
  return { Probe, seen }
}

/** Renders `children` inside a LatchProvider. */
export function renderWithLatch(props: LatchProviderProps) {
  return render(<LatchProvider {...props} />)
}

/** Waits for the modal chunk, pending lazy views and React's work. */
export async function settle(): Promise<void> {
  await act(async () => {
    const modal = await loadModal()
    await modal.preloadViews()
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0))
    // React throttles revealing suspended content (about 300 ms): wait while a view shows its fallback.
    const loading = () => document.querySelector('[data-latch-modal]')?.shadowRoot?.querySelector('.view-loading')
    for (let i = 0; i < 150 && loading(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  })
}

/** The modal's shadow root. */
export function shadow(): ShadowRoot {
  const root = document.querySelector('[data-latch-modal]')?.shadowRoot
  if (!root) throw new Error('no modal shadow root')
  return root
}

/** The open dialog, if any. */
export function dialog(): HTMLElement | null {
  return document.querySelector('[data-latch-modal]')?.shadowRoot?.querySelector<HTMLElement>('[role="dialog"]') ?? null
}

/** The button inside the modal whose text or aria-label contains `text`. */
export function button(text: string, root: ParentNode = shadow()): HTMLElement {
  const found = [...root.querySelectorAll<HTMLElement>('button, a')].find(
    (b) => b.getAttribute('aria-label')?.includes(text) || b.textContent?.includes(text),
  )
  if (!found) throw new Error(`no button "${text}"`)
  return found
}

/** Clicks an element inside act. */
export function click(element: HTMLElement) {
  act(() => element.click())
}

/** Presses a key on the focused element (or the page), as a composed keydown. */
export function press(key: string, options: KeyboardEventInit = {}) {
  const target = (document.querySelector('[data-latch-modal]')?.shadowRoot?.activeElement ?? document.activeElement ?? document.body) as HTMLElement
  act(() => void target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true, ...options })))
}

/** The element focused inside the modal. */
export function focused(): Element | null {
  return document.querySelector('[data-latch-modal]')?.shadowRoot?.activeElement ?? null
}

/** The requestId of the last intent of `type` (for answering it like a plugin). */
export function lastRequest(events: readonly Logged[], type: string): LatchEvent & { requestId: string } {
  const event = [...events].reverse().find((e) => e.type === type)
  if (!event?.requestId) throw new Error(`no ${type} with a requestId`)
  return event as LatchEvent & { requestId: string }
}


/** A stand-in for the api plugin: its events and slice, with minimal reducers and no effect (tests answer by hand). */
export function stubWalletList() {
  return definePlugin({
    name: 'api',
    events: walletListEvents,
    slices: { walletList: initialWalletListState() },
    // As the api plugin announces its base URL's origin: the listings' images below are on https://img.test.
    effects: [(events$) => events$.pipe(filter(latchConfigured.match), take(1), map((): LatchEvent => imageOriginsAllowed({ origins: ['https://img.test'] })))],
    update: drafts({
      'walletList/pageRequested'(draft, { payload }) {
        if (draft.walletList && payload.page > draft.walletList.page) draft.walletList.status = 'loading'
      },
      'walletList/pageReceived'(draft, { payload }) {
        const list = draft.walletList
        if (!list) return
        list.listings.push(...(payload.listings as never[]))
        list.page = payload.page
        list.count = payload.count
        list.status = 'ready'
      },
      'walletList/failed'(draft) {
        if (draft.walletList) draft.walletList.status = 'failed'
      },
      'walletList/searchRequested'(draft, { payload }) {
        const list = draft.walletList
        if (!list) return
        list.search.query = payload.query
        list.search.status = payload.query.trim() === '' ? 'idle' : 'loading'
        if (payload.query.trim() === '') list.search.results = []
      },
      'walletList/searchReceived'(draft, { payload }) {
        const list = draft.walletList
        if (!list || payload.query !== list.search.query) return
        list.search.results = payload.results as never[]
        list.search.status = 'ready'
      },
    }),
  })
}

/** `n` wallet listings named Wallet 1…n (ids w1…wn). */
export function listings(n: number, from = 1): WalletListing[] {
  return Array.from({ length: n }, (_, i) => ({ id: `w${from + i}`, name: `Wallet ${from + i}`, image_url: `https://img.test/w${from + i}.png` }))
}

/** Loads the modal chunk and every lazy view, so no view suspends inside a synchronous act (where React drops the retry). */
export async function preloadAll(): Promise<void> {
  const modal = await loadModal()
  await modal.preloadViews()
}
