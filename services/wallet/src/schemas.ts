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
const publicKeySchema = z.string({ error: 'a public key is a string' }).check(z.regex(/^[A-Za-z0-9_-]{87}$/, { error: 'a P-256 public key is its 65-byte uncompressed point in base64url' }))

const shareSchema = z.string({ error: 'a share is a string' }).check(
  z.regex(new RegExp(`^[A-Za-z0-9_-]{1,${walletLimits.maxShareChars}}$`), { error: `a share is base64url, 1 to ${walletLimits.maxShareChars} characters` }),
)

export const requestCodeBody = z.strictObject({ email: emailSchema })
export const verifyCodeBody = z.strictObject({ email: emailSchema, otp: otpSchema, signingKey: publicKeySchema, encryptionKey: publicKeySchema })
export const updateEmailBody = z.strictObject({ newEmail: emailSchema })
export const otpBody = z.strictObject({ otp: otpSchema })
export const storeSharesBody = z.strictObject({ authShare: shareSchema, recoveryShare: shareSchema })
export const emptyBody = z.strictObject({})

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
