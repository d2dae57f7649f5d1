/**
 * docs/siwx.md, "Options": what an integrator passes to `siwx()`, and the account and session shapes the callbacks of
 * the server mode receive and return. Types only: the plugin's entry loads no code from here.
 */
import type { ChainNamespace } from '../../kernel/index'

/**
 * The account asked to sign in (docs/siwx.md, "The account"): its family (namespace), its address as the wallet gives it,
 * the network (CAIP-2, `eip155:1`), its type (`smartAccount` when its connection lists it so, else `eoa`), and its public
 * key and derivation path when Latch knows them (a Solana address is its public key; no wallet reports a path).
 */
export type SiwxAccount = { ns: ChainNamespace; address: string; chainId: string; type?: 'eoa' | 'smartAccount'; publicKey?: string; path?: string }

/** A sign-in the visitor's wallet signed: the account, the message (docs/siwx.md, "Messages") and the wallet's signature. */
export type SiwxSignIn = SiwxAccount & {
  message: string
  /** eip155: 0x hex; solana: base58; bip122: base64 (BIP-322 simple, or the legacy form for P2PKH). */
  signature: string
}

/** A session as the dapp keeps it: whose, for which network, until when (ISO 8601; none: until signed out). */
export type SiwxSessionInfo = SiwxAccount & { issuedAt: string; expiresAt?: string }

/**
 * The server mode (docs/siwx.md, "Server mode"): the dapp's backend hands out nonces, verifies signatures and keeps
 * sessions (say, in a cookie). Every answer is checked; a callback that throws or answers junk fails the sign-in with
 * `SIWX_AUTH_ERROR` (nonce) or `SIGNATURE_DECLINED` (verify), and never signs the visitor in.
 */
export type SiwxServer = {
  /** A fresh nonce for this account's sign-in (at least 8 letters or digits). */
  getNonce(account: SiwxAccount): Promise<string>
  /** Checks the signed message (domain, URI, nonce, window, signature) and starts the session; throws or answers `false` to refuse. */
  verify(signIn: SiwxSignIn): Promise<SiwxSessionInfo | boolean>
  /** The session the backend holds for this account, or null. Asked when an account connects or is restored. */
  getSession(account: SiwxAccount): Promise<SiwxSessionInfo | null>
  /** Ends the backend's session of this account (on disconnect when `signOutOnDisconnect`, or `signOut(latch)`). */
  signOut(account: SiwxAccount): Promise<void>
}

/** Options of the siwx plugin (docs/siwx.md, "Options"). */
export type SiwxOptions = {
  /** When true the visitor must sign in: cancelling disconnects and the modal cannot be closed until signed in (default false). */
  required?: boolean
  /** One line shown in the message (default none). */
  statement?: string
  /** How long a session lasts, in seconds (default 86,400: a day). Written as the message's expiration time. */
  expiresIn?: number
  /** End the session when the visitor disconnects (default true). */
  signOutOnDisconnect?: boolean
  /** The families that sign in (default every family connected). */
  namespaces?: readonly ChainNamespace[]
  /** Resources (URIs) listed in the message. */
  resources?: readonly string[]
  /** Verify on the dapp's backend instead of in the browser; omit for the browser mode (sessions kept in browser storage). */
  server?: SiwxServer
}

/** The options as the flow uses them, defaults filled in. */
export type SiwxSettings = {
  required: boolean
  statement?: string
  expiresIn: number
  signOutOnDisconnect: boolean
  namespaces?: readonly string[]
  resources?: readonly string[]
  server?: SiwxServer
}
