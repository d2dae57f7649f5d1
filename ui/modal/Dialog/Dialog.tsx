import { useCallback, useEffect, useId, useLayoutEffect, useRef } from 'react'
import { modalClosed, selectView } from '../../../kernel/index'
import { useLatchInstance } from '../../context'
import { useLatch } from '../../hooks/useLatch'
import { Header } from '../Header/Header'
import { Router } from '../Router/Router'
import { selectCanClose } from '../selectors'
import { Toasts } from '../Toasts/Toasts'
import { AlertBar } from '../AlertBar/AlertBar'
import { fromKeptElement } from '../../utils/inertPage'
import { activeElementIn, focusables, nextFocusable } from './focus'
import { useViewOpeners, ViewOpenersContext } from './viewFocus'
import { useVisualViewportBox } from './visualViewport'
import { watchInputModality } from '../../utils/modality'

/**
 * The W3C APG dialog: role="dialog", aria-modal, labelled by the header title; focus moves in on open and
 * Tab / Shift+Tab cycle through every focusable inside (inputs too); Esc and the backdrop close it where
 * docs/behaviour.md, "Views" allows; Back focuses the control that opened the view left (docs/react.md, "Accessibility"). While
 * closing it is inert and no longer a dialog.
 */
export function Dialog({ phase, onExited }: { phase: 'open' | 'closing'; onExited(): void }) {
  const latch = useLatchInstance()
  const view = useLatch(selectView)
  const closable = useLatch(selectCanClose)
  const backdrop = useRef<HTMLDivElement>(null)
  const card = useRef<HTMLDivElement>(null)
  const body = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const closing = phase === 'closing'
  const openers = useViewOpeners(latch, card)
  useVisualViewportBox(backdrop, true)

  const close = useCallback(() => {
    if (selectCanClose(latch.getState())) latch.dispatch(modalClosed({}))
  }, [latch])

  // Inert while closing, set on the element: React 18 drops a boolean `inert` prop (with a warning) and
  // React 19 reads `inert=""` as false, so no prop works on both.
  useLayoutEffect(() => {
    card.current?.toggleAttribute('inert', closing)
  }, [closing])

  // No focus ring after a pointer, until a key is pressed (docs/react.md, "Accessibility").
  useLayoutEffect(() => watchInputModality((modality) => card.current?.setAttribute('data-modality', modality)), [])

  // Views focus their first control themselves; this catches the rest (a view still loading).
  useLayoutEffect(() => {
    const element = card.current
    if (closing || !element) return
    const active = activeElementIn(element)
    if (!active || !element.contains(active)) element.focus({ preventScroll: true })
  }, [closing])

  // Each view starts at its top: a long Connect list scrolled to its end must not open All Wallets at its end.
  useLayoutEffect(() => {
    if (body.current) body.current.scrollTop = 0
  }, [view])

  useEffect(() => {
    if (closing) return
    // On the document, in the capture phase: the trap holds even when focus was lost to the page.
    const onKeyDown = (event: KeyboardEvent) => {
      const element = card.current
      if (!element || event.defaultPrevented || event.isComposing) return
      // An element the integrator keeps interactive beside the modal (docs/react.md, "Accessibility") handles its own keys.
      if (fromKeptElement(event)) return
      if (event.key === 'Escape') {
        event.preventDefault()
        close()
      } else if (event.key === 'Tab') {
        event.preventDefault()
        const next = nextFocusable(focusables(element), activeElementIn(element), event.shiftKey)
        ;(next ?? element).focus()
      }
    }
    document.addEventListener('keydown', onKeyDown, true)
    return () => document.removeEventListener('keydown', onKeyDown, true)
  }, [closing, close])

  // The page behind does not scroll while the dialog is open.
  useEffect(() => {
    if (closing) return
    const { style } = document.documentElement
    const previous = style.overflow
    style.overflow = 'hidden'
    return () => {
      style.overflow = previous
    }
  }, [closing])

  return (
    <div
      ref={backdrop}
      className="backdrop"
      data-state={phase}
      onMouseDown={(event) => event.target === event.currentTarget && close()}
      onAnimationEnd={(event) => closing && event.target === event.currentTarget && onExited()}
    >
      <div
        ref={card}
        className="dialog"
        role={closing ? undefined : 'dialog'}
        aria-modal={closing ? undefined : true}
        aria-labelledby={closing ? undefined : titleId}
        tabIndex={-1}
      >
        {/* Inside the dialog, so screen readers hear it, but drawn above the card: it never moves nor covers the view. */}
        <Toasts placement="modal" />
        <div className="card">
          <AlertBar />
          <Header titleId={titleId} closable={closable} onClose={close} />
          <div className="body" ref={body}>
            <ViewOpenersContext.Provider value={openers}>
              <Router view={view} />
            </ViewOpenersContext.Provider>
          </div>
        </div>
      </div>
    </div>
  )
}
