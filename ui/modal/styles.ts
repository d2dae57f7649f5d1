import { useCallback } from 'react'
import { adoptStyles } from '../utils/styles'
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
export const modalCss = [dialogCss, walletRowCss, walletIconCss, loaderCss, toastsCss, networksCss, profileCss, allWalletsCss, forcedColorsCss].join('\n')

const adopted = new WeakSet<ShadowRoot | Document>()

/** A ref callback that adopts the modal's styles into the shadow root it lands in (once per root). */
export function useModalStyles() {
  return useCallback((element: HTMLElement | null) => {
    const root = element?.getRootNode()
    if (!root || !(root instanceof ShadowRoot || root instanceof Document) || adopted.has(root)) return
    adopted.add(root)
    adoptStyles(root, modalCss)
  }, [])
}
