/**
 * Accounts and sessions (docs/wallet-service.md, "Sessions and shares"). An account is found by its e-mail's keyed
 * hash; a session is a random token stored only as a keyed hash, bound at login to two P-256 public keys the frame
 * generated: a signing key, whose signature every session request carries (so a token copied from a log is useless
 * without the frame's non-extractable private key), and an encryption key, the only one a share is ever sealed to.
 */
import { randomId, type Keys } from './crypto'
import { emailTag } from './codes'
import { ServiceError } from './errors'
import { walletLimits } from './limits'
import type { Store } from './store'

/**
 * An account: `email` is its login address (e-mail logins, and social logins whose provider verified the address);
 * an account reached only by an identity without a verified address (a Farcaster fid, a provider account without one)
 * has none. `userName` and `provider` are the last social or Farcaster login's, for display.
 */
export type Account = { id: string; email?: string; createdAt: number; userName?: string; provider?: string }
export type Session = { accountId: string; signingKey: string; encryptionKey: string; createdAt: number; expiresAt: number }

export type SessionContext = { store: Store; keys: Keys; now: () => number }

const accountKey = (id: string) => `account:${id}`
const emailKey = (keys: Keys, email: string) => `email:${emailTag(keys, email)}`
const identityKey = (keys: Keys, identity: string) => `identity:${keys.mac('identity', identity)}`
export const sessionKey = (keys: Keys, token: string) => `session:${keys.mac('session', token)}`

/** The account of `email`, made on its first login (two logins racing on two instances get the same one). */
export async function accountForEmail(ctx: SessionContext, email: string): Promise<Account> {
  return claimAccount(ctx, emailKey(ctx.keys, email), { email })
}

/**
 * The account an identity reaches (docs/wallet-service.md, "Linked accounts"): `identity` is the provider's name and
 * its stable id for the person (`google:<sub>`, `github:<id>`, `farcaster:<fid>`). Its first login links it: to the
 * account of `verifiedEmail` when the provider verified an address (so e-mail and social logins of one address reach
 * one wallet), else to a new account. Later logins follow the link, whatever address the provider reports then.
 * `profile` (the user name and provider shown) is written on every login.
 */
export async function accountForIdentity(
  ctx: SessionContext,
  identity: string,
  options: { verifiedEmail?: string; profile: { userName?: string; provider: string } },
): Promise<Account> {
  const key = identityKey(ctx.keys, identity)
  const linked = await ctx.store.get(key)
  let account: Account
  if (linked !== undefined) {
    const found = await getAccount(ctx, linked)
    if (!found) throw new ServiceError('STORE_UNAVAILABLE', 'The account record is missing')
    account = found
  } else if (options.verifiedEmail !== undefined) {
    const byEmail = await accountForEmail(ctx, options.verifiedEmail)
    // Two first logins racing link the identity once; the loser follows the winner's link.
    account = (await ctx.store.setIfAbsent(key, byEmail.id)) ? byEmail : ((await getAccount(ctx, (await ctx.store.get(key)) ?? byEmail.id)) ?? byEmail)
  } else {
    account = await claimAccount(ctx, key, {})
  }
  const updated: Account = { ...account, provider: options.profile.provider, ...(options.profile.userName ? { userName: options.profile.userName } : {}) }
  await ctx.store.set(accountKey(account.id), JSON.stringify(updated))
  return updated
}

/**
 * The account `key` points to, made when it points to none. The account record is written before the key points to
 * it, so an instance that loses the race for the key finds the winner's record complete; the loser's own record is
 * removed.
 */
async function claimAccount(ctx: SessionContext, key: string, fields: { email?: string }): Promise<Account> {
  let id = await ctx.store.get(key)
  if (id === undefined) {
    const fresh = randomId()
    await ctx.store.set(accountKey(fresh), JSON.stringify({ id: fresh, ...fields, createdAt: ctx.now() } satisfies Account))
    if (await ctx.store.setIfAbsent(key, fresh)) id = fresh
    else {
      await ctx.store.delete(accountKey(fresh))
      id = await ctx.store.get(key)
    }
    if (id === undefined) throw new ServiceError('STORE_UNAVAILABLE', 'The store lost a record it just wrote')
  }
  const account = await getAccount(ctx, id)
  if (!account) throw new ServiceError('STORE_UNAVAILABLE', 'The account record is missing')
  return account
}

export async function getAccount(ctx: SessionContext, id: string): Promise<Account | undefined> {
  const raw = await ctx.store.get(accountKey(id))
  if (raw === undefined) return undefined
  const value = JSON.parse(raw) as Account
  return value
}

/**
 * Moves the account to `newEmail`: claims the new address first (refused with EMAIL_TAKEN when another account holds
 * it), then rewrites the account and frees the old address.
 */
export async function changeEmail(ctx: SessionContext, account: Account, newEmail: string): Promise<Account> {
  const claimed = await ctx.store.setIfAbsent(emailKey(ctx.keys, newEmail), account.id)
  if (!claimed && (await ctx.store.get(emailKey(ctx.keys, newEmail))) !== account.id) {
    throw new ServiceError('EMAIL_TAKEN', 'Another account uses this e-mail address')
  }
  const updated = { ...account, email: newEmail }
  await ctx.store.set(accountKey(account.id), JSON.stringify(updated))
  if (account.email !== undefined && account.email !== newEmail) await ctx.store.deleteIf(emailKey(ctx.keys, account.email), account.id)
  return updated
}

/** Opens a session for the account, bound to the frame's two public keys; the token goes to the frame only. */
export async function openSession(ctx: SessionContext, accountId: string, frameKeys: { signingKey: string; encryptionKey: string }): Promise<{ token: string; session: Session }> {
  const token = randomId(32)
  const now = ctx.now()
  const session: Session = { accountId, ...frameKeys, createdAt: now, expiresAt: now + walletLimits.sessionLifeMs }
  await ctx.store.set(sessionKey(ctx.keys, token), JSON.stringify(session), walletLimits.sessionLifeMs)
  return { token, session }
}

/** The live session of `token`, or undefined (unknown, signed out, or past its life). */
export async function findSession(ctx: SessionContext, token: string): Promise<Session | undefined> {
  const raw = await ctx.store.get(sessionKey(ctx.keys, token))
  if (raw === undefined) return undefined
  const session = JSON.parse(raw) as Session
  return session.expiresAt > ctx.now() ? session : undefined
}

export async function closeSession(ctx: SessionContext, token: string): Promise<void> {
  await ctx.store.delete(sessionKey(ctx.keys, token))
}
