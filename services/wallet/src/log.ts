/**
 * The service's log (docs/wallet-service.md, "Logs"): one JSON line per entry, made only of the fields below. None can
 * hold a secret: no code, token, proof, share, key or e-mail address reaches it — an address appears as a short tag
 * of its keyed hash, enough to follow one visitor's requests.
 */
export type LogEntry =
  | { event: 'request'; method: string; route: string; status: number; code?: string; ms: number }
  | { event: 'code-sent'; purpose: string; email: string }
  | { event: 'mail-failed'; purpose: string; email: string; cause: string }
  | { event: 'internal-error'; route: string; cause: string }
  | { event: 'listening'; url: string; store: string }

export type Logger = (entry: LogEntry) => void

/** Writes each entry as a JSON line with its time. */
export const jsonLogger =
  (write: (line: string) => void = (line) => process.stdout.write(line)): Logger =>
  (entry) =>
    write(`${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`)

/** A tag for logs: the first 12 characters of a keyed hash. */
export const logTag = (mac: string) => mac.slice(0, 12)

/** What an unexpected error may say in a log: its class and system code (ECONNREFUSED…), never its message. */
export function errorCause(error: unknown): string {
  if (!(error instanceof Error)) return typeof error
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? `${error.name} ${code}` : error.name
}
