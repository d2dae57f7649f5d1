import { useSyncExternalStore } from 'react'
import type { Kernel } from '../../kernel/index'

/** A value the modal keeps per Latch instance outside the kernel state (an attempt it started), and a hook that follows it. */
export type LatchStore<T> = {
  get(latch: Kernel): T | undefined
  set(latch: Kernel, value: T): void
  use(latch: Kernel): T | undefined
}

/** Creates a store of one value per Latch instance; React components re-render when it changes. */
export function createLatchStore<T>(): LatchStore<T> {
  const stores = new WeakMap<Kernel, { value?: T; listeners: Set<() => void> }>()
  const storeOf = (latch: Kernel) => {
    let store = stores.get(latch)
    if (!store) stores.set(latch, (store = { listeners: new Set() }))
    return store
  }
  return {
    get: (latch) => storeOf(latch).value,
    set(latch, value) {
      const store = storeOf(latch)
      store.value = value
      for (const listener of store.listeners) listener()
    },
    use(latch) {
      const store = storeOf(latch)
      return useSyncExternalStore(
        (listener) => {
          store.listeners.add(listener)
          return () => void store.listeners.delete(listener)
        },
        () => store.value,
        () => store.value,
      )
    },
  }
}
