import { defineErrors, type ErrorsOf } from '../../kernel/index'

/** The error codes only the names plugin raises, with their visitor texts (docs/errors.md; docs/names.md). */
export const namesErrors = defineErrors({
  codes: {
    NAME_LOOKUP_FAILED: 'Error fetching names for address',
    NAME_SUGGESTIONS_FAILED: 'Error fetching name suggestions',
    NAME_REGISTRATION_FAILED: 'Error registering name {name}',
  },
})

declare module '../../kernel/engine/errors' {
  interface ErrorMap extends ErrorsOf<typeof namesErrors> {}
}
