import { describe, it, expect } from 'vitest'
import type { View } from '../types'
import { currentView, goBack, maxHistory, pushView, replaceView, resetView } from './router'
import { canClose, isSigningView, selectSwitchNetworkView, type SwitchNetworkRoutingInput } from './view-guards'

const v = (name: View['name'], payload?: View['payload']): View => (payload ? { name, payload } : { name })

describe('pushView / replaceView / resetView', () => {
  it('pushes on top', () => {
    expect(pushView([v('Connect')], v('AllWallets'))).toEqual([v('Connect'), v('AllWallets')])
  })
  it('does not stack the view already on top, but refreshes its payload', () => {
    const history = [v('Connect'), v('SwitchNetwork', { id: 1 })]
    expect(pushView(history, v('SwitchNetwork', { id: 1 }))).toBe(history)
    expect(pushView(history, v('SwitchNetwork', { id: 2 }))).toEqual([v('Connect'), v('SwitchNetwork', { id: 2 })])
  })
  it('replaces the top, or pushes on an empty history', () => {
    expect(replaceView([v('Connect'), v('AllWallets')], v('Account'))).toEqual([v('Connect'), v('Account')])
    expect(replaceView([], v('Account'))).toEqual([v('Account')])
  })
  it('resets to one view', () => {
    expect(resetView(v('Connect'))).toEqual([v('Connect')])
  })
  it('reads the current view', () => {
    expect(currentView([v('Connect'), v('Account')])).toEqual(v('Account'))
    expect(currentView([])).toBeUndefined()
  })
})

describe('history bound', () => {
  it('keeps the history within maxHistory over 100,000 pushes', () => {
    let history: readonly View[] = [v('Connect')]
    let longest = history.length
    for (let i = 0; i < 100_000; i++) {
      history = pushView(history, i % 2 ? v('Networks', { i }) : v('AllWallets', { i }))
      longest = Math.max(longest, history.length)
      if (history.length > maxHistory) break // unbounded: stop before it gets slow
    }
    expect(longest).toBeLessThanOrEqual(maxHistory)
    expect(history[0]).toEqual(v('Connect'))
    expect(currentView(history)).toEqual(v('Networks', { i: 99_999 }))
  })

  it('when full, drops the oldest entry above the bottom: the bottom, the view the modal opened on, stays', () => {
    const full = [v('Account'), ...Array.from({ length: maxHistory - 1 }, (_, i) => v(i % 2 ? 'Networks' : 'AllWallets', { i }))]
    const pushed = pushView(full, v('Send'))
    expect(pushed).toHaveLength(maxHistory)
    expect(pushed).toEqual([v('Account'), ...full.slice(2), v('Send')])
    // Going back all the way still ends on the bottom view, and the next step closes.
    let history: readonly View[] = pushed
    for (let i = 1; i < maxHistory; i++) {
      const back = goBack(history, { connected: true })
      expect(back.close).toBe(false)
      history = back.history
    }
    expect(history).toEqual([v('Account')])
    expect(goBack(history, { connected: true })).toEqual({ history, close: true })
  })

  it('never grows past the bound, even from a longer history', () => {
    const long = Array.from({ length: maxHistory + 5 }, (_, i) => v(i % 2 ? 'Networks' : 'AllWallets', { i }))
    const pushed = pushView(long, v('Send'))
    expect(pushed).toHaveLength(maxHistory)
    expect(pushed[0]).toBe(long[0])
    expect(currentView(pushed)).toEqual(v('Send'))
  })
})

describe('goBack', () => {
  it('pops the top', () => {
    expect(goBack([v('Connect'), v('AllWallets')], { connected: false })).toEqual({ history: [v('Connect')], close: false })
  })
  it('closes with one view left, history unchanged', () => {
    const history = [v('Connect')]
    const result = goBack(history, { connected: false })
    expect(result.close).toBe(true)
    expect(result.history).toBe(history)
  })
  it('shows Account when going back from Connect while connected', () => {
    expect(goBack([v('Connect')], { connected: true })).toEqual({ history: [v('Account')], close: false })
    expect(goBack([v('Networks'), v('Connect')], { connected: true })).toEqual({
      history: [v('Networks'), v('Account')],
      close: false,
    })
    expect(goBack([v('Account'), v('Connect')], { connected: true })).toEqual({ history: [v('Account')], close: false })
  })
  it('shows Account instead of landing on Connect while connected', () => {
    expect(goBack([v('Connect'), v('AllWallets')], { connected: true })).toEqual({ history: [v('Account')], close: false })
    expect(goBack([v('Account'), v('Connect'), v('AllWallets')], { connected: true })).toEqual({
      history: [v('Account')],
      close: false,
    })
  })
  it('closes on an empty history', () => {
    expect(goBack([], { connected: true })).toEqual({ history: [], close: true })
  })
})

describe('selectSwitchNetworkView', () => {
  const base: SwitchNetworkRoutingInput = {
    skipConfirmation: false,
    activeConnectorIsAuth: false,
    authSupportsTarget: false,
    connectedOnCurrentFamily: true,
    targetNamespace: 'solana',
    currentNamespace: 'eip155',
    connectedOnTargetFamily: false,
  }
  it('confirms on SwitchNetwork for the embedded wallet supporting the target (first rule wins)', () => {
    expect(selectSwitchNetworkView({ ...base, activeConnectorIsAuth: true, authSupportsTarget: true })).toBe('SwitchNetwork')
  })
  it('goes to SwitchActiveChain across families with no account on the target family', () => {
    expect(selectSwitchNetworkView(base)).toBe('SwitchActiveChain')
    expect(selectSwitchNetworkView({ ...base, activeConnectorIsAuth: true, authSupportsTarget: true, skipConfirmation: true })).toBe(
      'SwitchActiveChain',
    )
    expect(selectSwitchNetworkView({ ...base, activeConnectorIsAuth: true, authSupportsTarget: false })).toBe('SwitchActiveChain')
  })
  it('otherwise goes to SwitchNetwork', () => {
    expect(selectSwitchNetworkView({ ...base, targetNamespace: 'eip155' })).toBe('SwitchNetwork')
    expect(selectSwitchNetworkView({ ...base, connectedOnTargetFamily: true })).toBe('SwitchNetwork')
    expect(selectSwitchNetworkView({ ...base, connectedOnCurrentFamily: false })).toBe('SwitchNetwork')
  })
})

describe('isSigningView / canClose', () => {
  it('recognises the signing views', () => {
    expect(isSigningView('SIWXSignMessage')).toBe(true)
    expect(isSigningView('ApproveTransaction')).toBe(true)
    expect(isSigningView('Account')).toBe(false)
  })
  it('blocks closing only in signing views with required sign-in and no session', () => {
    expect(canClose({ view: 'SIWXSignMessage', siwxRequired: true, hasSession: false })).toBe(false)
    expect(canClose({ view: 'ApproveTransaction', siwxRequired: true, hasSession: false })).toBe(false)
    expect(canClose({ view: 'SIWXSignMessage', siwxRequired: false, hasSession: false })).toBe(true)
    expect(canClose({ view: 'SIWXSignMessage', siwxRequired: true, hasSession: true })).toBe(true)
    expect(canClose({ view: 'Account', siwxRequired: true, hasSession: false })).toBe(true)
  })
})
