import { useCallback } from 'react'
import { adoptStyles } from '../utils/styles'
import { alertBarCss } from './AlertBar/AlertBar'
import { allWalletsCss } from './views/AllWallets/AllWallets.css'
import { dialogCss } from './Dialog/Dialog.css'
import { forcedColorsCss } from './forced-colors.css'
import { loaderCss } from './Loader/Loader'
import { networksCss } from './views/Networks/Networks.css'
import { profileCss } from './views/ProfileWallets/ProfileWallets.css'
import { toastsCss } from './Toasts/Toasts'
import { walletIconCss } from './WalletIcon/WalletIcon.css'
import { walletRowCss } from './WalletRow/WalletRow.css'

/** Every style of the modal chunk (the theme tokens were adopted with the shadow root); forced colours last, to amend the rest. */
export const modalCss = [dialogCss, walletRowCss, walletIconCss, loaderCss, toastsCss, alertBarCss, networksCss, profileCss, allWalletsCss, forcedColorsCss].join('\n')

const adopted = new WeakSet<ShadowRoot | Document>()
let sheet: CSSStyleSheet | undefined

/**
 * The modal's styles as one constructable stylesheet of this document, parsed once (ahead of the first open, by warmUp) and
 * shared by every shadow root the modal renders in; undefined where constructable sheets are missing.
 */
export function modalSheet(): CSSStyleSheet | undefined {
  if (sheet) return sheet
  if (typeof CSSStyleSheet !== 'function' || typeof CSSStyleSheet.prototype.replaceSync !== 'function') return undefined
  try {
    const built = new CSSStyleSheet()
    built.replaceSync(modalCss)
    return (sheet = built)
  } catch {
    return undefined // older engines throw on `new CSSStyleSheet()`
  }
}

/** A ref callback that adopts the modal's styles into the shadow root it lands in (once per root). */
export function useModalStyles() {
  return useCallback((element: HTMLElement | null) => {
    const root = element?.getRootNode()
    if (!root || !(root instanceof ShadowRoot || root instanceof Document) || adopted.has(root)) return
    adopted.add(root)
    const shared = modalSheet()
    try {
      if (shared && 'adoptedStyleSheets' in root) return void (root.adoptedStyleSheets = [...root.adoptedStyleSheets, shared])
    } catch {
      // A root of another document (a frame) cannot adopt this document's sheet: a copy of its own below.
    }
    adoptStyles(root, modalCss)
  }, [])
}
