import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { viewNames, type View } from '../kernel/types'
import { currentView, goBack, maxHistory, pushView, replaceView, resetView } from '../kernel/rules/router'
import { canClose, isSigningView, selectSwitchNetworkView } from '../kernel/rules/view-guards'

const runs = { numRuns: 1000 }

/** Freezes a value and everything reachable from it. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  }
  return value
}

const nameArb = fc.oneof(fc.constantFrom('Connect' as const, 'Account' as const), fc.constantFrom(...viewNames))
const viewArb: fc.Arbitrary<View> = fc.record(
  { name: nameArb, payload: fc.dictionary(fc.constantFrom('a', 'b'), fc.integer({ min: 0, max: 2 }), { maxKeys: 2 }) },
  { requiredKeys: ['name'] },
)
const historyArb = fc.array(viewArb, { minLength: 1, maxLength: 8 })

type Op =
  | { kind: 'push'; view: View }
  | { kind: 'replace'; view: View }
  | { kind: 'back'; connected: boolean }
  | { kind: 'reset'; view: View }
const opArb: fc.Arbitrary<Op> = fc.oneof(
  viewArb.map((view) => ({ kind: 'push' as const, view })),
  viewArb.map((view) => ({ kind: 'replace' as const, view })),
  fc.boolean().map((connected) => ({ kind: 'back' as const, connected })),
  viewArb.map((view) => ({ kind: 'reset' as const, view })),
)

function apply(history: readonly View[], op: Op): readonly View[] {
  switch (op.kind) {
    case 'push':
      return pushView(history, op.view)
    case 'replace':
      return replaceView(history, op.view)
    case 'back':
      return goBack(history, { connected: op.connected }).history
    case 'reset':
      return resetView(op.view)
  }
}

/** Router events, mostly pushes and rarely a reset, so that long sequences fill the history. */
const routerOpArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 40, arbitrary: viewArb.map((view) => ({ kind: 'push' as const, view })) },
  { weight: 3, arbitrary: viewArb.map((view) => ({ kind: 'replace' as const, view })) },
  { weight: 10, arbitrary: fc.boolean().map((connected) => ({ kind: 'back' as const, connected })) },
  { weight: 1, arbitrary: viewArb.map((view) => ({ kind: 'reset' as const, view })) },
)
const startArb = fc.array(viewArb, { minLength: 1, maxLength: maxHistory, size: 'max' })
const routerOpsArb = fc.array(routerOpArb, { maxLength: 100, size: 'max' })

/** What a push onto `history` must give back after one goBack: `history`, less its oldest entry above the bottom when it was full. */
function afterPushAndBack(history: readonly View[]): readonly View[] {
  return history.length < maxHistory ? history : [history[0] as View, ...history.slice(history.length - maxHistory + 2)]
}

