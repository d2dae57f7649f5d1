import { defineErrors, type ErrorsOf } from '../../kernel/index'

/** The error codes only the siwx plugin raises, with their visitor texts (docs/errors.md; docs/siwx.md, "Errors"). */
export const siwxErrors = defineErrors({
  codes: {
    SIWX_AUTH_ERROR: 'A problem occurred while trying initialize authentication',
    SIGNATURE_DECLINED: 'Signature declined',
    SMART_ACCOUNT_UNSUPPORTED: 'This application might not support Smart Accounts',
    SIWX_NOT_ENABLED: 'SIWX is not enabled',
    SIWX_NO_ACTIVE_ADDRESS: 'No ActiveCaipAddress found',
    SIWX_NO_ACTIVE_NETWORK: 'No ActiveCaipNetwork or client found',
  },
})

declare module '../../kernel/engine/errors' {
  interface ErrorMap extends ErrorsOf<typeof siwxErrors> {}
}
