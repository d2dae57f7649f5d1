import { useViewStyles as useStyles } from '../../../shared'
import { connectingWalletConnectCss } from './ConnectingWalletConnect.css'

/** The QR view's styles, adopted into the shadow root it lands in (ui/utils/view-styles.ts). */
export function useViewStyles() {
  return useStyles(connectingWalletConnectCss)
}
