import { filter } from 'rxjs/internal/operators/filter'
import { map } from 'rxjs/internal/operators/map'
import { merge } from 'rxjs/internal/observable/merge'
import * as z from 'zod/mini'
import {
  connectorsDiscovered,
  definePlugin,
  LatchError,
  modalOpened,
  storageHydrated,
  walletConnectRequested,
  type Connector,
  type Effect,
  type LatchErrorData,
  type Logged,
  type State,
} from '../../kernel/index'
import { loadOnDemand } from '../../kernel/family/lazy'
import { omit, patch } from '../../kernel/core/slices/slice'
import { embeddedEvents, embeddedFamilies, initialEmbeddedState, type EmbeddedEmailUpdate, type EmbeddedFamily, type EmbeddedLogin, type EmbeddedState } from './events'
import type { FrameHost } from './channel'
import { embeddedErrors } from './error-codes'
import { embeddedConnectorId, restoringFamilies, servedFamilies, type EmbeddedSettings } from './served'
import { defaultSocials, socialLoginSchema, type SocialLogin } from './fields'

export { embeddedConnectorId, embeddedErrors }

/** Options of the embedded wallet plugin (docs/embedded-wallet.md, "The plugin"). */
export type EmbeddedWalletOptions = {
  /** The frame app's URL (http or https, on another origin than the dapp's): its origin is the only one the page talks to. */
  frameUrl: string
  /** The project id the frame and its wallet service know the dapp by (default `createLatch({ projectId })`, else 'latch'). */
  projectId?: string
  /** Load the frame as the page starts instead of when the modal first opens (docs/embedded-wallet.md, "What loads when"). */
  preload?: boolean
  /** Passed to the frame as `enableLogger` (default false). */
  enableLogger?: boolean
  /** The connector's name in lists and on Account (default 'Email'). */
  name?: string
  /** Where the frame is added and the messages go: the page's DOM by default; tests pass the in-memory frame world's. */
  host?: FrameHost
  /**
   * The social logins Connect offers, in this order (docs/embedded-wallet.md, "Social logins"): any of `google`, `x`,
   * `farcaster`, `discord`, `apple`, `github`, `facebook`, each at most once. Default: all seven in that order; `false`
   * or `[]` for none (the e-mail login alone).
   */
  socials?: readonly SocialLogin[] | false
}

const optionsSchema = z.object({
  frameUrl: z.string('frameUrl is required').check(z.maxLength(2048), z.regex(/^https?:\/\/[^\s]+$/, 'frameUrl must be an http:// or https:// URL')),
  projectId: z.optional(z.string().check(z.regex(/^[\w-]{1,128}$/, 'projectId: 1 to 128 letters, digits, dashes or underscores'))),
  preload: z.optional(z.boolean()),
  enableLogger: z.optional(z.boolean()),
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
  socials: z.optional(
    z.union([
      z.literal(false),
      z.array(socialLoginSchema).check(z.refine((list) => new Set(list).size === list.length, 'socials: each social login at most once')),
    ]),
  ),
})

/** A failed option in words: its path, then what is wrong. */
function describeIssue(issue: { path: readonly PropertyKey[]; message: string }): string {
  const path = issue.path.map(String).join('.')
  return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message
}

/**
 * When the frame and the login code load (docs/embedded-wallet.md, "What loads when"): the modal opens, the login or a
 * connect to the embedded wallet is asked for, or a login stored before a reload is to be restored. Never with the page.
 */
export function wantsFrame(event: Logged, state: State): boolean {
  if (storageHydrated.match(event)) return restoringFamilies(state).length > 0
  if (modalOpened.match(event)) return true
  if (event.type.startsWith('embedded/') && event.type.endsWith('Requested')) return true
  return walletConnectRequested.match(event) && event.payload.connectorId === embeddedConnectorId
}

function connectorFor(ns: EmbeddedFamily, name: string): Connector {
  return { id: embeddedConnectorId, name, type: 'AUTH', chain: ns }
}

/** A social or Farcaster login still running: asking for the URL, or waiting with the popup open or closed. */
const socialWaits = (login: EmbeddedLogin) => login.status === 'opening' || login.status === 'waiting' || login.status === 'windowClosed'
/** The answer belongs to the attempt the state holds, which is still running. */
const ownAttempt = (login: EmbeddedLogin, requestId: string | undefined) => login.provider !== undefined && socialWaits(login) && login.requestId === requestId

