import { useCallback } from 'react'
import { adoptStyles } from './styles'

// The stylesheets adopted so far, per root.
const adopted = new WeakMap<ShadowRoot | Document, Set<string>>()

/**
 * A ref callback that adopts a lazy view's styles into the shadow root it lands in, once per root and stylesheet: they
 * come with the view's chunk, not the modal's (docs/react.md, "The modal's lazy chunk"). Adopted after the modal's
 * styles, so the view's forced-colours rules win as the modal's do.
 */
export function useViewStyles(css: string) {
  return useCallback(
    (element: HTMLElement | null) => {
      const root = element?.getRootNode()
      if (!root || !(root instanceof ShadowRoot || root instanceof Document)) return
      const done = adopted.get(root) ?? new Set<string>()
      if (done.has(css)) return
      done.add(css)
      adopted.set(root, done)
      adoptStyles(root, css)
    },
    [css],
  )
}
