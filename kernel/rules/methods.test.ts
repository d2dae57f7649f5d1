import { describe, expect, it } from 'vitest'
import { LatchError } from '../engine/errors'
import { assertMethodAllowed, defaultAllowedMethods, isMethodAllowed, isSafeMethod, isUnsafeMethod, safeMethods, unsafeMethods } from './methods'

describe('safe and unsafe methods (docs/behaviour.md, "Wallet requests")', () => {
  it('reads are safe, signing and sending are unsafe, and no method is both', () => {
    for (const method of ['eth_call', 'eth_getBalance', 'eth_sendRawTransaction', 'wallet_getCapabilities', 'wallet_getCallsStatus']) expect(isSafeMethod(method)).toBe(true)
    for (const method of ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls', 'wallet_grantPermissions', 'wallet_revokePermissions', 'eth_sendUserOperation', 'solana_signMessage']) {
      expect(isUnsafeMethod(method)).toBe(true)
      expect(isSafeMethod(method)).toBe(false)
    }
    expect(safeMethods.filter((m) => (unsafeMethods as readonly string[]).includes(m))).toEqual([])
    // Neither: a prompt that neither reads nor signs.
    expect([isSafeMethod('wallet_switchEthereumChain'), isUnsafeMethod('wallet_switchEthereumChain')]).toEqual([false, false])
  })

  it('allows each family its default methods, and EVM reads', () => {
    for (const method of ['eth_requestAccounts', 'personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_grantPermissions', 'wallet_revokePermissions', 'wallet_sendCalls', 'wallet_getCallsStatus', 'eth_call', 'eth_blockNumber']) {
      expect(isMethodAllowed('eip155', method)).toBe(true)
    }
    expect(defaultAllowedMethods.solana).toEqual(['solana_signMessage', 'solana_signTransaction', 'solana_requestAccounts', 'solana_getAccounts', 'solana_signAllTransactions', 'solana_signAndSendTransaction'])
    expect(defaultAllowedMethods.bip122).toEqual(['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'])
    expect(isMethodAllowed('solana', 'eth_call')).toBe(false)
    expect(isMethodAllowed('eip155', 'eth_getEncryptionPublicKey')).toBe(false)
    expect(isMethodAllowed('eip155', 'anvil_setBalance')).toBe(false)
    expect(isMethodAllowed('eip155', 'anvil_setBalance', ['anvil_setBalance'])).toBe(true)
  })

  it("refuses any other method with RPC_NOT_ALLOWED: 'Action not allowed' for the visitor, 'Requested RPC call is not allowed' for developers", () => {
    expect(() => assertMethodAllowed('eip155', 'personal_sign')).not.toThrow()
    let thrown: unknown
    try {
      assertMethodAllowed('eip155', 'anvil_setBalance')
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(LatchError)
    expect(thrown).toMatchObject({ code: 'RPC_NOT_ALLOWED', shortMessage: 'Action not allowed' })
    expect((thrown as LatchError).details).toMatch(/^Requested RPC call is not allowed: "anvil_setBalance"/)
    expect((thrown as LatchError).message).toContain('Requested RPC call is not allowed')
  })
})
