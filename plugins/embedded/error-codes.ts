import { defineErrors, type ErrorsOf } from '../../kernel/index'

/** The codes only the embedded plugin raises: EMBEDDED_NO_FAMILY (docs/errors.md, "Codes of the plugins"). */
export const embeddedErrors = defineErrors({
  codes: { EMBEDDED_NO_FAMILY: 'The embedded wallet needs a chain family plugin' },
  messages: {},
})

declare module '../../kernel/engine/errors' {
  interface ErrorMap extends ErrorsOf<typeof embeddedErrors> {}
}
