import * as z from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { defineEvent, type EventsOf } from './engine/events'
import { LatchError } from './engine/errors'
import { definePlugin, persisted, type Plugin } from './engine/plugin'
import { replay } from './engine/replay'
import { draftHydrate, drafts } from './immer'
import { createLatch } from './latch'
import { createTestPorts } from './testing'

// docs/plugins.md, "Draft reducers": `latch/immer` turns draft reducers and hydrates into the immutable updates the
// kernel folds; the removed `reduce` field is refused with a clear error.
const counted = defineEvent('counter/counted', z.object({ by: z.number() }))
const counterEvents = [counted] as const
declare module './engine/events' {
  interface EventMap extends EventsOf<typeof counterEvents> {}
}
declare module './core/state' {
  interface SliceMap {
    counter?: { total: number; history: number[]; untouched: { deep: string[] } }
  }
}

const counter = definePlugin({
  name: 'counter',
  events: counterEvents,
  slices: { counter: { total: 0, history: [], untouched: { deep: ['a'] } } },
  update: drafts({
    'counter/counted'(draft, { payload }) {
      if (payload.by === 0) return
      draft.counter!.total += payload.by
      draft.counter!.history.push(payload.by)
    },
    'modal/opened'(draft) {
      draft.counter!.history.push(-1)
    },
  }),
  persist: [
    persisted({
      key: 'counterTotal',
      schema: z.number(),
      read: (state) => state.counter?.total,
      hydrate: draftHydrate((draft, total) => {
        draft.counter!.total = total
      }),
    }),
  ],
})

describe('latch/immer', () => {
  it('drafts(): the change lands frozen, untouched branches are shared, an untouched draft keeps the very state', () => {
    const latch = createLatch({ plugins: [counter], ports: createTestPorts().ports })
    const before = latch.getState()
    latch.dispatch(counted({ by: 2 }))
    const after = latch.getState()
    expect(after.counter).toEqual({ total: 2, history: [2], untouched: { deep: ['a'] } })
    expect(Object.isFrozen(after.counter) && Object.isFrozen(after.counter?.history)).toBe(true)
    expect(after.counter?.untouched).toBe(before.counter?.untouched)
    expect(after.router).toBe(before.router)
    latch.dispatch(counted({ by: 0 }))
    expect(latch.getState()).toBe(after)
    // A core event the plugin also reduces: the core's update and the plugin's draft both apply, in plugin name order.
    latch.dispatch({ type: 'modal/opened', payload: {} })
    expect(latch.getState().router.open).toBe(true)
    expect(latch.getState().counter?.history).toEqual([2, -1])
  })

  it('draftHydrate(): a stored value enters state through storage/hydrated, and replay reproduces it', () => {
    const t = createTestPorts({ storage: { '@latch/counterTotal': '7' } })
    const latch = createLatch({ plugins: [counter], ports: t.ports })
    expect(latch.getState().counter?.total).toBe(7)
    expect(Object.isFrozen(latch.getState().counter)).toBe(true)
    const replayed = replay([counter], latch.exportLog())
    expect(replayed.final.counter?.total).toBe(7)
  })

  it('a plugin with the removed reduce field is refused with INVALID_OPTIONS naming it and the way out', () => {
    const old = { name: 'old', reduce: { 'modal/opened'() {} } } as unknown as Plugin
    let thrown: unknown
    try {
      createLatch({ plugins: [old], ports: createTestPorts().ports })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(LatchError)
    expect((thrown as LatchError).code).toBe('INVALID_OPTIONS')
    expect((thrown as LatchError).details).toMatch(/plugin "old" has `reduce`, which is gone: .*drafts\(\{ … \}\)` of `latch\/immer`/)
    // @ts-expect-error the type of the removed field is its message
    definePlugin({ name: 'typed', reduce: { 'modal/opened'() {} } })
  })
})
