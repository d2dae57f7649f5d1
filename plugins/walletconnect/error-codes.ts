import { defineErrors, type ErrorsOf } from '../../kernel/index'

/**
 * The codes and visitor texts only the WalletConnect plugin raises: WALLETCONNECT_NO_FAMILY (docs/walletconnect.md, "Install"), and
 * NETWORK_ERROR's text when the relay cannot be reached (docs/walletconnect.md, "Errors").
 */
export const walletConnectErrors = defineErrors({
  codes: {
    WALLETCONNECT_NO_FAMILY: 'WalletConnect needs a chain family plugin',
  },
  messages: {
    SIGN_CLIENT_NOT_INITIALIZED: 'Sign Client not initialized',
  },
})

declare module '../../kernel/engine/errors' {
  interface ErrorMap extends ErrorsOf<typeof walletConnectErrors> {}
}
