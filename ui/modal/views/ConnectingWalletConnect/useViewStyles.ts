import { connectingWalletConnectCss } from './ConnectingWalletConnect.css'
import { useViewStyles as useStyles } from '../kit'

/** The QR view's styles, adopted into the shadow root it lands in (ui/utils/view-styles.ts). */
export function useViewStyles() {
  return useStyles(connectingWalletConnectCss)
}
