import { describe, expect, it } from 'vitest'
import { createLatch } from '../../latch'
import { createTestPorts } from '../../testing'

describe('connectors/removed', () => {
  it('removes one family’s connector when a chain is named, every family’s otherwise', () => {
    const latch = createLatch({ ports: createTestPorts().ports })
    const connectors = (['eip155', 'solana'] as const).map((chain) => ({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED' as const, chain }))
    latch.dispatch({ type: 'connectors/discovered', payload: { connectors } })
    latch.dispatch({ type: 'connectors/removed', payload: { ids: ['injected'], chain: 'eip155' } })
    expect(latch.getState().connectors.list.map((c) => c.chain)).toEqual(['solana'])
    latch.dispatch({ type: 'connectors/removed', payload: { ids: ['injected'] } })
    expect(latch.getState().connectors.list).toEqual([])
  })
})
