import { describe, expect, it } from 'vitest'
import * as entry from './index'

// The public surface is a test: an accidental export or removal of `latch/wagmi` fails here.
describe('public surface of latch/wagmi', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(entry).sort()).toEqual(['latchConnector'])
    expect(entry.latchConnector.type).toBe('latch')
  })
})
