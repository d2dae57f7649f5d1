/**
 * View history (network-switch routing and the close guard are kernel/rules/view-guards.ts). History is a stack of
 * views, top last; every verb keeps it non-empty when given a non-empty history, and none makes it longer
 * than `maxHistory`.
 */
import type { View } from '../types'

/**
 * Most views the history holds. A visitor never goes 32 views deep on purpose; the bound keeps a
 * push O(1) (a bounded copy) and the state small, however many pushes a session or a log holds.
 */
export const maxHistory = 32

/** The view currently shown (top of the history), if any. */
export function currentView(history: readonly View[]): View | undefined {
  return history[history.length - 1]
}

/**
 * Pushes a view. Pushing the view already on top (same name) does not stack a duplicate: the top is
 * replaced (so its payload is refreshed), and the history is returned unchanged when the views are equal.
 * A full history (`maxHistory` views) drops its oldest entry above the bottom one: the bottom view, the
 * one the modal opened on, stays, so going back all the way still ends there before the modal closes.
 */
export function pushView(history: readonly View[], view: View): readonly View[] {
  const top = currentView(history)
  if (top && top.name === view.name) return replaceView(history, view)
  if (history.length < maxHistory) return [...history, view]
  return [history[0] as View, ...history.slice(history.length - (maxHistory - 2)), view]
}

/** Replaces the top view, or pushes when the history is empty; unchanged when the top equals `view`. */
export function replaceView(history: readonly View[], view: View): readonly View[] {
  const top = currentView(history)
  if (!top) return [view]
  if (sameView(top, view)) return history
  return [...history.slice(0, -1), view]
}

/** Starts a fresh history with one view. */
export function resetView(view: View): readonly View[] {
  return [view]
}

/**
 * Goes back. While connected the visitor never lands on Connect: going back from Connect replaces it with
 * Account (or just pops it when Account is right below), and popping onto a Connect entry shows Account the
 * same way. Otherwise the top is popped; with one view (or none) left the modal closes, history unchanged.
 * Going back never makes the history longer.
 */
export function goBack(
  history: readonly View[],
  opts: { connected: boolean },
): { history: readonly View[]; close: boolean } {
  const top = currentView(history)
  if (!top) return { history, close: true }
  if (opts.connected && top.name === 'Connect') return { history: connectToAccount(history), close: false }
  if (history.length === 1) return { history, close: true }
  const popped = history.slice(0, -1)
  const below = currentView(popped)
  if (opts.connected && below?.name === 'Connect') return { history: connectToAccount(popped), close: false }
  return { history: popped, close: false }
}

/** The top entry is Connect: drop it and show Account (reusing an Account entry right below). */
function connectToAccount(history: readonly View[]): readonly View[] {
  const rest = history.slice(0, -1)
  return currentView(rest)?.name === 'Account' ? rest : [...rest, { name: 'Account' }]
}

function sameView(a: View, b: View): boolean {
  if (a === b) return true
  if (a.name !== b.name) return false
  if (a.payload === b.payload) return true
  if (!a.payload || !b.payload) return false
  const aKeys = Object.keys(a.payload)
  const bKeys = Object.keys(b.payload)
  return aKeys.length === bKeys.length && aKeys.every((key) => Object.is(a.payload?.[key], b.payload?.[key]))
}
