import { defineErrors, type ErrorsOf } from '../../kernel/index'

/**
 * The codes only the embedded plugin raises (docs/errors.md, "Codes of the plugins"): EMBEDDED_NO_FAMILY, and
 * POPUP_BLOCKED (a social login's popup was blocked by the browser).
 */
export const embeddedErrors = defineErrors({
  codes: { EMBEDDED_NO_FAMILY: 'The embedded wallet needs a chain family plugin', POPUP_BLOCKED: 'The popup window was blocked' },
  messages: {},
})

declare module '../../kernel/engine/errors' {
  interface ErrorMap extends ErrorsOf<typeof embeddedErrors> {}
}
