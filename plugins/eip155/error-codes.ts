import { defineErrors, type ErrorsOf } from '../../kernel/index'

/** The error code and visitor text only the eip155 plugin raises (docs/errors.md). */
export const eip155Errors = defineErrors({
  codes: {
    CAPABILITIES_ADDRESS_REQUIRED: 'Missing address parameter in `wallet_getCapabilities` request',
  },
  messages: {
    // REQUEST_ABORTED's text when the wallet answers -32002.
    REQUEST_PENDING: 'A request is already pending in your wallet',
  },
})

declare module '../../kernel/engine/errors' {
  interface ErrorMap extends ErrorsOf<typeof eip155Errors> {}
}
