/** The avatar rule, shared by the EVM plugin's ENS names and the names plugin's identity (docs/behaviour.md, "Names"). */
/**
 * An avatar record Latch shows (docs/behaviour.md, "Names"; docs/names.md, "The account's identity"): a `data:image/…` URI, or a URL on the page's own
 * origin; anything else (another host, ipfs:, eip155: NFT references) is dropped, so no third-party host is asked.
 */
export function shownAvatar(record: string, pageOrigin: string | undefined): string | null {
  if (record.length === 0 || record.length > 100_000) return null
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(record)) return record
  if (!pageOrigin) return null
  try {
    const url = new URL(record, pageOrigin)
    return url.origin === pageOrigin && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null
  } catch {
    return null
  }
}
