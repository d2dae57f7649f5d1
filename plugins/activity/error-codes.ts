import { defineErrors, type ErrorsOf } from '../../kernel/index'

/**
 * The error codes only Activity's history raises, with their visitor texts (docs/errors.md; docs/behaviour.md,
 * "Activity"). The api plugin, which registers the history, declares them.
 */
export const activityErrors = defineErrors({
  codes: {
    FETCH_TRANSACTIONS_FAILED: 'Failed to fetch transactions',
    TRANSACTIONS_ADDRESS_REQUIRED: "Transactions can't be fetched without an accountAddress",
  },
})

declare module '../../kernel/engine/errors' {
  interface ErrorMap extends ErrorsOf<typeof activityErrors> {}
}
