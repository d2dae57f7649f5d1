/** The modal chunk, imported lazily by LatchProvider (preloaded when the browser is idle). */
import { warmFormats } from '../i18n/format'
import { whenIdle } from '../utils/platform'
import { modalSheet } from './styles'

export { ModalRoot } from './ModalRoot'
export { modalCss } from './styles'
export { preloadViews } from './Router/Router'

/**
 * Work of the first open done ahead of it, while the browser is idle once the chunk has loaded, so the first open costs
 * what later ones do (docs/react.md, "The modal's lazy chunk"): the modal's stylesheet parsed, the locale's number format
 * and plural rules created. Nothing is added to the page.
 */
export function warmUp(locale: string): void {
  whenIdle(() => {
    modalSheet()
    warmFormats(locale)
  })
}
