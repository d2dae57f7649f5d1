import { defineErrors, type ErrorsOf } from '../../kernel/index'

/**
 * The codes and visitor texts only the WalletConnect plugin raises: WALLETCONNECT_NO_FAMILY (docs/walletconnect.md, "Install"), and
 * NETWORK_ERROR's text when the relay cannot be reached, and RPC_NOT_ALLOWED's when the session lacks
 * `wallet_getCallsStatus` (docs/walletconnect.md, "Errors").
 */
export const walletConnectErrors = defineErrors({
  codes: {
    WALLETCONNECT_NO_FAMILY: 'WalletConnect needs a chain family plugin',
  },
  messages: {
    SIGN_CLIENT_NOT_INITIALIZED: 'Sign Client not initialized',
    CALL_STATUS_NOT_APPROVED: 'Fetching call status not approved by the wallet.',
  },
})

declare module '../../kernel/engine/errors' {
  interface ErrorMap extends ErrorsOf<typeof walletConnectErrors> {}
}
