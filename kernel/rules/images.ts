/**
 * Which images the modal loads (docs/behaviour.md, "Images"): loading an image from a host tells that host who the visitor
 * is, so a wallet listing's image loads only as a `data:image/…` URI, from the page's own origin, or from a host the
 * integrator configured (a custom wallet's image) or a plugin serves (the provider API's origin). Pure, never throws.
 */

/** The origin of an http(s) image URL, or undefined for anything else. */
export function imageOrigin(url: unknown): string | undefined {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return undefined
  try {
    const { origin } = new URL(url)
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/** Whether the modal may load the image at `url`, given the allowed origins and the page's own origin. */
export function isImageAllowed(url: unknown, origins: readonly string[], pageOrigin?: string): boolean {
  if (typeof url !== 'string') return false
  if (/^data:image\//i.test(url)) return true
  const origin = imageOrigin(url)
  return origin !== undefined && (origins.includes(origin) || origin === pageOrigin)
}
