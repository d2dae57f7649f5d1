import { type Latch, type State } from '../../kernel/index'
import { isImageAllowed } from '../../kernel/rules/images'
import { isMobile } from '../utils/platform'
import { selectWalletRows, type WalletRowsOptions } from './views/Connect/walletRows'

/**
 * What the first open of the modal would otherwise do between the click and its first frame, done ahead of it while the
 * browser is idle once the modal chunk has loaded (docs/react.md, "The modal's lazy chunk"). Nothing is added to the page
 * and no request leaves it.
 */

/** The images made ahead of the first open, by source: held, so the browser keeps them, and each made once. */
const held = new Map<string, HTMLImageElement>()
/** A bound on what is held: the wallet list shows a few rows (docs/behaviour.md, "Wallet list"). */
const maxHeld = 32

/**
 * The data: images the Connect view's wallet list would draw now: its rows' icons and the 'All Wallets' previews, those
 * the modal may load (docs/behaviour.md, "Images"). Only data: images: making them ahead fetches nothing, and a wallet
 * announced in the page (EIP-6963) always brings one.
 */
export function walletListImages(state: State, options: WalletRowsOptions): string[] {
  const page = typeof location === 'undefined' ? undefined : location.origin
  const rows = selectWalletRows(state, options).map((row) => row.imageUrl)
  const previews = (state.walletList?.listings ?? []).slice(0, 4).map((listing) => listing.image_url)
  const sources = new Set<string>()
  for (const src of [...rows, ...previews]) {
    if (typeof src === 'string' && src.startsWith('data:image/') && isImageAllowed(src, state.options.imageOrigins, page)) sources.add(src)
  }
  return [...sources]
}

/**
 * Makes each image once (an SVG is parsed into a document of its own when first loaded, a few ms each on the main thread)
 * and holds it, so the wallet list's <img> elements find it made. Returns the sources made now.
 */
export function makeImages(sources: readonly string[]): string[] {
  if (typeof Image !== 'function') return []
  const made: string[] = []
  for (const src of sources) {
    if (held.has(src) || held.size >= maxHeld) continue
    const image = new Image()
    image.decoding = 'async'
    image.src = src
    held.set(src, image)
    made.push(src)
    void image.decode?.().catch(() => undefined)
  }
  return made
}

/** The sources made ahead so far (for tests). */
export function heldImages(): string[] {
  return [...held.keys()]
}

/** What the wallet list's images depend on: watched until the modal first opens. */
const listInputs = (state: State) => [state.connectors, state.walletList, state.options] as const

/**
 * Makes the wallet list's images now, and again when the list changes, until
 * the modal opens (from then on it draws them itself). `schedule` runs a step when the browser is idle. Returns a stop.
 */
export function warmWalletList(latch: Latch, schedule: (step: () => void) => () => void): () => void {
  // The integrator's group order (connectorOrder) changes where rows show, not which: the default order finds the same images.
  const options = { isMobile: isMobile() }
  let cancel = schedule(() => void makeImages(walletListImages(latch.getState(), options)))
  let last = listInputs(latch.getState())
  const unsubscribe = latch.subscribe(() => {
    const state = latch.getState()
    if (state.router.open) return stop()
    const inputs = listInputs(state)
    if (inputs.every((input, i) => input === last[i])) return
    last = inputs
    cancel()
    cancel = schedule(() => void makeImages(walletListImages(latch.getState(), options)))
  })
  function stop() {
    unsubscribe()
    cancel()
  }
  if (latch.getState().router.open) stop()
  return stop
}
