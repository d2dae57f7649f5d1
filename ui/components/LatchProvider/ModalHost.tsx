import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import {
  modalClosed,
  modalOpened,
  selectIsActiveNetworkSupported,
  selectIsConnected,
  type Latch,
  type State,
} from '../../../kernel/index'
import { useLatchInstance } from '../../context'
import { useLatch } from '../../hooks/useLatch'
import { useThemeMode } from '../../hooks/useThemeMode'
import { loadModal, loadedModal, type ModalModule } from '../../modal-loader'
import { overrideCss } from '../../theme/tokens'
import { ModalShell } from './ModalShell'
import { useLatchTranslate } from '../../i18n/translate'
import { makePageInert } from '../../utils/inertPage'
import { useBrowserLayoutEffect } from '../../utils/platform'
import { createShadowHost, modalScope, type ShadowHost } from './shadowHost'

const selectOpen = (state: State) => state.router.open
const selectToastOpen = (state: State) => state.toast.open
const selectThemeVariables = (state: State) => state.options.themeVariables

/** docs/behaviour.md, "Connection states": an unsupported network shows UnsupportedChain when switching is enabled and unsupported chains are not allowed. */
export function selectShowUnsupportedChain(state: State): boolean {
  return (
    selectIsConnected(state) &&
    !selectIsActiveNetworkSupported(state) &&
    state.options.enableNetworkSwitch &&
    !state.options.allowUnsupportedChain
  )
}

/**
 * Renders the modal (and toasts while it is closed) into a shadow root on a host element appended to
 * document.body on first need. Shows the shell at once when the modal chunk has not loaded yet.
 */
export function ModalHost() {
  const latch = useLatchInstance()
  const open = useLatch(selectOpen)
  const toastOpen = useLatch(selectToastOpen)
  const themeVariables = useLatch(selectThemeVariables)
  const theme = useThemeMode()
  const t = useLatchTranslate()
  const [host, setHost] = useState<ShadowHost>()
  const [loadedLater, setModal] = useState<ModalModule | undefined>(loadedModal)
  // Read at render: a chunk preloaded while idle is used by the very first open, with no shell frame.
  const modal = loadedLater ?? loadedModal()
  const needed = open || toastOpen

  // A layout effect: the host exists before the browser paints the frame that follows the click. Created once per
  // ModalHost: StrictMode runs this effect twice on a mount with the modal open (docs/react.md, "StrictMode").
  const created = useRef<ShadowHost | undefined>(undefined)
  useBrowserLayoutEffect(() => {
    if (needed && !host) setHost((created.current ??= createShadowHost()))
  }, [needed, host])
  useEffect(() => () => host?.remove(), [host])
  useBrowserLayoutEffect(() => host?.setOverrides(overrideCss(modalScope, themeVariables)), [host, themeVariables])

  // Opened before the chunk is here: render it when it comes (a failed load is asked for again on the next open). A load that
  // comes after an unmount sets nothing React keeps.
  useEffect(() => {
    if (needed && !modal) loadModal().then((module) => setModal(() => module), () => undefined)
  }, [needed, modal])

  // The chunk is asked for as the provider mounts (a layout effect: in the commit that first renders the page, before the
  // browser lays it out), not once the browser is idle: so its request is not queued behind the code plugins load when
  // idle, and it has usually loaded before a visitor's first click. Once it is here, the first open's one-time work is
  // done ahead of it, while the browser is idle (docs/react.md, "The modal's lazy chunk").
  const locale = t.locale
  useBrowserLayoutEffect(() => {
    const warming = loadModal().then((module) => module.warmUp(locale, latch), () => undefined)
    return () => void warming.then((stop) => stop?.()) // stopped before any of it ran, if it starts after this
  }, [locale, latch])

  useFocusReturnAndUnsupportedChain(latch, host)

  if (!host) return null
  const content = modal ? (
    <modal.ModalRoot open={open} />
  ) : open ? (
    <div className="latch-theme latch-root" data-theme={theme} lang={t.locale} dir={t.dir}>
      <ModalShell onClose={() => latch.dispatch(modalClosed({}))} />
    </div>
  ) : null
  return createPortal(content, host.root)
}

/**
 * Remembers the element focused when the modal opens and focuses it again on close (or its successor in the same place when
 * the page replaced it meanwhile); makes the page behind inert while the
 * modal is open (docs/react.md, "Accessibility"); opens UnsupportedChain when due.
 */
function useFocusReturnAndUnsupportedChain(latch: Latch, host: ShadowHost | undefined) {
  const hostRef = useRef(host)
  hostRef.current = host
  useEffect(() => {
    let wasOpen = latch.getState().router.open
    let wasUnsupported = selectShowUnsupportedChain(latch.getState())
    let opener: HTMLElement | null = null
    let place: Place | undefined
    let pending: ReturnType<typeof setTimeout> | undefined
    let restorePage = wasOpen ? makePageInert() : undefined
    // Read at dispatch time, before React renders the dialog and moves focus into it.
    const unsubscribe = latch.subscribe(() => {
      const state = latch.getState()
      const isOpen = state.router.open
      if (isOpen !== wasOpen) {
        wasOpen = isOpen
        if (isOpen) {
          const active = document.activeElement
          opener = active instanceof HTMLElement && active !== hostRef.current?.element && active !== document.body ? active : null
          place = opener ? placeOf(opener) : undefined
          clearTimeout(pending)
          restorePage = makePageInert() // after reading the opener: inert blurs it
        } else {
          // Before focusing the opener: an element inside an inert one cannot take focus.
          restorePage?.()
          restorePage = undefined
          const target = opener
          const where = place
          opener = null
          place = undefined
          if (target?.isConnected) target.focus({ preventScroll: true })
          // The page may replace the opener as it renders the change that closed the modal (a connect button swapped
          // for an account button): then its successor in the same place takes focus, once the page has rendered.
          if (target && where) pending = setTimeout(() => focusSuccessor(target, where, hostRef.current?.element))
        }
      }
      const unsupported = selectShowUnsupportedChain(state)
      if (unsupported !== wasUnsupported) {
        wasUnsupported = unsupported
        if (unsupported) latch.dispatch(modalOpened({ view: { name: 'UnsupportedChain' } }))
      }
    })
    return () => {
      unsubscribe()
      clearTimeout(pending)
      restorePage?.()
    }
  }, [latch])
}

/** Where the opener sat: its parent and the element after it. */
type Place = { parent: Element | null; next: Element | null }

function placeOf(element: HTMLElement): Place {
  return { parent: element.parentElement, next: element.nextElementSibling }
}

/**
 * When focus was lost (to the body) because the opener left the page, focuses the element now in its place: the one before
 * the element that followed it, else the last of its parent, or the first control inside that element.
 */
function focusSuccessor(opener: HTMLElement, { parent, next }: Place, host: Element | undefined): void {
  const active = document.activeElement
  // Lost: on the body, or still in the closing modal's host.
  if (opener.isConnected || (active && active !== document.body && active !== host) || !parent?.isConnected) return
  const candidate = next && next.parentElement === parent ? next.previousElementSibling : parent.lastElementChild
  if (!(candidate instanceof HTMLElement) || candidate.closest('[inert]')) return
  const control = candidate.matches(controlSelector) ? candidate : candidate.querySelector<HTMLElement>(controlSelector)
  control?.focus({ preventScroll: true })
}

const controlSelector = 'button:not([disabled]),a[href],input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'
