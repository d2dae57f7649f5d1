/**
 * The frame's Farcaster login (docs/embedded-frame.md, "Farcaster login"): GET_FARCASTER_URI opens a channel at the
 * wallet service with the hash of a secret the frame keeps, and answers the sign-in link (it carries the channel's
 * token); CONNECT_FARCASTER polls the channel's status every second until the visitor signed in with their Farcaster
 * app, then opens the channel's session with the secret and new key pairs, and hands it to the same path as an e-mail
 * login. A new link, a sign-out or the request's withdrawal stops the polling.
 */
import { FrameRequestError } from '../channel'
import { base64urlEncode, ServiceError, type ServiceClient, type Session } from './service-client'

/** Waits `ms`, or less when `signal` aborts (then it resolves all the same: the caller looks at the signal). */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })

/** The status is asked this often while the visitor signs in. */
export const farcasterPollMs = 1_000

export const farcasterCancelled = 'The Farcaster login was cancelled'

/** Characters a user name must not carry to be shown (controls, bidi, zero-width: docs/behaviour.md, "Display"). */
const unshowable = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/g

/** A name as the frame shows it: without unshowable characters, at most 100; undefined when nothing is left. */
export function showableName(name: string | undefined): string | undefined {
  const shown = name?.replace(unshowable, '').trim().slice(0, 100)
  return shown ? shown : undefined
}

/** A login waiting: its channel's token, the secret that opens its session, what stops it. */
type Pending = { channelToken: string; secret: string; stop: AbortController; connecting?: Promise<{ userName: string }> }

export function farcasterLogin(options: {
  client: ServiceClient
  /** The same path as after an e-mail login: the wallet made at the first login, its auth share fetched otherwise. */
  loggedIn(session: Session): Promise<void>
  sleep?: Sleep
}) {
  const sleep = options.sleep ?? realSleep
  let pending: Pending | undefined
  const visible = (error: unknown): never => {
    if (error instanceof ServiceError) throw new FrameRequestError(error.message)
    throw error
  }

  async function connect(login: Pending): Promise<{ userName: string }> {
    let fid: number
    for (;;) {
      if (login.stop.signal.aborted) throw new FrameRequestError(farcasterCancelled)
      const status = await options.client.farcasterStatus(login.channelToken).catch(visible)
      if (login.stop.signal.aborted) throw new FrameRequestError(farcasterCancelled)
      if (status.state === 'completed') {
        fid = status.fid
        break
      }
      await sleep(farcasterPollMs, login.stop.signal)
    }
    if (pending === login) pending = undefined
    const session = await options.client.farcasterSession(login.channelToken, login.secret).catch(visible)
    await options.loggedIn(session)
    return { userName: showableName(session.account.userName) ?? `fid ${fid}` }
  }

  return {
    /** GET_FARCASTER_URI: a new channel (a login still polling the last one stops); the page gets its sign-in link. */
    async uri(): Promise<{ url: string }> {
      // The channel token is in the link (the page, the QR code, the Farcaster app): the session also needs this
      // secret, which never leaves the frame (docs/wallet-service.md, "Farcaster").
      const secret = base64urlEncode(globalThis.crypto.getRandomValues(new Uint8Array(32)))
      const channel = await options.client.farcasterChannel(secret).catch(visible)
      pending?.stop.abort()
      pending = { channelToken: channel.channelToken, secret, stop: new AbortController() }
      return { url: channel.url }
    },
    /**
     * CONNECT_FARCASTER: waits for the channel of the last link, then logs in. `signal` is the request's withdrawal;
     * a second request while one waits shares its outcome.
     */
    async connect(signal: AbortSignal): Promise<{ userName: string }> {
      const login = pending
      if (!login) throw new FrameRequestError('Ask for a Farcaster sign-in link first')
      signal.addEventListener('abort', () => login.stop.abort(), { once: true })
      login.connecting ??= connect(login)
      return login.connecting
    },
    /** Stops the login waiting, if any (a sign-out). */
    cancel(): void {
      pending?.stop.abort()
      pending = undefined
    },
  }
}
