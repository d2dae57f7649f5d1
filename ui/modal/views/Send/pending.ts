import type { Latch } from '../../../../kernel/index'
import { addPending } from '../../../../kernel/rules/send'

/**
 * docs/behaviour.md, "Send": the hashes the Send view sent that are not mined yet, per Latch instance, newest last, at most 99.
 * A hash leaves the list when the EVM plugin reports its receipt (`eip155/receiptReceived`). Kept by the view's chunk, not in
 * state: a reload forgets them (the wallet still knows).
 */
export type PendingStore = { list(): readonly string[]; add(hash: string): void; subscribe(listener: () => void): () => void }

const stores = new WeakMap<Latch, PendingStore>()

export function pendingTransactions(latch: Latch): PendingStore {
  const known = stores.get(latch)
  if (known) return known
  let hashes: readonly string[] = []
  const listeners = new Set<() => void>()
  const set = (next: readonly string[]) => {
    hashes = next
    for (const listener of listeners) listener()
  }
  latch.events$.subscribe((event) => {
    if (event.type !== 'eip155/receiptReceived') return
    const hash = (event.payload as { hash?: unknown } | undefined)?.hash
    if (typeof hash === 'string' && hashes.includes(hash)) set(hashes.filter((h) => h !== hash))
  })
  const store: PendingStore = {
    list: () => hashes,
    add: (hash) => set(addPending(hashes, hash)),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  stores.set(latch, store)
  return store
}
