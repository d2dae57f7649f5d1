/** Browser checks, read when called (never at import) so server rendering stays safe. */

import { useEffect, useLayoutEffect, type DependencyList, type EffectCallback } from 'react'

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

/**
 * `useLayoutEffect` in a browser, `useEffect` on a server (where neither runs): React 18 warns for
 * every layout effect rendered on a server, React 19 does not. Decided per call, never at import.
 */
export function useBrowserLayoutEffect(effect: EffectCallback, deps: DependencyList): void {
  // The same branch on every render of one environment, so the rules of hooks hold.
  ;(typeof document === 'undefined' ? useEffect : useLayoutEffect)(effect, deps)
}
