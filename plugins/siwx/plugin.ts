import * as z from 'zod/mini'
import { chainNamespaceSchema, definePlugin, LatchError, type Effect, type LatchErrorData, type Logged } from '../../kernel/index'
import { isPlainText } from '../../kernel/rules/plain-text'
import { loadOnDemand } from '../../kernel/family/lazy'
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
    reduce: {
      'siwx/sessionsLoaded'(draft, { payload }) {
        for (const session of payload.sessions) draft.siwx.sessions[sessionKey(session)] = session
      },
      'siwx/signInNeeded'(draft, { payload }) {
        draft.siwx.pending = payload.account
        draft.siwx.status = 'idle'
        delete draft.siwx.error
      },
      'siwx/signInRequested'(draft) {
        draft.siwx.status = 'signing'
        delete draft.siwx.error
      },
      'siwx/signInSucceeded'(draft, { payload }) {
        draft.siwx.sessions[sessionKey(payload.session)] = payload.session
        delete draft.siwx.pending
        delete draft.siwx.error
        draft.siwx.status = 'idle'
      },
      'siwx/signInFailed'(draft, { payload }) {
        draft.siwx.status = 'failed'
        draft.siwx.error = payload.error as LatchErrorData
      },
      'siwx/signInCancelled'(draft) {
        const pending = draft.siwx.pending
        if (pending && !draft.siwx.required && !draft.siwx.dismissed.includes(sessionKey(pending))) draft.siwx.dismissed.push(sessionKey(pending))
        delete draft.siwx.pending
        delete draft.siwx.error
        draft.siwx.status = 'idle'
      },
      'siwx/signedOut'(draft, { payload }) {
        const key = sessionKey(payload.account)
        delete draft.siwx.sessions[key]
        draft.siwx.dismissed = draft.siwx.dismissed.filter((k) => k !== key)
      },
      'account/disconnected'(draft, { ns }) {
        // A reconnect asks again: a cancelled sign-in is remembered only while the account stays connected.
        draft.siwx.dismissed = draft.siwx.dismissed.filter((key) => !key.startsWith(`${ns}:`))
        if (draft.siwx.pending?.ns === ns) {
          delete draft.siwx.pending
          delete draft.siwx.error
          draft.siwx.status = 'idle'
        }
      },
    },
    effects: [effect],
  })
}
