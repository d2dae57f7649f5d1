import { themeCss } from '../theme/tokens'
import { accountButtonCss } from './AccountButton/AccountButton.css'
import { connectButtonCss } from './ConnectButton/ConnectButton.css'
import { networkButtonCss } from './NetworkButton/NetworkButton.css'

/** The token scope of the buttons drawn in the host page. */
export const buttonScope = '.latch-button'

/** Every style of the host-page buttons: tokens for both modes, then each button. */
export const buttonsCss = themeCss(buttonScope) + connectButtonCss + accountButtonCss + networkButtonCss

/**
 * The custom property `latch/styles.css` sets on the root element. When the page has it, LatchProvider adopts no
 * copy of the buttons' styles (docs/nextjs.md, "Styles"); theme overrides are still adopted at run time.
 */
export const stylesheetMarker = '--latch-styles'

/** `latch/styles.css` as scripts/build.ts writes it: the buttons' styles, from the same source as the run time's, and the marker. */
export const buttonsStylesheet = `${buttonsCss}:root{${stylesheetMarker}:1}\n`
