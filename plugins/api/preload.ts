/**
 * docs/behaviour.md, "All Wallets": the images of the first 20 search results are loaded before the results show,
 * so the grid does not fill in tile by tile; no image holds them back longer than 2 seconds (clock port).
 */
import { Observable, of, race, timer, map, type SchedulerLike } from 'rxjs'
import { constants, type WalletListing } from '../../kernel/index'

/** The http(s) images worth loading ahead: of the first 20 listings, each once (inline `data:` images need no request). */
export function imagesToPreload(listings: readonly WalletListing[], count: number = constants.searchPreloadImages): readonly string[] {
  const urls = listings.slice(0, Math.max(0, count)).flatMap((listing) => (listing.image_url && /^https?:/i.test(listing.image_url) ? [listing.image_url] : []))
  return [...new Set(urls)]
}

/**
 * Emits once, then completes, when every image has loaded or failed, or after `timeout` ms on the scheduler,
 * whichever comes first. At once without a window (server rendering, tests) or with nothing to load.
 * Unsubscribing stops listening; the browser may still finish the loads into its cache.
 */
export function preloadImages(
  win: Window | undefined,
  urls: readonly string[],
  scheduler: SchedulerLike,
  timeout: number = constants.imagePreloadTimeout,
): Observable<void> {
  const ImageConstructor = win && (win as Window & { Image?: typeof Image }).Image
  if (!ImageConstructor || urls.length === 0) return of(undefined)
  const loads = new Observable<void>((subscriber) => {
    let pending = urls.length
    const images = urls.map((url) => {
      const image = new ImageConstructor()
      image.onload = image.onerror = () => {
        image.onload = image.onerror = null
        if (--pending === 0) {
          subscriber.next()
          subscriber.complete()
        }
      }
      image.src = url
      return image
    })
    return () => {
      for (const image of images) image.onload = image.onerror = null
    }
  })
  return race(loads, timer(timeout, scheduler).pipe(map(() => undefined)))
}
