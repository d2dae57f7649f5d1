import { defineErrors, type ErrorsOf } from '../../kernel/index'

/**
 * The codes only the embedded plugin raises (docs/errors.md, "Codes of the plugins"): EMBEDDED_NO_FAMILY, POPUP_BLOCKED
 * (a social login's popup was blocked by the browser), and ACCOUNT_TYPE_SWITCH_FAILED (the frame did not take the
 * account type asked for: the EOA is in use).
 */
export const embeddedErrors = defineErrors({
  codes: {
    EMBEDDED_NO_FAMILY: 'The embedded wallet needs a chain family plugin',
    POPUP_BLOCKED: 'The popup window was blocked',
    ACCOUNT_TYPE_SWITCH_FAILED: 'The account could not be switched. Your EOA is in use.',
  },
  messages: {},
})

declare module '../../kernel/engine/errors' {
  interface ErrorMap extends ErrorsOf<typeof embeddedErrors> {}
}
