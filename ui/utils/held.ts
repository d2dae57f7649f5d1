import { useEffect, useRef, type DependencyList } from 'react'

type Hold = { deps: DependencyList; release: () => void; releasing: boolean }

const sameDeps = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]))

/**
 * docs/react.md, "StrictMode": an effect that holds something while the component is mounted — a balance watch, a
 * subscription, a request in flight — taken once however often React runs the effect. React's StrictMode mounts, unmounts
 * and mounts again: the unmount's release is put off to a microtask, and the mount that follows at once (in the same commit)
 * takes the first hold back instead of taking a second. So the log shows one start and one stop, and a request is sent once.
 * A real unmount releases a microtask later; a change of `deps` releases the old hold at once, before taking the new one.
 */
export function useHeld(hold: () => () => void, deps: DependencyList): void {
  const held = useRef<Hold | undefined>(undefined)
  useEffect(() => {
    const previous = held.current
    let current: Hold
    if (previous?.releasing && sameDeps(previous.deps, deps)) {
      previous.releasing = false
      current = previous
    } else {
      if (previous?.releasing) {
        previous.releasing = false
        previous.release()
      }
      current = held.current = { deps, release: hold(), releasing: false }
    }
    return () => {
      current.releasing = true
      queueMicrotask(() => {
        if (!current.releasing) return
        current.releasing = false
        if (held.current === current) held.current = undefined
        current.release()
      })
    }
  }, deps) // the caller's deps are the effect's
}
