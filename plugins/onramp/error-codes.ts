import { defineErrors, type ErrorsOf } from '../../kernel/index'

/** The error codes only the onramp plugin raises, with their visitor texts (docs/errors.md; docs/behaviour.md, "Buy (on-ramp)"). */
export const onrampErrors = defineErrors({
  codes: {
    ONRAMP_OPTIONS_FAILED: 'Could not load what you can buy',
    ONRAMP_QUOTE_FAILED: 'Could not get a quote',
    ONRAMP_AMOUNT_REFUSED: '{reason}',
    ONRAMP_CHECKOUT_FAILED: 'Could not open the provider’s checkout',
    ONRAMP_POPUP_BLOCKED: 'Your browser blocked the popup window. Allow popups for this site and try again.',
  },
  messages: {},
})

declare module '../../kernel/engine/errors' {
  interface ErrorMap extends ErrorsOf<typeof onrampErrors> {}
}
