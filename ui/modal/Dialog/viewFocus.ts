import { createContext, useEffect, useMemo, useRef, type RefObject } from 'react'
import type { Latch } from '../../../kernel/index'
import { activeElementIn, focusables } from './focus'

/** A control that opened a view, found again by its accessible name when the view it was in comes back. */
type Opener = { view: string; name: string; nth: number }

/** The openers of the views under the top one, by their place in the router's history; Back takes one. */
export type ViewOpeners = {
  /** The control to focus in `view`, now at `index` of the history, if a view was opened from it; forgotten once taken. */
  take(index: number, view: string, container: Element): HTMLElement | undefined
}

/** Given by the Dialog to the views it routes; null outside one (no opener is remembered). */
export const ViewOpenersContext = createContext<ViewOpeners | null>(null)

const nameOf = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim()

/**
 * docs/react.md, "Accessibility": remembers, in the UI and not in kernel state, which control of a view opened the next one
 * (a push onto the router's history), so that Back focuses it again rather than the view's first control. The control is
 * the one clicked in this task (Safari does not focus a clicked button), else the focused one; it is remembered by its
 * accessible name (the view is mounted anew on Back, so the element itself is gone).
 */
export function useViewOpeners(latch: Latch, card: RefObject<HTMLElement | null>): ViewOpeners {
  const openers = useRef(new Map<number, Opener>())

  useEffect(() => {
    const element = card.current
    if (!element) return
    let clicked: Element | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    // Capture phase, on the card: before the view's own handler dispatches the push.
    const onClick = (event: MouseEvent) => {
      clicked = event.target instanceof Element ? event.target : null
      clearTimeout(timer)
      timer = setTimeout(() => (clicked = null)) // a push later on (a plugin's, a timer's) was not opened by this click
    }
    element.addEventListener('click', onClick, true)

    let length = latch.getState().router.history.length
    // Read at dispatch time, before React renders the next view and the opener leaves the DOM.
    const unsubscribe = latch.subscribe(() => {
      const history = latch.getState().router.history
      if (history.length === length) {
        // The top view was replaced (or nothing changed): an opener remembered in it is stale.
        if (openers.current.get(length - 1)?.view !== history[length - 1]?.name) openers.current.delete(length - 1)
        return
      }
      const grew = history.length > length
      length = history.length
      for (const index of [...openers.current.keys()]) if (index >= length - (grew ? 1 : 0)) openers.current.delete(index)
      const covered = history[length - 2]
      if (!grew || !covered) return
      const view = element.querySelector('.view')
      if (!view || view.getAttribute('data-view') !== covered.name) return
      const controls = focusables(view)
      const opener = [clicked, activeElementIn(element)]
        .map((candidate) => candidate && controls.find((control) => control === candidate || control.contains(candidate)))
        .find(Boolean)
      if (!opener) return
      const name = nameOf(opener)
      const nth = controls.filter((control) => nameOf(control) === name).indexOf(opener)
      openers.current.set(length - 2, { view: covered.name, name, nth })
    })
    return () => {
      unsubscribe()
      element.removeEventListener('click', onClick, true)
      clearTimeout(timer)
    }
  }, [latch, card])

  return useMemo(
    () => ({
      take(index, view, container) {
        const opener = openers.current.get(index)
        if (!opener || opener.view !== view) return undefined
        openers.current.delete(index)
        return focusables(container).filter((control) => nameOf(control) === opener.name)[opener.nth]
      },
    }),
    [],
  )
}
