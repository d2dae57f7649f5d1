import type { SchedulerLike } from 'rxjs'
import { constants } from '../../kernel/index'
import { createWalletCalls, type WalletCalls } from '../../kernel/family/wallet-calls'
import type { Eip1193Provider } from './provider'

/** Requests that open a prompt in the wallet: the visitor gets time to read and decide. */
const promptMethods = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_showCallsStatus',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_scanQRCode',
  'wallet_registerOnboarding',
])

export type WalletRequestOptions = {
  /** Milliseconds before it fails with `REQUEST_TIMEOUT` (default: 5 min for a prompt, 10 s otherwise). */
  timeout?: number
  /** Bound to the connection it was asked for: aborted if that connection ends or is replaced. */
  bound?: boolean
  /** A read-only request a dapp sent (docs/behaviour.md, "Wallet requests"): `abort()` leaves it to finish. */
  safe?: boolean
}

/**
 * The one path every request to a wallet takes (docs/behaviour.md, "Wallet requests"):
 * - a timeout on the clock port, after which it fails with 'Request was aborted';
 * - one pending request per wallet, method and parameters: an identical request joins it, so
 *   two clicks make one prompt;
 * - `abort()` fails what is pending (the visitor cancelled or rejected), except a dapp's read-only requests;
 * - a request bound to a connection fails, and its late answer is dropped, once that connection
 *   ends or another replaces it (`connectionChanged()`).
 */
export type WalletRequests = {
  /** `params` as EIP-1193 carries them: an array, or (rarely) an object. */
  request(provider: Eip1193Provider, method: string, params?: readonly unknown[] | object, options?: WalletRequestOptions): Promise<unknown>
  /** Fails every pending request with `REQUEST_ABORTED`, except those marked `safe`. */
  abort(details: string): void
  /** The connection changed (connected, disconnected): bound requests of the old one fail. */
  connectionChanged(): void
  /**
   * For an intent answered later than it was dispatched (its code was still loading, kernel/family/lazy.ts): from
   * now until `release()`, records what fails pending requests, and `request` fails at once as a request made now
   * would have been failed by it since; otherwise it is this tracker's `request`.
   */
  since(): Pick<WalletRequests, 'request'> & { release(): void }
}

/** A request tracker for one plugin instance (nothing is shared between two Latch instances): the kit's wallet-call tracker, keyed by method and parameters. */
export function createWalletRequests(scheduler: SchedulerLike): WalletRequests {
  const calls = createWalletCalls(scheduler)
  const over = (run: WalletCalls['run']): WalletRequests['request'] => (provider, method, params, options = {}) =>
    run(provider, keyOf(method, params), () => provider.request(params === undefined ? { method } : { method, params }), {
      label: method,
      timeout: options.timeout ?? (promptMethods.has(method) ? constants.walletPromptTimeout : constants.rpcTimeout),
      bound: options.bound,
      safe: options.safe,
    })
  return {
    request: over(calls.run),
    since() {
      const marked = calls.since()
      return { request: over(marked.run), release: marked.release }
    },
    abort: calls.abort,
    connectionChanged: calls.connectionChanged,
  }
}

function keyOf(method: string, params: readonly unknown[] | object | undefined): string | undefined {
  try {
    return `${method}\u0000${JSON.stringify(params ?? null)}`
  } catch {
    return undefined
  }
}
