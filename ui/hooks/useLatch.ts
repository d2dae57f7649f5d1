import { useCallback, useRef, useSyncExternalStore } from 'react'
import type { State } from '../../kernel/index'
import { useLatchInstance } from '../context'

type Memo<T> = { state: State; selector: (state: State) => unknown; value: T }

/**
 * Selects a value from Latch state. The component re-renders only when the selected value changes by
 * `equality` (Object.is by default): an event that leaves it equal causes no render.
 */
export function useLatch<T>(selector: (state: State) => T, equality: (a: T, b: T) => boolean = Object.is): T {
  const latch = useLatchInstance()
  const memo = useRef<Memo<T> | undefined>(undefined)
  const getSnapshot = useCallback((): T => {
    const state = latch.getState()
    const previous = memo.current
    if (previous && previous.state === state && previous.selector === selector) return previous.value
    const next = selector(state)
    // Keeping the previous reference for an equal value is what makes React skip the render.
    const value = previous && equality(previous.value, next) ? previous.value : next
    memo.current = { state, selector, value }
    return value
  }, [latch, selector, equality])
  return useSyncExternalStore(latch.subscribe, getSnapshot, getSnapshot)
}
