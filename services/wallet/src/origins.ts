/**
 * The project's allowed origins (docs/wallet-service.md, "Origins"): the dapp origins that may embed the frame and call
 * the service. One list makes both the frame's `Content-Security-Policy: frame-ancestors` and the CORS answer, so a
 * site not on it can neither load the frame nor read an answer.
 *
 * An entry is `scheme://host[:port]`, where the host may start with `*.` (any subdomain) and the port may be `*` (any
 * port), as CSP writes sources: `https://app.example.com`, `https://*.example.com`, `http://127.0.0.1:*`.
 */
const entryPattern = /^(https?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}|\*))?$/

export type OriginRule = { scheme: string; anySubdomain: boolean; host: string; port: string | '*' | undefined; source: string }

/** Parses the list; throws naming the first entry that is not an origin pattern. */
export function parseAllowedOrigins(entries: readonly string[]): OriginRule[] {
  return entries.map((entry) => {
    const source = entry.trim().toLowerCase().replace(/\/$/, '')
    const match = entryPattern.exec(source)
    if (!match) throw new Error(`not an origin pattern: ${JSON.stringify(entry.slice(0, 100))} (write scheme://host[:port], e.g. https://app.example.com or http://127.0.0.1:*)`)
    const [, scheme = '', sub, host = '', port] = match
    return { scheme, anySubdomain: Boolean(sub), host, port, source }
  })
}

const defaultPort = (scheme: string) => (scheme === 'https' ? '443' : '80')

/** Whether `origin` (a request's Origin header) is on the list. */
export function originAllowed(rules: readonly OriginRule[], origin: string): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (url.origin !== origin) return false // a path, credentials or junk: not an origin
  const scheme = url.protocol.slice(0, -1)
  const port = url.port || defaultPort(scheme)
  return rules.some((rule) => {
    if (rule.scheme !== scheme) return false
    if (rule.anySubdomain ? !url.hostname.endsWith(`.${rule.host}`) : url.hostname !== rule.host) return false
    return rule.port === '*' || (rule.port ?? defaultPort(rule.scheme)) === port
  })
}

/** The frame-ancestors directive: the list as CSP sources ('none' when empty). */
export function frameAncestors(rules: readonly OriginRule[]): string {
  return `frame-ancestors ${rules.length > 0 ? rules.map((rule) => rule.source).join(' ') : "'none'"}`
}
