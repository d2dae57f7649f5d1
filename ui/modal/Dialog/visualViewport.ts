import { useLayoutEffect, type RefObject } from 'react'

/**
 * docs/react.md, "The modal": the backdrop (and so the card or bottom sheet in it) covers the visual viewport, the part
 * of the page the visitor sees, not the layout viewport. On a phone a host page wider than the screen widens the layout
 * viewport (position: fixed is laid out in it), which would leave the sheet partly off screen; an on-screen keyboard or a
 * pinch zoom shrinks the visual viewport too. Set through the CSSOM (allowed by a strict style-src), while `active`.
 */
export function useVisualViewportBox(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useLayoutEffect(() => {
    const element = ref.current
    const viewport = typeof window === 'undefined' ? undefined : window.visualViewport
    if (!active || !element || !viewport) return
    const apply = () => {
      const { style } = element
      style.left = `${viewport.offsetLeft}px`
      style.top = `${viewport.offsetTop}px`
      style.width = `${viewport.width}px`
      style.height = `${viewport.height}px`
    }
    apply()
    viewport.addEventListener('resize', apply)
    viewport.addEventListener('scroll', apply)
    return () => {
      viewport.removeEventListener('resize', apply)
      viewport.removeEventListener('scroll', apply)
    }
  }, [ref, active])
}
