import type { SchedulerLike } from 'rxjs'
import { constants, LatchError } from '../../kernel/index'
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

type Pending = { promise: Promise<unknown>; fail(error: LatchError): void; bound: boolean; safe: boolean }
type Failure = { applies(entry: Pick<Pending, 'bound' | 'safe'>): boolean; details: string }

/** A request tracker for one plugin instance (nothing is shared between two Latch instances). */
export function createWalletRequests(scheduler: SchedulerLike): WalletRequests {
  const byProvider = new WeakMap<Eip1193Provider, Map<string, Pending>>()
  const all = new Set<Pending>()
  const marks = new Set<Failure[]>()

  function request(provider: Eip1193Provider, method: string, params?: readonly unknown[] | object, options: WalletRequestOptions = {}) {
    const key = keyOf(method, params)
    let pendingOf = byProvider.get(provider)
    if (!pendingOf) byProvider.set(provider, (pendingOf = new Map()))
    const joined = key === undefined ? undefined : pendingOf.get(key)
    if (joined) return joined.promise
    const timeout = options.timeout ?? (promptMethods.has(method) ? constants.walletPromptTimeout : constants.rpcTimeout)
    const table = pendingOf
    let settled = false
    const entry = { bound: options.bound ?? false, safe: options.safe ?? false } as Pending
    entry.promise = new Promise<unknown>((resolve, reject) => {
      const finish = (settle: () => void) => {
        if (settled) return
        settled = true
        timer.unsubscribe()
        all.delete(entry)
        if (key !== undefined && table.get(key) === entry) table.delete(key)
        settle()
      }
      entry.fail = (error) => finish(() => reject(error))
      const timer = scheduler.schedule(
        () => entry.fail(new LatchError('REQUEST_TIMEOUT', { message: 'REQUEST_ABORTED', details: `${method}: the wallet did not answer within ${timeout} ms` })),
        timeout,
      )
      // A wallet that throws synchronously rejects instead.
      Promise.resolve()
        .then(() => provider.request(params === undefined ? { method } : { method, params }))
        .then(
          (value) => finish(() => resolve(value)),
          (error: unknown) => finish(() => reject(error)),
        )
    })
    all.add(entry)
    if (key !== undefined) table.set(key, entry)
    return entry.promise
  }

  function failWhere(applies: Failure['applies'], details: string) {
    for (const failures of marks) failures.push({ applies, details })
    for (const entry of [...all]) if (applies(entry)) entry.fail(new LatchError('REQUEST_ABORTED', { details }))
  }

  function since() {
    const failures: Failure[] = []
    marks.add(failures)
    return {
      request: (provider: Eip1193Provider, method: string, params?: readonly unknown[] | object, options: WalletRequestOptions = {}) => {
        const entry = { bound: options.bound ?? false, safe: options.safe ?? false }
        const failure = failures.find((failure) => failure.applies(entry))
        return failure ? Promise.reject(new LatchError('REQUEST_ABORTED', { details: failure.details })) : request(provider, method, params, options)
      },
      release: () => void marks.delete(failures),
    }
  }

  return {
    request,
    since,
    abort: (details) => failWhere((entry) => !entry.safe, details),
    connectionChanged: () => failWhere((entry) => entry.bound, 'the connection this request was made for has ended or been replaced'),
  }
}

function keyOf(method: string, params: readonly unknown[] | object | undefined): string | undefined {
  try {
    return `${method}\u0000${JSON.stringify(params ?? null)}`
  } catch {
    return undefined
  }
}
