/**
 * The wallet service's limits (docs/wallet-service.md, "Limits", "Farcaster"): e-mail codes, resends, rate limits,
 * sessions, proofs, Farcaster channels and social logins. A rate limit is a fixed window: at most `limit` in each window of `windowMs`, counted in the shared store.
 */
export type RateLimit = { limit: number; windowMs: number }

const minute = 60_000
const hour = 60 * minute

export const walletLimits = {
  /** Digits in an e-mail code. */
  codeDigits: 6,
  /** How long a code can be redeemed, in ms (10 minutes). */
  codeLifeMs: 10 * minute,
  /** Wrong or right, a code takes this many tries; the next one kills it. */
  attemptsPerCode: 5,
  /** A new code to the same address waits this long after the last (30 s; the page says 'Please try again after {n} seconds'). */
  resendCooldownMs: 30_000,
  /** Codes sent to one address. */
  codesPerEmail: { limit: 5, windowMs: hour },
  /** Codes asked for from one client address (IP). */
  codesPerIp: { limit: 20, windowMs: hour },
  /** Codes tried from one client address (IP), all addresses together. */
  attemptsPerIp: { limit: 60, windowMs: hour },
  /** Recovery-share releases per account. */
  recoveryPerAccount: { limit: 3, windowMs: 24 * hour },
  /** A session lives this long from its login (7 days), then the frame logs in again. */
  sessionLifeMs: 7 * 24 * hour,
  /** A request's proof is believed this long either side of the service's clock (60 s). */
  proofSkewMs: minute,
  /** The largest request body read, in bytes (16 kB). */
  maxBodyBytes: 16 * 1024,
  /** The largest share stored (base64url characters). */
  maxShareChars: 4096,
  /** A Farcaster channel lives this long from its creation (5 minutes): the QR is good that long, then a new channel. */
  farcasterChannelLifeMs: 5 * minute,
  /** Farcaster channels created from one client address (IP). */
  farcasterChannelsPerIp: { limit: 30, windowMs: hour },
  /** Authenticate tries on one Farcaster channel, right or wrong; the next one is refused. */
  farcasterTriesPerChannel: 5,
  /** The largest Sign In With Farcaster message taken (characters). */
  farcasterMessageChars: 4096,
  /** A social login lives this long from its start (10 minutes): the visitor logs in at the provider within it. */
  socialLoginLifeMs: 10 * minute,
  /** Social logins started from one client address (IP). */
  socialStartsPerIp: { limit: 30, windowMs: hour },
  /** The longest the service waits for a provider's answer (discovery, keys, token, profile): 10 s. */
  socialProviderTimeoutMs: 10_000,
  /** A provider's OpenID Connect discovery is kept this long (1 hour) before it is read again. */
  socialDiscoveryLifeMs: hour,
} as const satisfies Record<string, number | RateLimit>
