import { useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import type { Root } from 'react-dom/client'
import {
  connect,
  disconnect,
  modalClosed,
  modalOpened,
  sendTransaction,
  signMessage,
  switchNetwork,
  type Latch,
} from '../../kernel/index'
import type { ConnectorGroupName } from '../../kernel/rules/connectors'
import type { LatchAddon } from '../addons'
import { AccountButton } from '../components/AccountButton/AccountButton'
import { ConnectButton } from '../components/ConnectButton/ConnectButton'
import { NetworkButton } from '../components/NetworkButton/NetworkButton'
import { LatchProvider } from '../components/LatchProvider/LatchProvider'
import type { I18nOptions } from '../i18n/I18nProvider'
import { loadModal } from '../modal-loader'
import { defineLatchElements } from './elements'
import { latchesChanged, mounts } from './registry'
import type { LatchElementKind, MountedLatch, Slot } from './types'

/** Options of `mountLatch` (docs/elements.md): what `<LatchProvider>` takes besides the instance. */
export type MountLatchOptions = I18nOptions & {
  /** Overrides the order of the wallet-list groups (docs/behaviour.md, "Wallet list"). */
  connectorOrder?: readonly ConnectorGroupName[]
  /** UI add-ons of plugins (docs/react.md, "Add-ons"). */
  addons?: readonly LatchAddon[]
}

/** What each element kind draws. */
function Button({ kind, label }: { kind: LatchElementKind; label: string | undefined }) {
  if (kind === 'connect') return <ConnectButton label={label} />
  if (kind === 'account') return <AccountButton />
  return <NetworkButton />
}

/**
 * Mounts Latch's UI for `latch` in a page with no React of its own (docs/elements.md): a React root, not in the document,
 * renders `<LatchProvider>` (the modal, in its `<latch-modal>` shadow root on document.body, appended on first need) and
 * portals the buttons into the page's `<latch-…-button>` elements. Defines the elements if they are not yet. Browser only.
 * Mounting the same instance again gives the mount it already has.
 */
export function mountLatch(latch: Latch, options: MountLatchOptions = {}): MountedLatch {
  const existing = mounts.get(latch)
  if (existing) return existing.handle
  defineLatchElements()
  const slots = new Set<Slot>()
  let version = 0
  const listeners = new Set<() => void>()
  const changed = () => {
    version += 1
    for (const listener of listeners) listener()
  }
  const store = {
    subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    getSnapshot: () => version,
  }
  function Slots() {
    useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
    return [...slots].map((slot) => createPortal(<Button kind={slot.kind} label={slot.label()} />, slot.element, slot.key))
  }
  // react-dom/client reads `window` as it is evaluated, so it is imported here, in the browser, never as the entry loads
  // (docs/elements.md, "Server-side rendering"); the page's first render waits for it (`ready`).
  const container = document.createElement('div')
  let root: Root | undefined
  let unmounted = false
  const ready = import('react-dom/client').then((module) => {
    // A CommonJS module loaded by import() from a bundle may come as its `default` only (esbuild's split build of the
    // standalone entry does that); a bundler that resolves the host's react-dom gives the names.
    const { createRoot } = 'createRoot' in module && typeof module.createRoot === 'function' ? module : (module as unknown as { default: typeof module }).default
    if (unmounted) return
    root = createRoot(container)
    root.render(
      <LatchProvider latch={latch} {...options}>
        <Slots />
      </LatchProvider>,
    )
  })
  const handle: MountedLatch = {
    latch,
    ready,
    open(view) {
      void loadModal().catch(() => undefined) // the shell shows meanwhile
      latch.dispatch(modalOpened(view === undefined ? {} : { view: typeof view === 'string' ? { name: view } : view }))
    },
    close: () => void latch.dispatch(modalClosed({})),
    getState: () => latch.getState(),
    subscribe(selector, listener, { equality = Object.is, fireImmediately = false } = {}) {
      let previous: ReturnType<typeof selector> | undefined
      let first = true
      const subscription = latch.select(selector, equality).subscribe((value) => {
        const skip = first && !fireImmediately
        first = false
        const before = previous
        previous = value
        if (!skip) listener(value, before)
      })
      return () => subscription.unsubscribe()
    },
    connect: (parameters) => connect(latch, parameters),
    disconnect: (parameters) => disconnect(latch, parameters),
    signMessage: (parameters) => signMessage(latch, parameters),
    sendTransaction: (parameters) => sendTransaction(latch, parameters),
    switchNetwork: (parameters) => switchNetwork(latch, parameters),
    unmount() {
      if (mounts.get(latch)?.handle !== handle) return
      mounts.delete(latch)
      unmounted = true
      root?.unmount()
      slots.clear()
      latchesChanged()
    },
  }
  mounts.set(latch, {
    handle,
    attach(slot) {
      slots.add(slot)
      changed()
    },
    detach(slot) {
      if (slots.delete(slot)) changed()
    },
    update: changed,
  })
  latchesChanged()
  return handle
}