/**
 * The account state of each family `ns` connected through the login: a social login's `socialProvider` and `user`
 * (`email`, `username`: the frame's user name), as the specification's account state holds them; an e-mail login's
 * account has neither.
 */
function withSocialAccounts(state: State, families: readonly EmbeddedFamily[]): State {
  const user = state.embedded.user
  let next = state
  for (const ns of families) {
    const chain = next.chains[ns]
    if (chain.connectorId !== embeddedConnectorId) continue
    const account = user?.socialProvider
      ? patch(chain.account, { socialProvider: user.socialProvider, user: { email: user.email ?? null, ...(user.userName ? { username: user.userName } : {}) } })
      : omit(chain.account, 'socialProvider', 'user')
    next = patch(next, { chains: patch(next.chains, { [ns]: patch(chain, { account }) }) })
  }
  return next
}

const withLogin = (state: State, login: EmbeddedLogin): State => patch(state, { embedded: patch(state.embedded, { login }) })
const withUpdate = (state: State, update: EmbeddedEmailUpdate): State => patch(state, { embedded: patch(state.embedded, { update }) })
const withEmbedded = (state: State, embedded: Partial<EmbeddedState>): State => patch(state, { embedded: patch(state.embedded, embedded) })

/**
 * The embedded wallet (docs/embedded-wallet.md, "The plugin"): a visitor without a wallet logs in with an e-mail code
 * and gets a wallet held by a frame on the wallet service's origin, handed to the EVM and Solana families as a remote
 * wallet, as WalletConnect's session is. Listed as the one AUTH connector. Up front it costs only its events, reducers
 * and this file: the channel, the login and the wallets load when the modal opens (or a stored login is restored).
 * Throws `INVALID_OPTIONS` on bad options.
 */
