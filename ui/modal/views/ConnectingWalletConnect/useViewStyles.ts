import { useCallback } from 'react'
import { adoptStyles } from '../../../shared'
import { connectingWalletConnectCss } from './ConnectingWalletConnect.css'

const adopted = new WeakSet<ShadowRoot | Document>()

/**
 * A ref callback that adopts the view's styles into the shadow root it lands in, once per root: they come with the view's
 * chunk, not the modal's. Adopted after the modal's styles, so the view's forced-colours rules win as the modal's do.
 */
export function useViewStyles() {
  return useCallback((element: HTMLElement | null) => {
    const root = element?.getRootNode()
    if (!root || !(root instanceof ShadowRoot || root instanceof Document) || adopted.has(root)) return
    adopted.add(root)
    adoptStyles(root, connectingWalletConnectCss)
  }, [])
}
