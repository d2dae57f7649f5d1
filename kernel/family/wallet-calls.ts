import { filter, ignoreElements, type Observable, type SchedulerLike } from 'rxjs'
import { LatchError, walletCancelRequested, type ChainNamespace, type Logged } from '../index'

/** How one wallet call is tracked. */
export type WalletCallOptions = {
  /** What is asked, for error details ('personal_sign', 'signPsbt'). */
  label: string
  /** Milliseconds of the clock port before it fails with `REQUEST_TIMEOUT` (its text 'Request was aborted'). */
  timeout: number
  /** Bound to the connection it was made for: fails once that connection ends or another replaces it. */
  bound?: boolean
  /** A read-only call a dapp made: `abort()` leaves it to finish. */
  safe?: boolean
}

/**
 * The one path every call to a wallet takes (docs/behaviour.md, "Wallet requests"; docs/plugins.md, "The family kit"):
 * - a timeout on the clock port, after which it fails with `REQUEST_TIMEOUT` ('Request was aborted');
 * - one pending call per wallet and key: an identical call joins it, so two clicks make one prompt (no key, no joining);
 * - `abort()` fails what is pending (the visitor cancelled or rejected), except the calls marked `safe`;
 * - `connectionChanged()` fails the calls bound to the connection that ended or was replaced; their late answers are
 *   dropped.
 */
export type WalletCalls = {
  run<T>(wallet: object, key: string | undefined, call: () => Promise<T>, options: WalletCallOptions): Promise<T>
  /** Fails every pending call with `REQUEST_ABORTED`, except those marked `safe`. */
  abort(details: string): void
  /** The connection changed (connected, disconnected): bound calls of the old one fail. */
  connectionChanged(): void
  /**
   * For an intent answered later than it was dispatched (its code was still loading): from now until `release()`,
   * records what fails pending calls, and `run` fails at once as a call made at dispatch would have been failed by it
   * since; otherwise it is this tracker's `run`.
   */
  since(): Pick<WalletCalls, 'run'> & { release(): void }
}

type Pending = { promise: Promise<unknown>; fail(error: LatchError): void; bound: boolean; safe: boolean }
type Failure = { applies(entry: Pick<Pending, 'bound' | 'safe'>): boolean; details: string }

/** A wallet-call tracker for one plugin instance (nothing is shared between two Latch instances). */
export function createWalletCalls(scheduler: SchedulerLike): WalletCalls {
  const byWallet = new WeakMap<object, Map<string, Pending>>()
  const all = new Set<Pending>()
  const marks = new Set<Failure[]>()

  function run<T>(wallet: object, key: string | undefined, call: () => Promise<T>, options: WalletCallOptions): Promise<T> {
    let table = byWallet.get(wallet)
    if (!table) byWallet.set(wallet, (table = new Map()))
    const joined = key === undefined ? undefined : table.get(key)
    if (joined) return joined.promise as Promise<T>
    const { label, timeout } = options
    const pendingOf = table
    const entry = { bound: options.bound ?? false, safe: options.safe ?? false } as Pending
    let settled = false
    entry.promise = new Promise<unknown>((resolve, reject) => {
      const finish = (settle: () => void) => {
        if (settled) return
        settled = true
        timer.unsubscribe()
        all.delete(entry)
        if (key !== undefined && pendingOf.get(key) === entry) pendingOf.delete(key)
        settle()
      }
      entry.fail = (error) => finish(() => reject(error))
      const timer = scheduler.schedule(
        () => entry.fail(new LatchError('REQUEST_TIMEOUT', { message: 'REQUEST_ABORTED', details: `${label}: the wallet did not answer within ${timeout} ms` })),
        timeout,
      )
      // A wallet that throws synchronously rejects instead.
      Promise.resolve()
        .then(call)
        .then(
          (value) => finish(() => resolve(value)),
          (error: unknown) => finish(() => reject(error)),
        )
    })
    all.add(entry)
    if (key !== undefined) table.set(key, entry)
    return entry.promise as Promise<T>
  }

  function failWhere(applies: Failure['applies'], details: string) {
    for (const failures of marks) failures.push({ applies, details })
    for (const entry of [...all]) if (applies(entry)) entry.fail(new LatchError('REQUEST_ABORTED', { details }))
  }

  return {
    run,
    since() {
      const failures: Failure[] = []
      marks.add(failures)
      return {
        run: <T>(wallet: object, key: string | undefined, call: () => Promise<T>, options: WalletCallOptions): Promise<T> => {
          const entry = { bound: options.bound ?? false, safe: options.safe ?? false }
          const failure = failures.find((failure) => failure.applies(entry))
          return failure ? Promise.reject(new LatchError('REQUEST_ABORTED', { details: failure.details })) : run(wallet, key, call, options)
        },
        release: () => void marks.delete(failures),
      }
    },
    abort: (details) => failWhere((entry) => !entry.safe, details),
    connectionChanged: () => failWhere((entry) => entry.bound, 'the connection this request was made for has ended or been replaced'),
  }
}

/**
 * Keeps a family's tracker in step with the log, emitting nothing: the family's connection changes (connected,
 * disconnected) fail the calls bound to the old one; the visitor's cancel fails the pending calls, except a dapp's
 * read-only ones (docs/behaviour.md, "Wallet requests").
 */
export function settleWalletCalls(events$: Observable<Logged>, ns: ChainNamespace, calls: Pick<WalletCalls, 'abort' | 'connectionChanged'>): Observable<never> {
  return events$.pipe(
    filter((event) => {
      if (event.ns !== ns) return false
      if (event.type === 'account/connected' || event.type === 'account/disconnected') calls.connectionChanged()
      else if (walletCancelRequested.match(event)) calls.abort('the visitor cancelled')
      return false
    }),
    ignoreElements(),
  )
}
