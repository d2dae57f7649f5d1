/**
 * Origin allow-check (docs/behaviour.md, "Origin allow-check"): exact origin match, or `*` wildcard patterns.
 *
 * The visitor's origin must be a serialised origin exactly as browsers produce it
 * (`scheme://host[:port]`, lower-case host, no default port, no path or trailing slash);
 * anything else is malformed and never allowed. Patterns without `*` are parsed as URLs
 * and compared by origin (so `https://example.com/` allows `https://example.com`).
 * Patterns with `*` are matched as globs against the whole serialised origin, ASCII
 * case-insensitively; `*` matches any run of characters (including none). No regular
 * expressions are built from patterns, so nothing in a pattern is special but `*`.
 * Internationalised hosts in wildcard patterns must be written in punycode.
 */

/** The serialised form of `origin` when it is a well-formed, canonical origin; otherwise undefined. */
export function toCanonicalOrigin(origin: unknown): string | undefined {
  if (typeof origin !== 'string') return undefined
  const serialised = urlOrigin(origin)
  return serialised === origin ? serialised : undefined
}

/** The page's origin when it is http(s), from the window port; undefined without a window, or on an opaque origin. Never throws. */
export function pageOrigin(window: Pick<Window, 'location'> | undefined): string | undefined {
  try {
    const origin = window?.location?.origin
    return typeof origin === 'string' && /^https?:\/\//.test(origin) ? origin : undefined
  } catch {
    return undefined
  }
}

/** True when `origin` is well-formed and matches one of the `allowed` patterns. Never throws. */
export function isOriginAllowed(origin: string, allowed: readonly string[]): boolean {
  const canonical = toCanonicalOrigin(origin)
  if (canonical === undefined || !Array.isArray(allowed)) return false
  return allowed.some((pattern) => matchesOriginPattern(canonical, pattern))
}

/** True when a canonical origin matches one pattern (exact or wildcard). */
function matchesOriginPattern(canonicalOrigin: string, pattern: unknown): boolean {
  if (typeof pattern !== 'string' || pattern.length === 0) return false
  if (!pattern.includes('*')) return urlOrigin(pattern) === canonicalOrigin
  const trimmed = pattern.endsWith('/') ? pattern.slice(0, -1) : pattern
  return matchesGlob(toAsciiLowerCase(canonicalOrigin), toAsciiLowerCase(trimmed))
}

/** The origin of a URL string, or undefined when it does not parse or has an opaque ('null') origin. */
function urlOrigin(value: string): string | undefined {
  try {
    const { origin } = new URL(value)
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/** Lower-cases A-Z only (Unicode lower-casing could turn e.g. the Kelvin sign into 'k'). */
function toAsciiLowerCase(value: string): string {
  return value.replace(/[A-Z]/g, (letter) => letter.toLowerCase())
}

/** Glob match where `*` matches any run of characters; iterative, O(text × pattern) worst case. */
function matchesGlob(text: string, pattern: string): boolean {
  let t = 0
  let p = 0
  let starP = -1
  let starT = 0
  while (t < text.length) {
    if (p < pattern.length && pattern[p] === '*') {
      starP = p
      starT = t
      p += 1
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p += 1
      t += 1
    } else if (starP !== -1) {
      p = starP + 1
      starT += 1
      t = starT
    } else {
      return false
    }
  }
  while (p < pattern.length && pattern[p] === '*') p += 1
  return p === pattern.length
}
