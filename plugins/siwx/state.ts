/**
 * docs/siwx.md, "State": the `siwx` slice. Sessions are kept by account and network, with no message or signature
 * (those stay in browser storage or on the server). Selectors for the modal: whether the active account is signed in,
 * and whether closing is allowed.
 */
import { selectAddress, type LatchErrorData, type State } from '../../kernel/index'
import type { SiwxAccount, SiwxSessionInfo } from './types'

export type SiwxStatus = 'idle' | 'signing' | 'failed'

export type SiwxState = {
  /** The integrator's `required` option. */
  required: boolean
  mode: 'browser' | 'server'
  /** Known sessions, by `sessionKey`. */
  sessions: Record<string, SiwxSessionInfo>
  /** The account the SIWXSignMessage view asks to sign in, while it is asked. */
  pending?: SiwxAccount
  /** `signing` while the wallet is asked and the signature checked ('Authenticating...'); `failed` with `error` after. */
  status: SiwxStatus
  error?: LatchErrorData
  /** Accounts whose sign-in the visitor cancelled (not required): not asked again until they reconnect. */
  dismissed: string[]
}

declare module '../../kernel/core/state' {
  interface SliceMap {
    siwx: SiwxState
  }
}

/** The key of an account's session: `eip155:1:0xabc…` (the address lower-cased for EVM, whose case is a checksum). */
export function sessionKey(account: SiwxAccount): string {
  return `${account.chainId}:${account.ns === 'eip155' ? account.address.toLowerCase() : account.address}`
}

/** The siwx slice, or undefined when the plugin is not registered. */
export function selectSiwx(state: State): SiwxState | undefined {
  return (state as Partial<State>).siwx
}

/** The active family's account and network, or undefined when nothing is connected. */
export function selectActiveAccount(state: State): SiwxAccount | undefined {
  const ns = state.activeNamespace
  if (!ns || state.chains[ns].connectorId === undefined) return undefined
  const address = selectAddress(state, ns)
  const chainId = state.chains[ns].network.caipNetwork?.caipNetworkId
  if (!address || !chainId) return undefined
  // docs/siwx.md, "The account": a smart account is one its connection lists as such; a Solana address is its public key.
  const listed = state.chains[ns].account.allAccounts.find((a) => (ns === 'eip155' ? a.address.toLowerCase() === address.toLowerCase() : a.address === address))
  return { ns, address, chainId, type: listed?.type === 'smartAccount' ? 'smartAccount' : 'eoa', ...(ns === 'solana' ? { publicKey: address } : {}) }
}

/** The session of an account, when one is known and not expired at `now` (ms). */
export function sessionOf(state: State, account: SiwxAccount, now: number): SiwxSessionInfo | undefined {
  const session = selectSiwx(state)?.sessions[sessionKey(account)]
  if (!session) return undefined
  if (session.expiresAt !== undefined && !(Date.parse(session.expiresAt) > now)) return undefined
  return session
}
