/**
 * docs/react.md, "Accessibility": while the modal is open the page behind it is inert (neither screen readers nor the keyboard
 * reach it). Latch sets `inert` on the children of document.body, except the modal hosts and elements marked
 * `data-latch-keep-interactive` (a child holding a marked element is walked into instead, so the path to it stays open), and
 * on children the page adds meanwhile. It remembers which elements it set and removes exactly those on close: an element
 * that was inert before is never touched.
 */

/** The attribute an integrator puts on an element (a direct child of body, or inside one) that must stay usable while the modal is open. */
export const keepInteractiveAttribute = 'data-latch-keep-interactive'

const exempt = `[data-latch-modal],[${keepInteractiveAttribute}]`
const skipped = new Set(['SCRIPT', 'STYLE', 'LINK', 'META', 'TEMPLATE', 'NOSCRIPT'])

let holders = 0
let made: Element[] = []
let observer: MutationObserver | undefined

function makeInert(element: Element) {
  if (element.matches(exempt) || skipped.has(element.tagName)) return
  if (element.querySelector(exempt)) {
    for (const child of element.children) makeInert(child)
    return
  }
  if (element.hasAttribute('inert')) return
  element.setAttribute('inert', '')
  made.push(element)
}

/**
 * Makes the page inert until the returned function is called. Two modals on one page share it: the page is restored when
 * the last one closes.
 */
export function makePageInert(): () => void {
  if (typeof document === 'undefined' || !document.body) return () => undefined
  if (holders++ === 0) {
    made = []
    for (const child of document.body.children) makeInert(child)
    if (typeof MutationObserver === 'function') {
      observer = new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) if (node instanceof Element && node.parentElement === document.body) makeInert(node)
      })
      observer.observe(document.body, { childList: true })
    }
  }
  let released = false
  return () => {
    if (released) return
    released = true
    if (--holders > 0) return
    observer?.disconnect()
    observer = undefined
    for (const element of made) element.removeAttribute('inert')
    made = []
  }
}

/** True when the event comes from inside an element kept interactive: the dialog's keyboard handling leaves it alone. */
export function fromKeptElement(event: Event): boolean {
  return event.composedPath().some((node) => node instanceof Element && node.hasAttribute(keepInteractiveAttribute))
}
