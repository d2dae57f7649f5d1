/** The modal chunk, imported lazily by LatchProvider (asked for as it mounts). */
import type { Latch } from '../../kernel/index'
import { warmFormats } from '../i18n/format'
import { whenIdle } from '../utils/platform'
import { modalSheet } from './styles'
import { warmWalletList } from './warm'

export { ModalRoot } from './ModalRoot'
export { modalCss } from './styles'
export { preloadViews } from './Router/Router'

/** How long a step of warmUp waits for the browser to be idle before it runs anyway (ms). */
const warmStepTimeout = 200

/**
 * Work of the first open done ahead of it, while the browser is idle once the chunk has loaded, so the first open costs
 * what later ones do (docs/react.md, "The modal's lazy chunk"): the modal's stylesheet parsed, the locale's number format
 * and plural rules created, the wallet list's data: images made (again when the list
 * changes, until the modal opens). Nothing is added to the page and no request leaves it. Returns a stop.
 */
export function warmUp(locale: string, latch: Latch): () => void {
  const cancel = whenIdle(() => {
    modalSheet()
    warmFormats(locale)
  }, warmStepTimeout)
  const stop = warmWalletList(latch, (step) => whenIdle(step, warmStepTimeout))
  return () => {
    cancel()
    stop()
  }
}
