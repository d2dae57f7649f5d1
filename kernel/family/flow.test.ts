import { lastValueFrom, toArray } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { familyFlow } from './flow'

const flow = (run: Parameters<typeof familyFlow>[1]) => familyFlow('eip155', run)

describe('familyFlow', () => {
  it('emits what the flow emits, in order, then completes', async () => {
    const events = flow(async (emit) => {
      emit({ type: 'modal/closed', payload: {} })
      await Promise.resolve()
      emit({ type: 'toast/closed', payload: {} })
    })
    expect((await lastValueFrom(events.pipe(toArray()))).map((e) => e.type)).toEqual(['modal/closed', 'toast/closed'])
  })

  it('turns an escaped bug into kernel/faulted instead of an error that would stop the plugin', async () => {
    const events = flow(async () => {
      throw new Error('bug')
    })
    expect(await lastValueFrom(events.pipe(toArray()))).toEqual([
      { type: 'kernel/faulted', payload: { source: 'eip155', error: { code: 'EFFECT_FAILED', shortMessage: 'Something went wrong', messageId: 'GENERIC', details: 'bug' } } },
    ])
  })
})
