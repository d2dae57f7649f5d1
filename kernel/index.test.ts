import { describe, expect, it } from 'vitest'
import * as latch from './index'
import * as testing from './testing'
import * as rules from './rules/index'

// The public surface is a test: an accidental export or removal fails here (wagmi's exports test is the model).
describe('public API of "."', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(latch).sort()).toMatchSnapshot()
  })
})

describe('public API of "./rules"', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(rules).sort()).toMatchSnapshot()
  })
})

describe('public API of "./testing"', () => {
  it('exports exactly these names', () => {
    expect(Object.keys(testing).sort()).toEqual(['createTestNetwork', 'createTestPorts'])
  })
})
