/**
 * docs/siwx.md, "Sessions": the browser mode keeps each session, with its message and signature, in browser storage
 * under `siwx/sessions` (the instance's prefix before it). Never in the state or the event log: the signature proves
 * the sign-in and is kept out of bug reports. Read once when the sign-in code loads; every entry is checked, and those
 * refused are dropped with the reason.
 */
import * as z from 'zod/mini'
import type { EffectContext } from '../../kernel/index'
import { siwxSessionSchema } from './events'
import { parseSiwxMessage } from './message'
import type { SiwxSessionInfo } from './types'

/** A session as browser storage keeps it. */
export type StoredSession = SiwxSessionInfo & { message: string; signature: string }

/** How many sessions are kept (the newest). */
export const maxStoredSessions = 50

const storedSchema = z.object({
  ...siwxSessionSchema.shape,
  message: z.string().check(z.minLength(1), z.maxLength(4000)),
  signature: z.string().check(z.minLength(1), z.maxLength(4000)),
})

function key(ctx: EffectContext): string {
  return `${ctx.storagePrefix}siwx/sessions`
}

/** Why a stored entry cannot stand for its account, or undefined when it can. */
function refuse(entry: StoredSession, now: number, domain: string | undefined): string | undefined {
  let parsed: ReturnType<typeof parseSiwxMessage>
  try {
    parsed = parseSiwxMessage(entry.message)
  } catch (error) {
    return `message: ${(error as Error).message}`
  }
  const { ns, fields } = parsed
  if (ns !== entry.ns) return `family: the message is for ${ns}, the entry for ${entry.ns}`
  const same = ns === 'eip155' ? fields.address.toLowerCase() === entry.address.toLowerCase() : fields.address === entry.address
  if (!same) return `address: the message names ${fields.address}, the entry ${entry.address}`
  if (`${ns}:${fields.chainId}` !== entry.chainId) return `chain: the message is for ${ns}:${fields.chainId}, the entry for ${entry.chainId}`
  if (domain !== undefined && fields.domain.toLowerCase() !== domain.toLowerCase()) return `domain: the message is for ${fields.domain}`
  const expiry = fields.expirationTime ?? entry.expiresAt
  if (expiry !== undefined && !(Date.parse(expiry) > now)) return `expired at ${expiry}`
  return undefined
}

/** The stored sessions still good at `now` for this `domain`, and the index and reason of each refused one. */
export function readSessions(ctx: EffectContext, now: number, domain: string | undefined): { sessions: StoredSession[]; refused: { index: number; reason: string }[] } {
  const storage = ctx.ports.storage
  let raw: string | null = null
  try {
    raw = storage?.getItem(key(ctx)) ?? null
  } catch {
    return { sessions: [], refused: [] }
  }
  if (raw === null) return { sessions: [], refused: [] }
  let entries: unknown
  try {
    entries = JSON.parse(raw)
  } catch {
    entries = undefined
  }
  if (!Array.isArray(entries)) {
    writeSessions(ctx, [])
    return { sessions: [], refused: [{ index: -1, reason: 'not a list of sessions' }] }
  }
  const sessions: StoredSession[] = []
  const refused: { index: number; reason: string }[] = []
  entries.slice(-maxStoredSessions).forEach((entry, index) => {
    const checked = z.safeParse(storedSchema, entry)
    const reason = checked.success ? refuse(checked.data, now, domain) : `malformed: ${checked.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`
    if (reason === undefined && checked.success) sessions.push(checked.data)
    else refused.push({ index, reason: (reason ?? 'malformed').slice(0, 300) })
  })
  if (refused.length > 0 || entries.length > maxStoredSessions) writeSessions(ctx, sessions)
  return { sessions, refused }
}

/** Replaces the stored sessions (the newest `maxStoredSessions`); storage failures are only logged. */
export function writeSessions(ctx: EffectContext, sessions: readonly StoredSession[]): void {
  try {
    if (sessions.length === 0) ctx.ports.storage?.removeItem(key(ctx))
    else ctx.ports.storage?.setItem(key(ctx), JSON.stringify(sessions.slice(-maxStoredSessions)))
  } catch (cause) {
    ctx.ports.logger.warn('storage failed', cause)
  }
}