export function embeddedWallet(options: EmbeddedWalletOptions) {
  const parsed = z.safeParse(optionsSchema, { ...(options as object | undefined), host: undefined })
  if (!parsed.success) throw new LatchError('INVALID_OPTIONS', { details: `embeddedWallet: ${parsed.error.issues.map(describeIssue).join('; ')}` })
  // A frame on the page's own origin would share its storage and scripts (docs/embedded-wallet.md, "Origins").
  const pageOrigin = typeof window === 'undefined' ? undefined : window.location?.origin
  if (pageOrigin && new URL(parsed.data.frameUrl).origin === pageOrigin) {
    throw new LatchError('INVALID_OPTIONS', { details: 'embeddedWallet: frameUrl must be on another origin than the page' })
  }
  const settings: EmbeddedSettings = {
    frameUrl: parsed.data.frameUrl,
    ...(parsed.data.projectId ? { projectId: parsed.data.projectId } : {}),
    enableLogger: parsed.data.enableLogger === true,
    name: parsed.data.name ?? 'Email',
    ...(options.host ? { host: options.host } : {}),
  }
  const preload = parsed.data.preload === true
  const socials: readonly SocialLogin[] = parsed.data.socials === false ? [] : (parsed.data.socials ?? defaultSocials)
  const effect: Effect = (events$, ctx) =>
    merge(
      // Listed once the integrator's networks are known (the configuration is reduced after effects start).
      ctx.select((state) => servedFamilies(state).join(',')).pipe(
        filter(Boolean),
        map((families) => connectorsDiscovered({ connectors: families.split(',').map((ns) => connectorFor(ns as EmbeddedFamily, settings.name)) })),
      ),
      loadOnDemand(events$, ctx, {
        name: 'embedded',
        wanted: (event, ctx) => wantsFrame(event, ctx.getState()),
        now: (ctx) => preload || restoringFamilies(ctx.getState()).length > 0,
        load: () => import('./session').then((module): Effect => (sessionEvents$, sessionCtx) => module.session(sessionEvents$, sessionCtx, settings)),
      }),
    )
  return definePlugin({
    name: 'embedded',
    errors: embeddedErrors,
    slices: { embedded: initialEmbeddedState(socials) },
    events: embeddedEvents,
    update: {
      'embedded/emailLoginRequested'(state, { payload }) {
        const { login } = state.embedded
        const resendAt = login.email === payload.email ? login.resendAt : undefined
        return withLogin(state, { status: 'sending', email: payload.email, ...(resendAt === undefined ? {} : { resendAt }) })
      },
      'embedded/emailLoginSucceeded'(state, { payload }) {
        const { login } = state.embedded
        if (login.status !== 'sending') return state
        return withLogin(state, { status: 'codeSent', ...(login.email ? { email: login.email } : {}), resendAt: payload.resendAt, ...(payload.action === 'VERIFY_DEVICE' ? { deviceApproval: true } : {}) })
      },
      'embedded/emailLoginFailed'(state, { payload }) {
        const { login } = state.embedded
        if (login.status !== 'sending') return state
        // A failed resend keeps the code entry: the code sent before still works.
        const step = login.resendAt === undefined ? 'email' : 'code'
        return withLogin(state, { ...login, status: 'error', step, error: payload.error as LatchErrorData })
      },
      'embedded/otpRequested'(state) {
        return withLogin(state, omit(patch(state.embedded.login, { status: 'verifying' }), 'error', 'step'))
      },
      'embedded/otpSucceeded'(state) {
        return withLogin(state, { status: 'idle' })
      },
      'embedded/otpFailed'(state, { payload }) {
        if (state.embedded.login.status !== 'verifying') return state
        return withLogin(state, patch(state.embedded.login, { status: 'error', step: 'code', error: payload.error as LatchErrorData }))
      },
      'embedded/loginCancelled'(state) {
        return withLogin(state, { status: 'idle' })
      },
      // Social and Farcaster logins (docs/embedded-wallet.md, "Social logins"): the answers of the attempt the state
      // holds count; a late one of an attempt left behind (Try again, Back) is ignored.
      'embedded/socialLoginRequested'(state, { payload, requestId }) {
        return withLogin(state, { status: 'opening', provider: payload.provider, ...(requestId === undefined ? {} : { requestId }) })
      },
      'embedded/socialPopupChanged'(state, { payload }) {
        const { login } = state.embedded
        if (login.provider === undefined || login.provider === 'farcaster' || !socialWaits(login)) return state
        return withLogin(state, patch(login, { status: payload.status }))
      },
      'embedded/socialLoginSucceeded'(state, { requestId }) {
        return ownAttempt(state.embedded.login, requestId) ? withLogin(state, { status: 'idle' }) : state
      },
      'embedded/socialLoginFailed'(state, { payload, requestId }) {
        const { login } = state.embedded
        if (!ownAttempt(login, requestId)) return state
        const error = payload.error as LatchErrorData
        return withLogin(state, { ...login, status: error.code === 'POPUP_BLOCKED' ? 'blocked' : 'error', error })
      },
      'embedded/farcasterLoginRequested'(state, { requestId }) {
        return withLogin(state, { status: 'opening', provider: 'farcaster', ...(requestId === undefined ? {} : { requestId }) })
      },
      'embedded/farcasterUrlShown'(state) {
        const { login } = state.embedded
        return login.provider === 'farcaster' && login.status === 'opening' ? withLogin(state, patch(login, { status: 'waiting' })) : state
      },
      'embedded/farcasterLoginSucceeded'(state, { requestId }) {
        return ownAttempt(state.embedded.login, requestId) ? withLogin(state, { status: 'idle' }) : state
      },
      'embedded/farcasterLoginFailed'(state, { payload, requestId }) {
        const { login } = state.embedded
        return ownAttempt(login, requestId) ? withLogin(state, { ...login, status: 'error', error: payload.error as LatchErrorData }) : state
      },
      'embedded/emailUpdateRequested'(state, { payload }) {
        const { update } = state.embedded
        const resendAt = update.email === payload.email ? update.resendAt : undefined
        const step = update.status === 'primaryCode' || update.status === 'secondaryCode' ? update.status : update.step
        return withUpdate(state, { status: 'sending', email: payload.email, ...(resendAt === undefined ? {} : { resendAt }), ...(step && step !== 'email' ? { step } : {}) })
      },
      'embedded/emailUpdateSucceeded'(state, { payload }) {
        const { update } = state.embedded
        if (update.status !== 'sending') return state
        const status = payload.action === 'VERIFY_PRIMARY_OTP' ? 'primaryCode' : 'secondaryCode'
        return withUpdate(state, { status, ...(update.email ? { email: update.email } : {}), resendAt: payload.resendAt })
      },
      'embedded/emailUpdateFailed'(state, { payload }) {
        const { update } = state.embedded
        if (update.status !== 'sending') return state
        // A failed resend keeps the code entry it came from: the code sent before still works.
        return withUpdate(state, { ...update, status: 'error', step: update.step ?? 'email', error: payload.error as LatchErrorData })
      },
      'embedded/emailUpdatePrimaryOtpRequested'(state) {
        return withUpdate(state, omit(patch(state.embedded.update, { status: 'verifying', step: 'primaryCode' }), 'error'))
      },
      'embedded/emailUpdatePrimaryOtpSucceeded'(state) {
        if (state.embedded.update.status !== 'verifying') return state
        return withUpdate(state, omit(patch(state.embedded.update, { status: 'secondaryCode' }), 'step', 'error'))
      },
      'embedded/emailUpdateSecondaryOtpRequested'(state) {
        return withUpdate(state, omit(patch(state.embedded.update, { status: 'verifying', step: 'secondaryCode' }), 'error'))
      },
      'embedded/emailUpdateSecondaryOtpSucceeded'(state, { payload }) {
        const { user } = state.embedded
        const next = withUpdate(state, { status: 'idle' })
        return user ? withEmbedded(next, { user: patch(user, { email: payload.email }) }) : next
      },
      'embedded/emailUpdatePrimaryOtpFailed'(state, { payload }) {
        if (state.embedded.update.status !== 'verifying') return state
        return withUpdate(state, patch(state.embedded.update, { status: 'error', step: 'primaryCode', error: payload.error as LatchErrorData }))
      },
      'embedded/emailUpdateSecondaryOtpFailed'(state, { payload }) {
        if (state.embedded.update.status !== 'verifying') return state
        return withUpdate(state, patch(state.embedded.update, { status: 'error', step: 'secondaryCode', error: payload.error as LatchErrorData }))
      },
      'embedded/emailUpdateCancelled'(state) {
        return withUpdate(state, { status: 'idle' })
      },
      'embedded/userChanged'(state, { payload }) {
        const embedded = payload.user ? patch(state.embedded, { user: payload.user }) : omit(patch(state.embedded, { update: { status: 'idle' } }), 'user')
        return withSocialAccounts(patch(state, { embedded }), embeddedFamilies)
      },
      // A family connected through the login carries the social login in its account state.
      'account/connected'(state, { ns, payload }) {
        return ns && payload.connectorId === embeddedConnectorId && (embeddedFamilies as readonly string[]).includes(ns) ? withSocialAccounts(state, [ns as EmbeddedFamily]) : state
      },
      // Switching the EVM account type (docs/embedded-wallet.md, "Account types"): the view shows it running.
      'embedded/accountTypeRequested'(state, { payload }) {
        return withEmbedded(state, { accountTypeSwitch: payload.type })
      },
      'embedded/accountTypeSucceeded'(state) {
        return patch(state, { embedded: omit(state.embedded, 'accountTypeSwitch') })
      },
      'embedded/accountTypeFailed'(state) {
        return patch(state, { embedded: omit(state.embedded, 'accountTypeSwitch') })
      },
      'embedded/approvalChanged'(state, { payload }) {
        return patch(state, { embedded: payload.approval ? patch(state.embedded, { approval: payload.approval }) : omit(state.embedded, 'approval') })
      },
      'embedded/frameReported'(state, { payload }) {
        if (payload.kind === 'frame_ready') return withEmbedded(state, { frame: 'ready' })
        if (payload.kind === 'iframe_load_failed') return withEmbedded(state, { frame: 'failed' })
        return state
      },
    },
    effects: [effect],
    // The login's wallet is handed to a chain family (docs/embedded-wallet.md, "The plugin"; docs/errors.md).
    check: (plugins) =>
      plugins.some((plugin) => plugin.namespaces?.some((ns) => (embeddedFamilies as readonly string[]).includes(ns)))
        ? undefined
        : embeddedErrors.error('EMBEDDED_NO_FAMILY', { details: 'embeddedWallet() hands its wallet to a chain family plugin; register eip155() or solana() beside it' }),
  })
}
