import { filter, merge, type Observable } from 'rxjs'
import { connectionPairingChanged, connectionStatusChanged, constants, LatchError, selectConnectedNamespaces, walletCancelRequested, walletConnectFailed, walletConnectRequested, walletConnectSucceeded, type CaipAddress, type ChainNamespace, type LatchEvent, type Logged } from '../../kernel/index'
import { answerIntent } from '../../kernel/engine/answer-intent'
import { onRelayFailure, relayUnreachable, type Client } from './client'
import { toSessionError } from './errors'
import { walletConnectPairingEnded, walletConnectUriShown, walletConnectUriWanted } from './events'
import { endReasons, endSession, familyConnected, type Holder } from './holder'
import { walletConnectConnectorId } from './pairing'
import { pairingExpiry, reusesPairing, startingAccount, wireNamespaces, type PairingPlatform } from './rules'
import { checkProposalId, checkTopic } from './validity'

/** A pairing shown to the visitor and the approval it waits for. */
type Pending = {
  uri: string
  /** The pairing's topic, and the id of the proposal made on it: checked before the pairing is reused. */
  topic: string | undefined
  proposalId: number | undefined
  expiresAt: number
  approval: Promise<unknown>
  /** Set when the visitor left and the pairing was given up: a late approval is then ended, not used. */
  abandoned: boolean
  waiters: Set<Waiter>
}

/** One connect request waiting on the pending pairing. */
type Waiter = { ns: ChainNamespace; settle(outcome: { session: unknown } | { error: unknown } | 'expired' | 'cancelled'): void }

/**
 * Answers `wallet/connectRequested` for WalletConnect (docs/walletconnect.md, "Sessions"): a family the session in use
 * already carries connects at once; otherwise a pairing is made, its URI shown (outside the log), and the approval
 * awaited. A pairing expires after 4 minutes, and a fresh one is shown while the visitor still waits. Leaving cancels,
 * except on Telegram and iOS Safari, where the pairing stays pending for the next connect.
 */
