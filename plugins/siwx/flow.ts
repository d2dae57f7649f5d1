/**
 * docs/siwx.md, "The flow": the siwx plugin's code, loaded when a wallet connects. It decides when the visitor is asked
 * to sign in, runs the sign-in when they press Sign, and ends sessions on cancel, disconnect and sign-out.
 */
import { EMPTY, filter, firstValueFrom, from, merge, mergeMap, Observable, Subject, switchMap, take } from 'rxjs'
import {
  errorToast,
  LatchError,
  modalClosed,
  modalOpened,
  routerReset,
  selectAddress,
  selectIsActiveNetworkSupported,
  selectView,
  toastClosed,
  toastRequested,
  toLatchError,
  walletCancelRequested,
  walletDisconnectRequested,
  walletSignMessageRequested,
  type EffectContext,
  type LatchErrorData,
  type LatchEvent,
  type Logged,
  type State,
} from '../../kernel/index'
import { loadSessions, writeSessions, type LoadedSession } from './browser-sessions'
import { siwxSessionsLoaded, siwxSignatureRequested, siwxSignedOut, siwxSignInFailed, siwxSignInNeeded, siwxSignInSucceeded } from './events'
import type { SiwxSettings } from './types'
import { bounded, checkServerSession, pageOrigin, prepareMessage, verifiedInBrowser, verifySignIn } from './sign-in'
import { selectActiveAccount, selectSiwx, sessionKey, sessionOf } from './state'
import type { SiwxAccount } from './types'

const signingView = { name: 'SIWXSignMessage' as const }

/** Opens the modal on SIWXSignMessage, or moves an open modal there (its history reset: Back would lead nowhere). */
function showSignIn(state: State): LatchEvent {
  return state.router.open ? routerReset({ view: signingView }) : modalOpened({ view: signingView })
}

/** Whether the connection holds `account` as a smart account (the embedded wallet's, docs/embedded-wallet.md, "Account types"). */
function isSmartAccount(state: State, account: SiwxAccount): boolean {
  return state.chains[account.ns].account.allAccounts.some((a) => a.address.toLowerCase() === account.address.toLowerCase() && a.type === 'smartAccount')
}

/** The wallet's refusal as the visitor reads it: a smart account gets the specification's own text. */
function signatureError(state: State, account: SiwxAccount, error: LatchErrorData): LatchError {
  if (error.code !== 'USER_REJECTED' && error.code !== 'SIGNATURE_DECLINED') return new LatchError(error.code, { details: error.details ?? error.shortMessage })
  return new LatchError(isSmartAccount(state, account) ? 'SMART_ACCOUNT_UNSUPPORTED' : 'SIGNATURE_DECLINED', { details: `siwx: the wallet did not sign: ${error.details ?? error.shortMessage}` })
}

/**
 * A smart account's signature the app did not accept (it does not verify, or the server refused it) reads 'This
 * application might not support Smart Accounts' (docs/siwx.md, "Errors"): an app whose verifier knows only ECDSA
 * refuses ERC-1271 and ERC-6492 signatures. A message refused for what it says (domain, nonce, dates) keeps its error.
 */
function verifyError(state: State, account: SiwxAccount, error: LatchError): LatchError {
  if (error.code !== 'SIGNATURE_DECLINED' || !isSmartAccount(state, account) || /refused \((?!signature\))/.test(error.details ?? '')) return error
  return new LatchError('SMART_ACCOUNT_UNSUPPORTED', { details: error.details ?? error.shortMessage, cause: error })
}

/**
 * docs/siwx.md, "Errors": why there is nothing to sign in — no account connected (`SIWX_NO_ACTIVE_ADDRESS`), or an
 * account with no network, or on one the dapp did not configure (`SIWX_NO_ACTIVE_NETWORK`).
 */
function noTarget(state: State): LatchError {
  const ns = state.activeNamespace
  const connected = ns !== undefined && state.chains[ns].connectorId !== undefined && selectAddress(state, ns) !== undefined
  if (!connected) return new LatchError('SIWX_NO_ACTIVE_ADDRESS', { details: 'siwx: signIn() with no account connected' })
  const network = state.chains[ns].network.caipNetwork?.caipNetworkId
  return new LatchError('SIWX_NO_ACTIVE_NETWORK', { details: network ? `siwx: signIn() on ${network}, not a network of this dapp` : `siwx: signIn() with no active ${ns} network` })
}