describe('router (properties)', () => {
  it('for any sequence of router events the history stays within 1…maxHistory, and goBack keeps its rules', () => {
    fc.assert(
      fc.property(startArb, routerOpsArb, (start, ops) => {
        deepFreeze(start)
        deepFreeze(ops)
        let history: readonly View[] = start
        for (const op of ops) {
          const next = apply(history, op)
          expect(next.length).toBeGreaterThanOrEqual(1)
          expect(next.length).toBeLessThanOrEqual(maxHistory)
          const top = currentView(history) as View
          if (op.kind === 'push' && top.name !== op.view.name) {
            // The bottom (the view the modal opened on) is kept; the view is on top; one goBack undoes the push.
            expect(next[0]).toBe(history[0])
            expect(currentView(next)).toBe(op.view)
            const back = goBack(next, { connected: false })
            expect(back.close).toBe(false)
            expect(back.history).toEqual(afterPushAndBack(history))
          }
          if (op.kind === 'back') {
            const { close } = goBack(history, { connected: op.connected })
            // Never lands on Connect while connected; closes (history unchanged) only from a single view.
            if (op.connected) expect(currentView(next)?.name).not.toBe('Connect')
            expect(close).toBe(history.length === 1 && !(op.connected && top.name === 'Connect'))
            if (close) expect(next).toBe(history)
            else if (!op.connected) expect(next).toEqual(history.slice(0, -1))
            expect(next.length).toBeLessThanOrEqual(history.length)
          }
          history = next
        }
      }),
      runs,
    )
  })


  it('push then goBack returns to the previous history', () => {
    fc.assert(
      fc.property(historyArb, viewArb, fc.boolean(), (history, view, connected) => {
        const top = currentView(history)
        fc.pre(top !== undefined && top.name !== view.name)
        fc.pre(!connected || (top.name !== 'Connect' && view.name !== 'Connect'))
        deepFreeze(history)
        deepFreeze(view)
        const result = goBack(pushView(history, view), { connected })
        expect(result.close).toBe(false)
        expect(result.history).toEqual(history)
      }),
      runs,
    )
  })

  it('goBack on a single view closes and leaves the history unchanged', () => {
    fc.assert(
      fc.property(viewArb, fc.boolean(), (view, connected) => {
        fc.pre(!(connected && view.name === 'Connect'))
        const history = deepFreeze([view])
        const result = goBack(history, { connected })
        expect(result.close).toBe(true)
        expect(result.history).toBe(history)
      }),
      runs,
    )
  })

  it('while connected, goBack never lands on Connect', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const result = goBack(deepFreeze(history), { connected: true })
        expect(currentView(result.history)?.name).not.toBe('Connect')
        if (result.close) expect(result.history).toBe(history)
      }),
      runs,
    )
  })

  it('reset yields exactly one view', () => {
    fc.assert(
      fc.property(viewArb, (view) => {
        expect(resetView(deepFreeze(view))).toEqual([view])
      }),
      runs,
    )
  })

  it('the history is never empty and inputs are never mutated', () => {
    fc.assert(
      fc.property(historyArb, fc.array(opArb, { maxLength: 20 }), (start, ops) => {
        const snapshot = structuredClone({ start, ops })
        deepFreeze(start)
        deepFreeze(ops)
        let history: readonly View[] = start
        for (const op of ops) {
          history = apply(history, op)
          expect(history.length).toBeGreaterThan(0)
        }
        expect({ start, ops }).toEqual(snapshot)
      }),
      runs,
    )
  })

  it('switch routing: SwitchActiveChain only across families, never for a confirmed embedded-wallet switch', () => {
    const ns = fc.constantFrom('eip155' as const, 'solana' as const, 'bip122' as const)
    fc.assert(
      fc.property(
        fc.record({
          skipConfirmation: fc.boolean(),
          activeConnectorIsAuth: fc.boolean(),
          authSupportsTarget: fc.boolean(),
          connectedOnCurrentFamily: fc.boolean(),
          targetNamespace: ns,
          currentNamespace: fc.option(ns, { nil: undefined }),
          connectedOnTargetFamily: fc.boolean(),
        }),
        (input) => {
          const view = selectSwitchNetworkView(input)
          if (view === 'SwitchActiveChain') {
            expect(input.targetNamespace).not.toBe(input.currentNamespace)
            expect(input.connectedOnCurrentFamily && !input.connectedOnTargetFamily).toBe(true)
          }
          if (!input.skipConfirmation && input.activeConnectorIsAuth && input.authSupportsTarget) expect(view).toBe('SwitchNetwork')
        },
      ),
      runs,
    )
  })

  it('closing is refused only in signing views with required sign-in and no session', () => {
    fc.assert(
      fc.property(fc.constantFrom(...viewNames), fc.boolean(), fc.boolean(), (view, siwxRequired, hasSession) => {
        expect(canClose({ view, siwxRequired, hasSession })).toBe(!(isSigningView(view) && siwxRequired && !hasSession))
      }),
      runs,
    )
  })
})
