import { useLayoutEffect, useRef, useState } from 'react'
import type { State } from '../../../../kernel/index'
import { findFrame, hideFrame, placeFrame, type EmbeddedApproval } from '../../../../plugins/embedded/ui'
import { shallowEqual, useLatch, useLatchTranslate, useViewStyles } from '../kit'

/** The approval waiting in the frame (read as plain state, not through the plugin's modules: docs/chunks.md). */
export function selectApproval(state: State): EmbeddedApproval | undefined {
  return (state as { embedded?: { approval?: EmbeddedApproval } }).embedded?.approval
}

/** The layer the modal is drawn in (the theme's `--latch-z-index`), so the frame goes just above it. */
function modalLayer(element: Element): number {
  const value = Number.parseInt(getComputedStyle(element).getPropertyValue('--latch-z-index'), 10)
  return Number.isFinite(value) ? value : 2147483000
}

const approveCss = `
.approve{display:flex;flex-direction:column;gap:10px;padding:4px 0 0}
.approve-note{margin:0;font-size:14px;color:var(--latch-foreground-secondary);text-align:center}
.approve-frame{height:min(360px,60vh);border-radius:var(--latch-radius-item);background:var(--latch-surface);display:grid;place-items:center;font-size:14px;color:var(--latch-foreground-secondary)}
`

/**
 * ApproveTransaction (docs/embedded-wallet.md, "Approvals"): a box the embedded wallet's frame is laid over while a wallet
 * request waits for the visitor in it. The frame's own panel shows the request and its Approve and Reject buttons:
 * the page draws no button that could approve, so a script of the page cannot either. The frame is never moved in the
 * DOM (that would reload it): it follows the box, frame by frame while the view is up, and is hidden again when the
 * view goes. A signing view: closing is blocked while sign-in is required (docs/behaviour.md, "Views").
 */
export default function ApproveTransaction() {
  const t = useLatchTranslate()
  const approval = useLatch(selectApproval, shallowEqual)
  const styles = useViewStyles(approveCss)
  const box = useRef<HTMLDivElement>(null)
  const [shown, setShown] = useState(false)
  const key = approval?.frame

  useLayoutEffect(() => {
    const element = box.current
    const frame = element && key ? findFrame(element.ownerDocument, key) : undefined
    setShown(frame !== undefined)
    if (!element || !frame) return
    const layer = modalLayer(element) + 1
    const radius = getComputedStyle(element).borderTopLeftRadius
    let last = ''
    let next = 0
    // The dialog animates in and the page may scroll or resize: the frame follows the box on every animation frame.
    const follow = () => {
      const { left, top, width, height } = element.getBoundingClientRect()
      const now = `${left} ${top} ${width} ${height}`
      if (now !== last) {
        last = now
        placeFrame(frame, { left, top, width, height, radius }, layer)
      }
      next = requestAnimationFrame(follow)
    }
    follow()
    // The keyboard goes to the frame's panel (its first button is Reject).
    frame.focus({ preventScroll: true })
    return () => {
      cancelAnimationFrame(next)
      hideFrame(frame)
    }
  }, [key])

  return (
    <div ref={styles} className="approve">
      <p className="approve-note">{t('approve.review')}</p>
      <div ref={box} className="approve-frame">
        {shown ? null : t('approve.opening')}
      </div>
    </div>
  )
}
