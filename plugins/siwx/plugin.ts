import * as z from 'zod/mini'
import { chainNamespaceSchema, definePlugin, LatchError, type Effect, type LatchErrorData, type Logged, type State } from '../../kernel/index'
import { isPlainText } from '../../kernel/rules/plain-text'
import { loadOnDemand } from '../../kernel/family/lazy'
import { omit, patch, put } from '../../kernel/core/slices/slice'
import { siwxEvents } from './events'
import { selectActiveAccount, sessionKey, type SiwxState } from './state'
import type { SiwxOptions, SiwxSettings } from './types'
import { siwxErrors } from './error-codes'

export type { SiwxSettings }

const fn = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'must be a function')

const optionsSchema = z.object({
  required: z.optional(z.boolean()),
  statement: z.optional(z.string().check(z.maxLength(300), z.refine(isPlainText, 'statement must be one line, without control, bidi or zero-width characters'))),
  expiresIn: z.optional(z.number().check(z.int(), z.gte(60), z.lte(366 * 86_400))),
  signOutOnDisconnect: z.optional(z.boolean()),
  namespaces: z.optional(z.array(chainNamespaceSchema)),
  resources: z.optional(z.array(z.string().check(z.regex(/^[a-zA-Z][a-zA-Z0-9+\-.]*:\S+$/, 'resources must be URIs')))),
  server: z.optional(z.object({ getNonce: fn, verify: fn, getSession: fn, signOut: fn })),
})

/** Events after which the sign-in code is needed: a connection starting or made, or a sign-in intent. */
function wanted(event: Logged, state: Parameters<typeof selectActiveAccount>[0]): boolean {
  return event.type.startsWith('siwx/') || event.type === 'wallet/connectRequested' || selectActiveAccount(state) !== undefined
}

/** `state` with the siwx slice `siwx` (the same state when it is the same slice). */
const withSiwx = (state: State, siwx: SiwxState): State => patch(state, { siwx })

/** `dismissed` without the keys `drop` matches (the same list when it has none). */
const without = (dismissed: readonly string[], drop: (key: string) => boolean): string[] =>
  dismissed.some(drop) ? dismissed.filter((key) => !drop(key)) : (dismissed as string[])

/**
 * Sign in with the wallet (docs/siwx.md): once an account connects on a supported network with no session, the
 * SIWXSignMessage view asks the visitor to sign a CAIP-122 message (EIP-4361 for EVM); the signature is verified in the
 * browser (sessions kept in browser storage) or by the integrator's server (`server`). The message, wallet and
 * verification code load when a wallet connects. Throws `INVALID_OPTIONS` on bad options.
 */
export function siwx(options: SiwxOptions = {}) {
  const parsed = z.safeParse(optionsSchema, options)
  if (!parsed.success) {
    throw new LatchError('INVALID_OPTIONS', { details: `siwx: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}` })
  }
  const settings: SiwxSettings = {
    required: options.required === true,
    expiresIn: options.expiresIn ?? 86_400,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
    ...(options.statement ? { statement: options.statement } : {}),
    ...(options.namespaces ? { namespaces: options.namespaces } : {}),
    ...(options.resources ? { resources: options.resources } : {}),
    ...(options.server ? { server: options.server } : {}),
  }
  const slice: SiwxState = { required: settings.required, mode: settings.server ? 'server' : 'browser', sessions: {}, status: 'idle', dismissed: [] }
  const effect: Effect = (events$, ctx) =>
    loadOnDemand(events$, ctx, {
      name: 'siwx',
      wanted: (event, ctx) => wanted(event, ctx.getState()),
      now: (ctx) => selectActiveAccount(ctx.getState()) !== undefined,
      load: () => import('./flow').then((module): Effect => (flowEvents$, flowCtx) => module.flow(flowEvents$, flowCtx, settings)),
    })
  return definePlugin({
    name: 'siwx',
    errors: siwxErrors,
    slices: { siwx: slice },
    events: siwxEvents,
    update: {
      'siwx/sessionsLoaded'(state, { payload }) {
        const sessions = payload.sessions.reduce((all, session) => put(all, sessionKey(session), session), state.siwx.sessions)
        return withSiwx(state, patch(state.siwx, { sessions }))
      },
      'siwx/signInNeeded'(state, { payload }) {
        return withSiwx(state, omit(patch(state.siwx, { pending: payload.account, status: 'idle' }), 'error'))
      },
      'siwx/signInRequested'(state) {
        return withSiwx(state, omit(patch(state.siwx, { status: 'signing' }), 'error'))
      },
      'siwx/signInSucceeded'(state, { payload }) {
        const sessions = put(state.siwx.sessions, sessionKey(payload.session), payload.session)
        return withSiwx(state, omit(patch(state.siwx, { sessions, status: 'idle' }), 'pending', 'error'))
      },
      'siwx/signInFailed'(state, { payload }) {
        return withSiwx(state, patch(state.siwx, { status: 'failed', error: payload.error as LatchErrorData }))
      },
      'siwx/signInCancelled'(state) {
        const { pending, required, dismissed } = state.siwx
        const dismiss = pending && !required && !dismissed.includes(sessionKey(pending))
        return withSiwx(state, omit(patch(state.siwx, { dismissed: dismiss ? [...dismissed, sessionKey(pending)] : dismissed, status: 'idle' }), 'pending', 'error'))
      },
      'siwx/signedOut'(state, { payload }) {
        const key = sessionKey(payload.account)
        return withSiwx(state, patch(state.siwx, { sessions: omit(state.siwx.sessions, key), dismissed: without(state.siwx.dismissed, (k) => k === key) }))
      },
      'account/disconnected'(state, { ns }) {
        // A reconnect asks again: a cancelled sign-in is remembered only while the account stays connected.
        const siwx = patch(state.siwx, { dismissed: without(state.siwx.dismissed, (key) => key.startsWith(`${ns}:`)) })
        return withSiwx(state, siwx.pending?.ns === ns ? omit(patch(siwx, { status: 'idle' }), 'pending', 'error') : siwx)
      },
    },
    effects: [effect],
  })
}
