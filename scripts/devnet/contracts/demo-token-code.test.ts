import { describe, expect, it } from 'vitest'
import { compileDemoToken } from './compile'
import { demoTokenCode } from './demo-token-code'

describe('DemoToken', () => {
  it('the committed runtime code is what solc makes of DemoToken.sol (regenerate: compile.ts --write)', () => {
    expect(compileDemoToken()).toBe(demoTokenCode)
  }, 60_000)
})

describe('DemoAccountFactory', () => {
  it('the committed creation code is what solc makes of DemoSmartAccount.sol (regenerate: compile.ts --write)', async () => {
    const { compileAccountFactory } = await import('./compile')
    const { accountFactoryCode } = await import('./smart-account-code')
    expect(compileAccountFactory()).toBe(accountFactoryCode)
  }, 60_000)
})

describe('DemoUniversalResolver', () => {
  it('the committed creation code is what solc makes of DemoUniversalResolver.sol (regenerate: compile.ts --write)', async () => {
    const { compileUniversalResolver } = await import('./compile')
    const { universalResolverCode } = await import('./universal-resolver-code')
    expect(compileUniversalResolver()).toBe(universalResolverCode)
  }, 60_000)
})

describe('LatchAccountFactory and LatchPaymaster', () => {
  it('the committed creation code is what solc makes of LatchAccount.sol and LatchPaymaster.sol, with their imports from scripts/devnet/node_modules (regenerate: compile.ts --write)', async () => {
    const { compileLatchAccountFactory, compileLatchPaymaster } = await import('./compile')
    const { latchAccountFactoryCode } = await import('./latch-account-code')
    const { latchPaymasterCode } = await import('./latch-paymaster-code')
    expect(compileLatchAccountFactory()).toBe(latchAccountFactoryCode)
    expect(compileLatchPaymaster()).toBe(latchPaymasterCode)
  }, 60_000)
})
