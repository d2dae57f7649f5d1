/**
 * Every request body of the wallet service (docs/wallet-service.md, "Endpoints"), checked with zod before anything
 * else runs. Objects are strict: an unknown field is refused rather than ignored.
 */
import * as z from 'zod/mini'
import { walletLimits } from './limits'

/** An e-mail address, trimmed and lower-cased (the same mailbox whatever case a visitor types). */
export const emailSchema = z.pipe(
  z.string({ error: 'an e-mail address is a string' }).check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: 'an e-mail address has at most 254 characters' })),
  z.email({ error: 'not a valid e-mail address' }),
)

const otpSchema = z.string({ error: 'the code is a string' }).check(z.regex(new RegExp(`^\\d{${walletLimits.codeDigits}}$`), { error: `the code is ${walletLimits.codeDigits} digits` }))

/** A P-256 public key as its uncompressed point (65 bytes) in base64url: 87 characters. */
export const publicKeySchema = z.string({ error: 'a public key is a string' }).check(z.regex(/^[A-Za-z0-9_-]{87}$/, { error: 'a P-256 public key is its 65-byte uncompressed point in base64url' }))

const shareSchema = z.string({ error: 'a share is a string' }).check(
  z.regex(new RegExp(`^[A-Za-z0-9_-]{1,${walletLimits.maxShareChars}}$`), { error: `a share is base64url, 1 to ${walletLimits.maxShareChars} characters` }),
)

export const requestCodeBody = z.strictObject({ email: emailSchema })
export const verifyCodeBody = z.strictObject({ email: emailSchema, otp: otpSchema, signingKey: publicKeySchema, encryptionKey: publicKeySchema })
export const updateEmailBody = z.strictObject({ newEmail: emailSchema })
export const otpBody = z.strictObject({ otp: otpSchema })
export const storeSharesBody = z.strictObject({ authShare: shareSchema, recoveryShare: shareSchema })
export const emptyBody = z.strictObject({})
/** `POST /v1/farcaster/session`: the frame's two public keys, as for `POST /v1/email/verify`. */
export const farcasterSessionBody = z.strictObject({
  signingKey: publicKeySchema,
  encryptionKey: publicKeySchema,
  secret: z.string({ error: 'the secret is a string' }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: 'the secret is 32 bytes in base64url' })),
})

/** A profile text the Farcaster app reports (username, display name, bio, picture URL): shown, never verified. */
const profileText = (field: string, max: number) => z.optional(z.string({ error: `${field} is a string` }).check(z.maxLength(max, { error: `${field} has at most ${max} characters` })))

/**
 * `POST /v1/farcaster/channel`: empty, or the parameters `@farcaster/auth-client`'s createChannel sends, which must be
 * the service's own (docs/wallet-service.md, "Farcaster"); the nonce is always the service's.
 */
export const farcasterChannelBody = z.strictObject({
  siweUri: z.optional(z.string({ error: 'siweUri is a string' }).check(z.maxLength(2048, { error: 'siweUri has at most 2048 characters' }))),
  domain: z.optional(z.string({ error: 'domain is a string' }).check(z.maxLength(255, { error: 'domain has at most 255 characters' }))),
  /** The SHA-256 (base64url) of a secret the frame keeps: only its holder opens the channel's session. */
  sessionHash: z.optional(z.string({ error: 'sessionHash is a string' }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: 'sessionHash is a SHA-256 in base64url' }))),
})

/** `POST /v1/farcaster/channel/authenticate`: what the Farcaster app posts (auth-client's authenticate, plus custody). */
export const farcasterAuthenticateBody = z.strictObject({
  message: z.string({ error: 'the message is a string' }).check(
    z.minLength(1, { error: 'the message is empty' }),
    z.maxLength(walletLimits.farcasterMessageChars, { error: `the message has at most ${walletLimits.farcasterMessageChars} characters` }),
  ),
  signature: z.string({ error: 'the signature is a string' }).check(z.regex(/^0x[0-9a-fA-F]{130}$/, { error: 'a signature is 65 bytes as 0x-prefixed hex' })),
  fid: z.int({ error: 'an fid is a whole number' }).check(z.positive({ error: 'an fid is at least 1' })),
  username: profileText('username', 64),
  displayName: profileText('displayName', 256),
  bio: profileText('bio', 1024),
  pfpUrl: profileText('pfpUrl', 2048),
  custody: z.optional(z.string({ error: 'custody is a string' }).check(z.regex(/^0x[0-9a-fA-F]{40}$/, { error: 'custody is a 20-byte address as 0x-prefixed hex' }))),
  authMethod: z.optional(z.literal('custody', { error: "only 'custody' is accepted (auth addresses are not)" })),
})

/** A proof header: `<time in ms>.<nonce>.<signature>` (docs/wallet-service.md, "Proof of the frame's key"). */
export const proofHeader = /^(\d{13})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{86})$/

/** zod's issues as one line: `field: what is wrong; …` (zod/mini carries no texts of its own, so each check names one). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.length > 0 ? issue.path.join('.') : 'body'
      const message =
        issue.code === 'unrecognized_keys'
          ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.slice(0, 5).join(', ')}`
          : issue.code === 'invalid_type' && issue.message === 'Invalid input'
            ? `expected ${issue.expected}`
            : issue.message
      return `${path}: ${message}`
    })
    .join('; ')
}
