/** The modal chunk, imported lazily by LatchProvider (preloaded when the browser is idle). */
export { ModalRoot } from './ModalRoot'
export { modalCss } from './styles'
export { preloadViews } from './Router/Router'
