import type { Latch } from '../../kernel/index'
import type { Mount } from './types'

/** Every mounted instance, in mount order: an element with no `latch` property draws for the last one (docs/elements.md). */
export const mounts = new Map<Latch, Mount>()

const watchers = new Set<() => void>()

/** The mount an element of `latch` (or, without one, of the page's last mounted instance) draws for. */
export function mountFor(latch: Latch | undefined): Mount | undefined {
  if (latch) return mounts.get(latch)
  let last: Mount | undefined
  for (const mount of mounts.values()) last = mount
  return last
}

/** Calls `watcher` whenever an instance is mounted or unmounted; returns the function that stops it. */
export function watchLatches(watcher: () => void): () => void {
  watchers.add(watcher)
  return () => void watchers.delete(watcher)
}

/** Tells the elements that the mounted instances changed. */
export function latchesChanged(): void {
  for (const watcher of [...watchers]) watcher()
}
