/**
 * The wallet service's refusals (docs/wallet-service.md, "Errors"): a stable `code`, an HTTP status, and a message
 * that leads with the specification's text where it has one. A message never holds a secret.
 */
export const errorCodes = {
  BAD_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BODY_TOO_LARGE: 413,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  ORIGIN_NOT_ALLOWED: 403,
  EMAIL_THROTTLED: 429,
  RATE_LIMITED: 429,
  CODE_INVALID: 401,
  CODE_EXPIRED: 401,
  CODE_ATTEMPTS_EXCEEDED: 401,
  SESSION_INVALID: 401,
  PROOF_INVALID: 401,
  EMAIL_TAKEN: 409,
  WALLET_EXISTS: 409,
  WALLET_NOT_FOUND: 404,
  FARCASTER_CHANNEL_EXPIRED: 401,
  FARCASTER_CHANNEL_COMPLETED: 409,
  FARCASTER_CHANNEL_PENDING: 409,
  FARCASTER_CHANNEL_USED: 409,
  FARCASTER_SECRET_INVALID: 401,
  FARCASTER_ATTEMPTS_EXCEEDED: 401,
  FARCASTER_MESSAGE_INVALID: 400,
  FARCASTER_DOMAIN_MISMATCH: 401,
  FARCASTER_NONCE_MISMATCH: 401,
  FARCASTER_SIGNATURE_INVALID: 401,
  FARCASTER_CUSTODY_MISMATCH: 401,
  FARCASTER_REGISTRY_UNAVAILABLE: 503,
  SOCIAL_PROVIDER_UNAVAILABLE: 404,
  SOCIAL_STATE_INVALID: 401,
  SOCIAL_CALLBACK_REPLAYED: 409,
  SOCIAL_DENIED: 403,
  SOCIAL_ISSUER_MISMATCH: 401,
  SOCIAL_TOKEN_INVALID: 401,
  SOCIAL_PROVIDER_FAILED: 502,
  EMAIL_NOT_SENT: 502,
  STORE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const

export type ErrorCode = keyof typeof errorCodes

/** A refusal the HTTP layer answers as `{ error: { code, message, ...details } }` with the code's status. */
export class ServiceError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields of the answer (never a secret): retryAfterSeconds, attemptsLeft… */
    readonly details: Record<string, string | number | boolean> = {},
  ) {
    super(message)
    this.status = errorCodes[code]
  }
}

/** The specification's throttle text, n rounded up by the caller. */
export const tryAgainAfter = (seconds: number) => `Please try again after ${seconds} seconds`
