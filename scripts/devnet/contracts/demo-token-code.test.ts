import { describe, expect, it } from 'vitest'
import { compileDemoToken } from './compile'
import { demoTokenCode } from './demo-token-code'

describe('DemoToken', () => {
  it('the committed runtime code is what solc makes of DemoToken.sol (regenerate: compile.ts --write)', () => {
    expect(compileDemoToken()).toBe(demoTokenCode)
  }, 60_000)
})
