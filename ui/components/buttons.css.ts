import { themeCss } from '../theme/tokens'
import { accountButtonCss } from './AccountButton/AccountButton.css'
import { connectButtonCss } from './ConnectButton/ConnectButton.css'
import { networkButtonCss } from './NetworkButton/NetworkButton.css'

/** The token scope of the buttons drawn in the host page. */
export const buttonScope = '.latch-button'

/** Every style of the host-page buttons: tokens for both modes, then each button. */
export const buttonsCss = themeCss(buttonScope) + connectButtonCss + accountButtonCss + networkButtonCss