export function answerConnect(events$: Observable<Logged>, holder: Holder, families: readonly ChainNamespace[]): Observable<LatchEvent> {
  const { ctx } = holder
  const scheduler = ctx.ports.scheduler
  let pending: Pending | undefined

  const emit = (event: LatchEvent) => {
    holder.output.next(event)
    // The modal's attempt learns where the pairing is, without its URI (kernel/core/slices/connection.ts).
    if (walletConnectUriShown.match(event)) {
      const pairing = publicPairing(event.payload.uri, event.payload.expiresAt)
      holder.output.next(connectionPairingChanged(pairing ? { phase: 'shown', pairing } : { phase: 'shown' }))
      return
    }
    if (walletConnectPairingEnded.match(event)) holder.output.next(connectionPairingChanged({ phase: pairingPhases[event.payload.reason] }))
  }

  /** Makes a fresh pairing, shows it, and arms its expiry. */
  const pair = async (): Promise<Pending> => {
    // Until its URI is shown (or the pairing fails), the pairing is being made: state.connection.buffering.
    holder.output.next(connectionPairingChanged({ phase: 'waiting' }))
    const { uri, approval } = await within(holder, holder.options.connectTimeout, async () => {
      const client = await holder.client()
      const sessionProperties = holder.options.sessionProperties
      return untilRelayFails(client, holder.options.relayUrl, () => client.connect({ optionalNamespaces: wireNamespaces(holder.proposal()), ...(sessionProperties ? { sessionProperties: { ...sessionProperties } } : {}) }))
    }).catch((error: unknown) => {
      holder.output.next(connectionPairingChanged({ phase: 'failed' }))
      throw error
    })
    if (!uri) {
      holder.output.next(connectionPairingChanged({ phase: 'failed' }))
      throw new LatchError('INVALID_RESPONSE', { details: 'the sign-client made no pairing URI' })
    }
    const topic = publicPairing(uri, 0)?.topic
    const proposalId = topic === undefined ? undefined : proposalOn(holder, topic)
    const made: Pending = { uri, topic, proposalId, expiresAt: pairingExpiry(scheduler.now()), approval: approval(), abandoned: false, waiters: new Set() }
    pending = made
    made.approval.then(
      (session) => finish(made, { session }),
      (error: unknown) => finish(made, { error }),
    )
    scheduler.schedule(() => expire(made), made.expiresAt - scheduler.now())
    emit(walletConnectUriShown({ uri, expiresAt: made.expiresAt }))
    return made
  }

  const finish = (made: Pending, outcome: { session: unknown } | { error: unknown }) => {
    if (pending === made) pending = undefined
    if ('session' in outcome && (made.abandoned || made.waiters.size === 0)) {
      // The visitor gave up on this pairing (or left a kept one, on Telegram and iOS Safari, with no connect waiting),
      // then the wallet approved it anyway: end that session on both sides, use nothing of it.
      if (!made.abandoned) emit(walletConnectPairingEnded({ reason: 'cancelled' }))
      void endSession(holder, readTopic(outcome.session), endReasons.userDisconnected, 'a session approved after the visitor left')
      return
    }
    if (made.abandoned) return
    emit(walletConnectPairingEnded('error' in outcome ? { reason: 'failed', error: toSessionError(outcome.error, 'CONNECTION_DECLINED').toData() } : { reason: 'used' }))
    for (const waiter of made.waiters) waiter.settle(outcome)
    made.waiters.clear()
  }

  const expire = (made: Pending) => {
    if (pending !== made) return
    pending = undefined
    made.abandoned = true
    emit(walletConnectPairingEnded({ reason: 'expired' }))
    for (const waiter of made.waiters) waiter.settle('expired')
    made.waiters.clear()
  }

  /** The pairing a connect uses: the pending one while it is being waited on or may be reused here, else a fresh one. */
  const pairingFor = (): Promise<Pending> => {
    const now = scheduler.now()
    const current = pending
    if (current && !current.abandoned && (current.waiters.size > 0 || (reusesPairing(platformOf(ctx.ports.window), { uri: current.uri, expiry: current.expiresAt }, now) && stillValid(current)))) {
      emit(walletConnectUriShown({ uri: current.uri, expiresAt: current.expiresAt }))
      return Promise.resolve(current)
    }
    return pair()
  }

  /**
   * Whether the client still holds a kept pairing and its proposal, each with more than 10 s left (docs/walletconnect.md,
   * "Topics and proposal ids"); a pairing that fails is given up (`cancelled`) and the connect makes a fresh one.
   */
  const stillValid = (made: Pending): boolean => {
    try {
      const client = holder.running('reusing a pairing')
      const now = scheduler.now()
      checkTopic('pairing', made.topic, client.core.pairing.pairings, now, constants.expiredThreshold)
      checkProposalId(made.proposalId, client.proposal, now, constants.expiredThreshold)
      return true
    } catch (error) {
      ctx.ports.logger.warn('WalletConnect: the kept pairing cannot be reused; a fresh one is made', error)
      if (pending === made) pending = undefined
      made.abandoned = true
      emit(walletConnectPairingEnded({ reason: 'cancelled' }))
      return false
    }
  }

  /**
   * The visitor left while `made` was shown: it is given up (a late approval of it is then ended, not used) unless
   * another connect waits on it or this browser reuses it.
   */
  const giveUp = (made: Pending) => {
    if (made.waiters.size > 0 || pending !== made) return
    if (reusesPairing(platformOf(ctx.ports.window), { uri: made.uri, expiry: made.expiresAt }, scheduler.now())) return
    pending = undefined
    made.abandoned = true
    emit(walletConnectPairingEnded({ reason: 'cancelled' }))
  }

  /** Waits for the session, through as many pairings as expire meanwhile. */
  const awaitSession = async (ns: ChainNamespace, attempt: { cancelled: boolean; cancel?: () => void }): Promise<unknown> => {
    for (;;) {
      const made = await pairingFor()
      if (attempt.cancelled) {
        // The visitor left while the pairing was being made: it is given up as if it had been waited on.
        giveUp(made)
        throw aborted()
      }
      const outcome = await new Promise<Parameters<Waiter['settle']>[0]>((settle) => {
        const waiter: Waiter = { ns, settle }
        made.waiters.add(waiter)
        attempt.cancel = () => {
          made.waiters.delete(waiter)
          settle('cancelled')
          giveUp(made)
        }
      })
      if (outcome === 'expired') continue
      if (outcome === 'cancelled') throw aborted()
      if ('error' in outcome) throw toSessionError(outcome.error, 'CONNECTION_DECLINED')
      return outcome.session
    }
  }

  const attempts = new Map<ChainNamespace, Set<{ cancelled: boolean; cancel?: () => void }>>()

  const answers = families.map((ns) =>
    answerIntent(events$, { intent: walletConnectRequested, succeeded: walletConnectSucceeded, failed: walletConnectFailed, ns, toError: (error) => toSessionError(error, 'CONNECTION_DECLINED'), owns: (intent) => intent.payload.connectorId === walletConnectConnectorId }, async (intent, reply) => {
      const held = holder.session
      const carried = held?.families.find((family) => family.ns === ns)
      if (held && carried) {
        // The session in use already serves this family: connected at once, no wallet asked.
        for (const event of familyConnected(ctx.getState(), held, carried, true)) reply(event)
        return { caipAddress: startingAccount(carried, ctx.getState().chains[ns].network.caipNetwork?.caipNetworkId) }
      }
      const attempt: { cancelled: boolean; cancel?: () => void } = { cancelled: false }
      const mine = attempts.get(ns) ?? new Set()
      attempts.set(ns, mine.add(attempt))
      reply(connectionStatusChanged({ status: 'connecting' }))
      try {
        const session = await awaitSession(ns, attempt)
        await holder.ready()
        const adopted = holder.session?.topic === readTopic(session) ? holder.session : adoptNew(holder, session, ns)
        const family = adopted.families.find((f) => f.ns === ns)
        if (!family) throw new LatchError('INVALID_RESPONSE', { details: `the wallet approved no ${ns} account` })
        reply(connectionStatusChanged({ status: 'connected' }))
        return { caipAddress: startingAccount(family, ctx.getState().chains[ns].network.caipNetwork?.caipNetworkId) as CaipAddress }
      } catch (error) {
        reply(connectionStatusChanged({ status: selectConnectedNamespaces(ctx.getState()).length > 0 ? 'connected' : 'disconnected' }))
        throw error
      } finally {
        mine.delete(attempt)
      }
    }),
  )

  const cancels = events$.pipe(
    filter((event) => {
      if (walletCancelRequested.match(event) && event.ns && families.includes(event.ns)) {
        for (const attempt of attempts.get(event.ns) ?? []) {
          attempt.cancelled = true
          attempt.cancel?.()
        }
      }
      if (walletConnectUriWanted.match(event) && pending && !pending.abandoned) emit(walletConnectUriShown({ uri: pending.uri, expiresAt: pending.expiresAt }))
      return false
    }),
  )

  return merge(...answers, cancels) as Observable<LatchEvent>
}

