import { use, type ComponentType } from 'react'
import type { LazyComponent } from '../addons'

type Loaded = { default: ComponentType }
type LazyEntry = { Component: ComponentType; preload(): Promise<Loaded> }

const entries = new WeakMap<LazyComponent, LazyEntry>()

/**
 * A component loaded on first render (suspending until then) that renders synchronously once loaded, so
 * a view preloaded in the background shows without a fallback frame. One entry per loader.
 */
export function lazyEntry(load: LazyComponent): LazyEntry {
  let entry = entries.get(load)
  if (entry) return entry
  let loaded: Loaded | undefined
  let loading: Promise<Loaded> | undefined
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  function Lazy() {
    const { default: View } = loaded ?? use(preload())
    return <View />
  }
  entry = { Component: Lazy, preload }
  entries.set(load, entry)
  return entry
}

/** The component of `lazyEntry(load)`. */
export function lazyComponent(load: LazyComponent): ComponentType {
  return lazyEntry(load).Component
}
