/**
 * docs/walletconnect.md, "Topics and proposal ids": Latch's own checks of what it hands the sign-client, made before the
 * sign-client is asked. A session topic, a pairing topic and a proposal id must exist in the client's records and not
 * be expired; a topic must be a string, a proposal id a number. Pure: the records are passed in (the sign-client's
 * `client.session`, `client.core.pairing.pairings`, `client.proposal` fit), and so is the time.
 */
import { LatchError } from '../../kernel/index'

/** The records a check reads: the keys the client holds, and the record of one key (its `expiry` or `expiryTimestamp`, in seconds). */
export type Records<K> = { readonly keys: readonly K[]; get(key: K): unknown }

/** The expiry of a record, in milliseconds since the epoch; undefined when it carries none. */
function expiryOf(record: unknown): number | undefined {
  if (typeof record !== 'object' || record === null) return undefined
  const { expiry, expiryTimestamp } = record as { expiry?: unknown; expiryTimestamp?: unknown }
  const seconds = typeof expiryTimestamp === 'number' ? expiryTimestamp : expiry
  return typeof seconds === 'number' && Number.isFinite(seconds) ? seconds * 1000 : undefined
}

/** Whether a record expiring at `expiry` (ms) is expired at `now`: past it, or with `threshold` ms or less left. */
function expired(expiry: number | undefined, now: number, threshold: number): boolean {
  return expiry === undefined || expiry - now <= threshold
}

/**
 * Checks a session or pairing topic against the client's records (docs/walletconnect.md, "Topics and proposal ids"):
 * a topic that is not a string is `INVALID_RESPONSE`; one the client does not hold, or whose record expired (or has
 * `threshold` ms or less left: 10 s for a pairing about to be reused), is `REQUEST_ABORTED`, as the wallet's own
 * 6000 and 8000 are. Returns the topic.
 */
export function checkTopic(kind: 'session' | 'pairing', topic: unknown, records: Records<string>, now: number, threshold = 0): string {
  if (typeof topic !== 'string' || topic.length === 0) {
    throw new LatchError('INVALID_RESPONSE', { details: `WalletConnect: a ${kind} topic must be a string (got ${topic === '' ? 'an empty string' : typeof topic})` })
  }
  const shown = topic.slice(0, 100)
  if (!records.keys.includes(topic)) throw new LatchError('REQUEST_ABORTED', { details: `WalletConnect: the ${kind} topic ${shown} does not exist` })
  if (expired(expiryOf(records.get(topic)), now, threshold)) throw new LatchError('REQUEST_ABORTED', { details: `WalletConnect: the ${kind} topic ${shown} expired` })
  return topic
}

/**
 * Checks a proposal id against the client's records (docs/walletconnect.md, "Topics and proposal ids"): an id that is
 * not a number is `INVALID_RESPONSE`; one the client does not hold, or whose proposal expired (or has `threshold` ms or
 * less left), is `REQUEST_ABORTED`. Returns the id.
 */
export function checkProposalId(id: unknown, records: Records<number>, now: number, threshold = 0): number {
  if (typeof id !== 'number' || !Number.isFinite(id)) {
    throw new LatchError('INVALID_RESPONSE', { details: `WalletConnect: a proposal id must be a number (got ${typeof id})` })
  }
  if (!records.keys.includes(id)) throw new LatchError('REQUEST_ABORTED', { details: `WalletConnect: the proposal id ${id} does not exist` })
  if (expired(expiryOf(records.get(id)), now, threshold)) throw new LatchError('REQUEST_ABORTED', { details: `WalletConnect: the proposal id ${id} expired` })
  return id
}
