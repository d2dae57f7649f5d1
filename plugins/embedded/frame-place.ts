/**
 * Where the embedded wallet's frame is on the page (docs/embedded-wallet.md, "Approvals"). The frame is added once, as a
 * child of `document.body`, and never moved: moving an iframe in the DOM reloads its document, and with it the
 * frame's state. It is hidden (0 × 0, transparent, out of the accessibility tree and the tab order) except while a
 * wallet request waits for the visitor's approval; then the modal's ApproveTransaction view lays it over its own box.
 * Small and free of the channel, so the modal reaches it through the plugin's ui.ts. CSSOM writes only: allowed under
 * a strict `style-src` (docs/csp.md).
 */

/** The attribute the frame element carries, its value the channel's key (`embedded.approval.frame`). */
export const frameKeyAttribute = 'data-latch-embedded-frame'

/**
 * The attribute that keeps an element usable while the modal makes the page inert (docs/react.md, "Accessibility"): the
 * documented one integrators use, spelled here since plugins do not import ui/.
 */
export const keepInteractiveAttribute = 'data-latch-keep-interactive'

/** The box the frame is laid over, in CSS pixels of the viewport, and its corners' radius (a CSS length). */
export type FrameBox = { left: number; top: number; width: number; height: number; radius?: string }

/** Hides the frame: nothing of it is seen, heard, clicked or reached with Tab. */
export function hideFrame(frame: HTMLIFrameElement): void {
  const { style } = frame
  style.position = 'fixed'
  style.left = '0'
  style.top = '0'
  style.width = '0'
  style.height = '0'
  style.border = '0'
  style.opacity = '0'
  style.pointerEvents = 'none'
  frame.tabIndex = -1
  frame.setAttribute('aria-hidden', 'true')
}

/** Shows the frame over `box`, above a layer at `zIndex`, where the visitor can read, click and Tab into it. */
export function placeFrame(frame: HTMLIFrameElement, box: FrameBox, zIndex: number): void {
  const { style } = frame
  style.position = 'fixed'
  style.left = `${box.left}px`
  style.top = `${box.top}px`
  style.width = `${box.width}px`
  style.height = `${box.height}px`
  style.border = '0'
  style.borderRadius = box.radius ?? '0'
  style.opacity = '1'
  style.pointerEvents = 'auto'
  style.zIndex = String(zIndex)
  frame.tabIndex = 0
  frame.removeAttribute('aria-hidden')
}

/** The frame element of the channel with key `key` in `doc`, if it is there. */
export function findFrame(doc: Document, key: string): HTMLIFrameElement | undefined {
  for (const element of doc.querySelectorAll(`iframe[${frameKeyAttribute}]`)) {
    if (element.getAttribute(frameKeyAttribute) === key) return element as HTMLIFrameElement
  }
  return undefined
}
