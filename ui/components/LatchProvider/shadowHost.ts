import { themeCss } from '../../theme/tokens'
import { adoptStyles } from '../../utils/styles'
import { shellCss } from './ModalShell'

/** The scope of the theme tokens inside the modal's shadow root. */
export const modalScope = '.latch-theme'

/** The element appended to document.body and its shadow root, where the modal and toasts render. */
export type ShadowHost = {
  element: HTMLElement
  root: ShadowRoot
  /** Sets the integrator's `--latch-*` overrides (a stylesheet, so a strict CSP holds). */
  setOverrides(css: string): void
  remove(): void
}

/** Appends the host element to document.body, attaches an open shadow root and adopts the theme and shell styles. */
export function createShadowHost(): ShadowHost {
  // A custom tag: a page's generic `div { … }` rules cannot reach the host (inherited properties would leak in).
  const element = document.createElement('latch-modal')
  element.setAttribute('data-latch-modal', '')
  document.body.appendChild(element)
  const root = element.attachShadow({ mode: 'open' })
  adoptStyles(root, themeCss(modalScope) + shellCss)
  const overrides = adoptStyles(root, '')
  return { element, root, setOverrides: (css) => overrides.replace(css), remove: () => element.remove() }
}
