/**
 * docs/siwx.md, "Sessions": the browser mode keeps each session, with its message and signature, in browser storage
 * under `siwx/sessions` (the instance's prefix before it). Never in the state or the event log: the signature proves
 * the sign-in and is kept out of bug reports. Read once when the sign-in code loads, and nothing stored is believed
 * as it is: every entry is read, its message checked and its signature verified again; its times are the ones the
 * message says (signed), never a field beside it. Entries refused are dropped with the reason.
 */
import * as z from 'zod/mini'
import type { EffectContext } from '../../kernel/index'
import { siwxAccountSchema } from './events'
import { parseSiwxMessage } from './message'
import type { SiwxAccount, SiwxSessionInfo } from './types'

/** A session as browser storage keeps it: the account, and the signed message and signature that prove it. */
export type StoredSession = SiwxAccount & { message: string; signature: string }

/** A stored session read back: with the issued-at and expiry its signed message says. */
export type LoadedSession = StoredSession & SiwxSessionInfo

/** How many sessions are kept (the newest). */
export const maxStoredSessions = 50

// Entries written before the times were taken from the message also hold issuedAt and expiresAt: ignored.
const storedSchema = z.object({
  ...siwxAccountSchema.shape,
  message: z.string().check(z.minLength(1), z.maxLength(4000)),
  signature: z.string().check(z.minLength(1), z.maxLength(4000)),
})

function key(ctx: EffectContext): string {
  return `${ctx.storagePrefix}siwx/sessions`
}

/** The session an entry stands for (its times the message's), or why it cannot stand for its account. */
function check(entry: StoredSession, now: number, domain: string | undefined): LoadedSession | string {
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
  if (domain === undefined) return 'domain: no page to check the message against'
  if (fields.domain.toLowerCase() !== domain.toLowerCase()) return `domain: the message is for ${fields.domain}`
  // Latch always writes an expiration time; the session ends when the signed message says, nothing else.
  if (fields.expirationTime === undefined) return 'expiry: the message has no expiration time'
  if (!(Date.parse(fields.expirationTime) > now)) return `expired at ${fields.expirationTime}`
  const { ns: _ns, address, chainId, message, signature } = entry
  return { ns, address, chainId, message, signature, issuedAt: fields.issuedAt, expiresAt: fields.expirationTime }
}

/**
 * The stored sessions still good at `now` for this `domain` whose signatures `verify` accepts, and the index and reason
 * of each refused one. Storage is rewritten without the refused ones.
 */
export async function loadSessions(
  ctx: EffectContext,
  now: number,
  domain: string | undefined,
  verify: (session: LoadedSession) => Promise<boolean>,
): Promise<{ sessions: LoadedSession[]; refused: { index: number; reason: string }[] }> {
  let raw: string | null = null
  try {
    raw = ctx.ports.storage?.getItem(key(ctx)) ?? null
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
  const checked = await Promise.all(
    entries.slice(-maxStoredSessions).map(async (entry): Promise<LoadedSession | string> => {
      const read = z.safeParse(storedSchema, entry)
      if (!read.success) return `malformed: ${read.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`
      const session = check(read.data, now, domain)
      if (typeof session === 'string') return session
      // The signature is checked again: storage is the page's to write, and anything could have written it.
      const verified = await verify(session).catch(() => false)
      return verified ? session : 'signature: not a signature of this account over this message'
    }),
  )
  const sessions: LoadedSession[] = []
  const refused: { index: number; reason: string }[] = []
  checked.forEach((result, index) => {
    if (typeof result === 'string') refused.push({ index, reason: result.slice(0, 300) })
    else sessions.push(result)
  })
  if (refused.length > 0 || entries.length > maxStoredSessions) writeSessions(ctx, sessions)
  return { sessions, refused }
}

/** Replaces the stored sessions (the newest `maxStoredSessions`): account, message and signature; storage failures are only logged. */
export function writeSessions(ctx: EffectContext, sessions: readonly StoredSession[]): void {
  try {
    const entries = sessions.slice(-maxStoredSessions).map(({ ns, address, chainId, message, signature }) => ({ ns, address, chainId, message, signature }))
    if (entries.length === 0) ctx.ports.storage?.removeItem(key(ctx))
    else ctx.ports.storage?.setItem(key(ctx), JSON.stringify(entries))
  } catch (cause) {
    ctx.ports.logger.warn('storage failed', cause)
  }
}