/** Adopts a freshly approved session; one that does not fit is ended and refused (`INVALID_RESPONSE`). */
function adoptNew(holder: Holder, session: unknown, ns: ChainNamespace) {
  const previous = holder.session
  try {
    const adopted = holder.adopt(session as never, ns)
    if (previous && previous.topic !== adopted.topic) void endSession(holder, previous.topic, endReasons.userDisconnected, 'the session replaced by a new one')
    return adopted
  } catch (error) {
    void endSession(holder, readTopic(session), endReasons.unsupportedAccounts, 'a refused session')
    throw error
  }
}

/** The id of the newest proposal the client made on pairing `topic`, if it holds one. */
function proposalOn(holder: Holder, topic: string): number | undefined {
  const proposals = holder.running('reading a proposal').proposal.getAll().filter((proposal) => proposal.pairingTopic === topic)
  return proposals.sort((a, b) => b.id - a.id)[0]?.id
}

function readTopic(session: unknown): string {
  const topic = (session as { topic?: unknown } | null)?.topic
  return typeof topic === 'string' ? topic : ''
}

/** `work`, or `NETWORK_ERROR` once `ms` pass first: a relay that never answers ends in an error, never a spinner forever. */
function within<T>(holder: Holder, ms: number, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = holder.ctx.ports.scheduler.schedule(
      () => reject(new LatchError('NETWORK_ERROR', { details: `WalletConnect: the relay made no pairing within ${ms} ms` })),
      ms,
    )
    work().then(
      (value) => (timer.unsubscribe(), resolve(value)),
      (error: unknown) => (timer.unsubscribe(), reject(error)),
    )
  })
}

/**
 * `work` (a pairing), failed at once when the relay socket does not open (docs/walletconnect.md, "Errors"): the
 * visitor sees 'Sign Client not initialized' and Retry, not a spinner until `connectTimeout`.
 */
function untilRelayFails<T>(client: Client, relayUrl: string, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = onRelayFailure(client, (cause) => reject(relayUnreachable(relayUrl, cause)))
    work().then(resolve, reject).finally(stop)
  })
}

const pairingPhases = { expired: 'expired', used: 'approved', cancelled: 'cancelled', failed: 'failed' } as const

/**
 * The public part of a `wc:` pairing URI: its topic and relay protocol (docs/walletconnect.md, "The pairing URI is a
 * secret"). The symmetric key, which is what makes the URI a secret, is left out; undefined for a URI not of that form.
 */
export function publicPairing(uri: string, expiresAt: number): { topic: string; relayProtocol: string; expiresAt: number } | undefined {
  const match = /^wc:([0-9a-f]{64})@2\?(.*)$/.exec(uri)
  if (!match) return undefined
  const relayProtocol = new URLSearchParams(match[2]).get('relay-protocol') ?? ''
  if (!/^[a-z][a-z0-9-]{0,31}$/.test(relayProtocol)) return undefined
  return { topic: match[1]!, relayProtocol, expiresAt: Math.max(0, Math.floor(expiresAt)) }
}

const aborted = () => new LatchError('REQUEST_ABORTED', { details: 'the visitor left the WalletConnect view' })

/** Where the page runs, for pairing reuse (docs/walletconnect.md, "Sessions"). */
export function platformOf(win: Window | undefined): PairingPlatform {
  const agent = win?.navigator?.userAgent ?? ''
  const telegram = /Telegram/i.test(agent) || typeof (win as { Telegram?: { WebApp?: unknown } } | undefined)?.Telegram?.WebApp === 'object'
  const iosSafari = /iP(hone|ad|od)/.test(agent) && /Safari/.test(agent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(agent)
  return { telegram, iosSafari }
}
