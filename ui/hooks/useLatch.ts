import { useCallback, useRef, useSyncExternalStore } from 'react'
import type { State } from '../../kernel/index'
import { useLatchInstance } from '../context'

type Memo<T> = { state: State; selector: (state: State) => unknown; value: T }

/**
 * Selects a value from Latch state. The component re-renders only when the selected value changes by
 * `equality` (Object.is by default): an event that leaves it equal causes no render.
 *
 * On a server, and in the client's first render while React hydrates a server-rendered page, it selects from
 * `latch.getServerState()` (the configuration alone), so both renders match; React then re-renders with the live state
 * (a stored connection, the network last used). A page rendered on the client only starts from the live state
 * (docs/nextjs.md, "Hydration").
 */
export function useLatch<T>(selector: (state: State) => T, equality: (a: T, b: T) => boolean = Object.is): T {
  const latch = useLatchInstance()
  const memo = useRef<Memo<T> | undefined>(undefined)
  const serverMemo = useRef<Memo<T> | undefined>(undefined)
  const getSnapshot = useCallback(() => select(memo, latch.getState(), selector, equality), [latch, selector, equality])
  const getServerSnapshot = useCallback(() => select(serverMemo, latch.getServerState(), selector, equality), [latch, selector, equality])
  return useSyncExternalStore(latch.subscribe, getSnapshot, getServerSnapshot)
}

/** The selected value, the same reference while the state and selector are (React requires a cached snapshot). */
function select<T>(memo: { current: Memo<T> | undefined }, state: State, selector: (state: State) => T, equality: (a: T, b: T) => boolean): T {
  const previous = memo.current
  if (previous && previous.state === state && previous.selector === selector) return previous.value
  const next = selector(state)
  // Keeping the previous reference for an equal value is what makes React skip the render.
  const value = previous && equality(previous.value, next) ? previous.value : next
  memo.current = { state, selector, value }
  return value
}
