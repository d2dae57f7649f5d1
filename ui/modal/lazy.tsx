import * as React from 'react'
import type { ComponentType } from 'react'
import type { LazyComponent } from '../addons'

type Loaded = { default: ComponentType }
type LazyEntry = { Component: ComponentType; preload(): Promise<Loaded> }

const entries = new WeakMap<LazyComponent, LazyEntry>()

// React 19's `use`, read off the namespace: React 18 has none, and a named import of it would fail to
// link where react is loaded as CommonJS from ES modules (Node under SSR).
const use = (React as { use?: <T>(promise: Promise<T>) => T }).use

/**
 * A component loaded on first render (suspending until then) that renders synchronously once loaded, so
 * a view preloaded in the background shows without a fallback frame. One entry per loader. Suspends with
 * `use` on React 19; on React 18 it throws the promise (Suspense's older protocol) and throws a failed
 * load to the error boundary on the render after it.
 */
export function lazyEntry(load: LazyComponent): LazyEntry {
  let entry = entries.get(load)
  if (entry) return entry
  let loaded: Loaded | undefined
  let loading: Promise<Loaded> | undefined
  let failed: { error: unknown } | undefined
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined
        throw error
      },
    ))
  const suspend = (promise: Promise<Loaded>): never => {
    throw promise.then(
      () => undefined,
      (error: unknown) => void (failed = { error }),
    )
  }
  function Lazy() {
    if (!loaded && failed) {
      const { error } = failed
      failed = undefined
      throw error
    }
    const { default: View } = loaded ?? (use ? use(preload()) : suspend(preload()))
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
