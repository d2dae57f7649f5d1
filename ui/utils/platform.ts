/** Browser checks, read when called (never at import) so server rendering stays safe. */

/** True on phones and tablets: the user-agent client hint when present, else the user-agent string. */
export function isMobile(): boolean {
  if (typeof navigator === 'undefined') return false
  const hint = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile
  if (typeof hint === 'boolean') return hint
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(navigator.userAgent)
}

/** True when the visitor asked the system for reduced motion. */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
}

/** Runs `task` when the browser is idle (requestIdleCallback, else a short timeout); returns a cancel function. */
export function whenIdle(task: () => void, timeout = 1_500): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout })
    return () => cancelIdleCallback(handle)
  }
  const handle = setTimeout(task, 1)
  return () => clearTimeout(handle)
}
