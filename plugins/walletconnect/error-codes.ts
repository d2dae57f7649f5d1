import { defineErrors, type ErrorsOf } from '../../kernel/index'

/** The visitor text only the WalletConnect plugin shows: NETWORK_ERROR's when the relay cannot be reached (docs/walletconnect.md, "Errors"). */
export const walletConnectErrors = defineErrors({
  codes: {},
  messages: {
    SIGN_CLIENT_NOT_INITIALIZED: 'Sign Client not initialized',
  },
})

declare module '../../kernel/engine/errors' {
  interface ErrorMap extends ErrorsOf<typeof walletConnectErrors> {}
}
