import { useLayoutEffect, useRef } from 'react'

/**
 * Focus lost when the view swaps the code for the error, or the error for a fresh code (the focused control is gone), goes
 * to the part that appears: its `[data-autofocus]` control, else its first. Focus still held elsewhere is left alone.
 */
export function useFocusWhenLost<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useLayoutEffect(() => {
    const part = ref.current
    const active = (part?.getRootNode() as ShadowRoot | Document | undefined)?.activeElement
    if (!part || (active && active !== part.ownerDocument.body)) return
    part.querySelector<HTMLElement>('[data-autofocus]')?.focus({ preventScroll: true }) ?? part.querySelector<HTMLElement>('a, button')?.focus({ preventScroll: true })
  }, [])
  return ref
}