/** The siwx effect (docs/siwx.md, "The flow"). */
export function flow(events$: Observable<Logged>, ctx: EffectContext, settings: SiwxSettings): Observable<LatchEvent> {
  const now = () => ctx.ports.scheduler.now()
  const browser = settings.server === undefined
  // The browser mode's sessions with their messages and signatures, by key (the state holds the rest).
  const stored = new Map<string, LoadedSession>()
  const recheck$ = new Subject<void>()
  // The address each family was connected with, to end its sessions once it has disconnected.
  const connected = new Map<string, SiwxAccount>()
  // Set by Cancel while a sign-in runs: its failure (the wallet request aborted) then ends quietly.
  let cancelled = false

  // docs/siwx.md, "Sessions": the browser mode's stored sessions, each believed only once its signature verifies again.
  // Nobody is asked to sign in before they are read (a stored session may spare the question).
  const loading: Promise<LatchEvent[]> = !browser
    ? Promise.resolve([])
    : loadSessions(ctx, now(), pageOrigin(ctx)?.domain, (session) => verifiedInBrowser(ctx, session, session.message, session.signature)).then(({ sessions, refused }) => {
        for (const session of sessions) stored.set(sessionKey(session), session)
        for (const { reason } of refused) ctx.ports.logger.warn(`siwx: a stored session was refused: ${reason}`)
        if (sessions.length === 0 && refused.length === 0) return []
        return [siwxSessionsLoaded({ sessions: sessions.map(({ message: _m, signature: _s, ...info }) => info), ...(refused.length > 0 ? { refused } : {}) })]
      }, (cause: unknown) => {
        ctx.ports.logger.warn('siwx: the stored sessions could not be read', cause)
        return []
      })

  const live = (session: { expiresAt?: string } | undefined) => session !== undefined && (session.expiresAt === undefined || Date.parse(session.expiresAt) > now())
  // The stored map too: the state learns of loaded sessions only once the kernel has reduced their event.
  const hasSession = (account: SiwxAccount) => sessionOf(ctx.getState(), account, now()) !== undefined || (browser && live(stored.get(sessionKey(account))))

  /** Whether the active account is to be asked, and then asks (server mode: after asking the server for a session). */
  const decide = (): Observable<LatchEvent> => {
    const state = ctx.getState()
    const account = selectActiveAccount(state)
    if (!account) return EMPTY
    connected.set(account.ns, account)
    if (settings.namespaces && !settings.namespaces.includes(account.ns)) return EMPTY
    if (!selectIsActiveNetworkSupported(state) || hasSession(account)) return EMPTY
    if (selectSiwx(state)?.dismissed.includes(sessionKey(account))) return EMPTY
    if (selectSiwx(state)?.pending && sessionKey(selectSiwx(state)!.pending!) === sessionKey(account)) return EMPTY
    const ask = () => {
      // The browser mode verifies the signature here: its code loads while the visitor reads the view and signs.
      if (browser) void (account.ns === 'bip122' ? import('./verify-bitcoin') : account.ns === 'solana' ? import('./verify-solana') : import('./verify')).catch(() => undefined)
      return [siwxSignInNeeded({ account }), showSignIn(ctx.getState())]
    }
    const server = settings.server
    if (!server) return from(ask())
    return from(
      bounded(ctx, () => server.getSession(account), 'getSession').then(
        (answer) => {
          if (answer === null) return ask()
          // An expired session, or one of junk dates, is no session: the visitor is asked to sign in again.
          const checked = checkServerSession(answer, account, now())
          if ('refused' in checked) {
            ctx.ports.logger.warn(`siwx: getSession answered ${checked.refused}`)
            return ask()
          }
          return [siwxSessionsLoaded({ sessions: [checked.session] })]
        },
        (cause: unknown) => {
          // Not knowing is not being signed in: the visitor is asked, and the server checks the new sign-in.
          ctx.ports.logger.warn('siwx: getSession failed', cause)
          return ask()
        },
      ),
    ).pipe(mergeMap((events) => from(events)))
  }

  const decisions$ = from(loading).pipe(
    switchMap(() =>
      merge(
        ctx.select((state) => {
          const account = selectActiveAccount(state)
          return account ? `${sessionKey(account)}|${selectIsActiveNetworkSupported(state)}` : ''
        }),
        recheck$,
      ),
    ),
    switchMap(() => decide()),
  )

  /** Waits for the wallet's answer to the signature request `requestId` (subscribed before the request is sent). */
  const reply = (requestId: string) =>
    firstValueFrom(events$.pipe(filter((event) => event.requestId === requestId && (event.type === 'wallet/signMessageSucceeded' || event.type === 'wallet/signMessageFailed')), take(1)))

  // The requestIds of the sign-ins asked for while one runs: they join it, and get its outcome (none goes unanswered).
  let joined: (string | undefined)[] | undefined
  const signIn$ = events$.pipe(
    filter((event) => event.type === 'siwx/signInRequested'),
    mergeMap((intent) => {
      if (joined) {
        joined.push(intent.requestId)
        return EMPTY
      }
      joined = []
      return new Observable<LatchEvent>((subscriber) => {
          /** Answers this intent and every one that joined it. */
          const answerAll = (event: (echo: { requestId?: string }) => LatchEvent) => {
            const ids = [intent.requestId, ...(joined ?? [])]
            joined = undefined
            for (const id of ids) subscriber.next(event(id === undefined ? {} : { requestId: id }))
          }
          const state = ctx.getState()
          const account = selectSiwx(state)?.pending ?? selectActiveAccount(state)
          cancelled = false
          const run = async () => {
            if (!account || (!selectSiwx(state)?.pending && !selectIsActiveNetworkSupported(state))) throw noTarget(state)
            subscriber.next(toastRequested({ toast: { message: 'Authenticating...', messageId: 'siwx.signing', variant: 'loading' } }))
            let prepared: Awaited<ReturnType<typeof prepareMessage>>
            try {
              prepared = await prepareMessage(ctx, settings, account, now())
            } catch (cause) {
              // docs/siwx.md, "Errors": a sign-in that cannot even start disconnects and goes back to Connect.
              const error = toLatchError(cause)
              subscriber.next(walletDisconnectRequested({}, { ns: account.ns }))
              subscriber.next(routerReset({ view: { name: 'Connect' } }))
              throw error
            }
            const signRequest = ctx.ports.random.id()
            const answer = reply(signRequest)
            subscriber.next(siwxSignatureRequested({ account }))
            subscriber.next(walletSignMessageRequested({ message: prepared.message }, { ns: account.ns, requestId: signRequest }))
            const signed = (await answer) as Logged & { payload: { signature?: string; error?: LatchErrorData } }
            if (signed.type === 'wallet/signMessageFailed') throw signatureError(ctx.getState(), account, signed.payload.error as LatchErrorData)
            const signature = signed.payload.signature ?? ''
            const session = await verifySignIn(ctx, settings, account, prepared, signature, now()).catch((cause: unknown) => {
              throw verifyError(ctx.getState(), account, toLatchError(cause))
            })
            if (browser) {
              stored.set(sessionKey(session), { ...session, message: prepared.message, signature })
              writeSessions(ctx, [...stored.values()])
            }
            return session
          }
          run().then(
            (session) => {
              subscriber.next(toastClosed({}))
              answerAll((echo) => siwxSignInSucceeded({ session }, echo))
              const after = ctx.getState()
              if (after.router.open && selectView(after).name === signingView.name) subscriber.next(modalClosed({}))
              subscriber.complete()
            },
            (cause: unknown) => {
              const error = toLatchError(cause)
              // A sign-in the visitor cancelled ends quietly: the cancel already closed or reset the view.
              subscriber.next(cancelled ? toastClosed({}) : toastRequested({ toast: errorToast(error) }))
              answerAll((echo) => siwxSignInFailed({ error: error.toData() }, echo))
              subscriber.complete()
            },
          )
        })
    }),
  )

  const cancel$ = events$.pipe(
    filter((event) => event.type === 'siwx/signInCancelled'),
    mergeMap(() => {
      cancelled = true
      const account = selectActiveAccount(ctx.getState())
      const out: LatchEvent[] = []
      if (account) out.push(walletCancelRequested({}, { ns: account.ns }))
      if (settings.required && account) out.push(walletDisconnectRequested({}, { ns: account.ns }), routerReset({ view: { name: 'Connect' } }))
      else out.push(routerReset({ view: { name: 'Connect' } }), modalClosed({}))
      return from(out)
    }),
  )

  /** Ends the sessions of `account` (every network of its address): state, browser storage, and the server's. */
  const end = (account: SiwxAccount, reason: 'disconnected' | 'signedOut'): Observable<LatchEvent> => {
    const same = (s: SiwxAccount) => s.ns === account.ns && (s.ns === 'eip155' ? s.address.toLowerCase() === account.address.toLowerCase() : s.address === account.address)
    const sessions = Object.values(selectSiwx(ctx.getState())?.sessions ?? {}).filter(same)
    const ended = reason === 'signedOut' ? sessions.filter((s) => s.chainId === account.chainId) : sessions
    if (browser) {
      for (const session of ended) stored.delete(sessionKey(session))
      writeSessions(ctx, [...stored.values()])
    }
    const server = settings.server
    if (server) void bounded(ctx, () => server.signOut(account), 'signOut').catch((cause: unknown) => ctx.ports.logger.warn('siwx: signOut failed', cause))
    const events: LatchEvent[] = ended.map(({ ns, address, chainId }) => siwxSignedOut({ account: { ns, address, chainId }, reason }))
    return from(events)
  }

  const disconnect$ = events$.pipe(
    filter((event) => event.type === 'account/disconnected' && event.ns !== undefined),
    mergeMap((event) => {
      const account = connected.get(event.ns as string)
      connected.delete(event.ns as string)
      return account && settings.signOutOnDisconnect ? end(account, 'disconnected') : EMPTY
    }),
  )

  const signOut$ = events$.pipe(
    filter((event) => event.type === 'siwx/signOutRequested'),
    mergeMap(() => {
      const account = selectActiveAccount(ctx.getState())
      if (!account) return EMPTY
      const ended = end(account, 'signedOut')
      // Required: the visitor is asked again at once; otherwise they stay connected, signed out.
      if (settings.required) queueMicrotask(() => recheck$.next())
      return ended
    }),
  )

  return merge(from(loading).pipe(mergeMap((events) => from(events))), decisions$, signIn$, cancel$, disconnect$, signOut$)
}
