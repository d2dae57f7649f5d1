import { describe, expect, it } from 'vitest'
import { recoverAddress, slice, type Hex } from 'viem'
import { entryPoint08Address, latchPaymasterAddress } from '../../frame/app/smart-account-contracts'
import { paymasterSigner, paymasterSignerKey } from './account-abstraction'
import { paymasterHash, paymasterRpc, PaymasterRpcError, startPaymasterService } from './paymaster'

// The paymaster service's policy (docs/wallet-service.md, "Bundler and paymaster"), called directly; on-chain acceptance
// of what it signs is scripts/devnet/account-abstraction.test.ts's.

const sender = '0x1111111111111111111111111111111111111111'
const op = (from = sender) => ({
  sender: from,
  nonce: '0x0',
  callData: '0x',
  callGasLimit: '0x186a0',
  verificationGasLimit: '0x30d40',
  preVerificationGas: '0xc350',
  maxFeePerGas: '0x77359400',
  maxPriorityFeePerGas: '0x1',
  paymasterVerificationGasLimit: '0x186a0',
  paymasterPostOpGasLimit: '0x0',
})

async function refusal(promise: Promise<unknown>): Promise<PaymasterRpcError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(PaymasterRpcError)
  return error as PaymasterRpcError
}

describe('the paymaster service', () => {
  it('signs an operation for LatchPaymaster: validUntil an hour ahead, the signer’s raw signature over paymasterHash', async () => {
    const now = 1_800_000_000_000
    const call = paymasterRpc({ chainId: 31337, now: () => now })
    const stub = (await call('pm_getPaymasterStubData', [op(), entryPoint08Address, '0x7a69', {}])) as Record<string, unknown>
    expect(stub).toMatchObject({ paymaster: latchPaymasterAddress, paymasterVerificationGasLimit: '0x186a0', paymasterPostOpGasLimit: '0x0', isFinal: false })
    const { paymaster, paymasterData } = (await call('pm_getPaymasterData', [op(), entryPoint08Address, '0x7a69', {}])) as { paymaster: string; paymasterData: Hex }
    expect(paymaster).toBe(latchPaymasterAddress)
    const validUntil = Number(BigInt(slice(paymasterData, 0, 6)))
    expect(validUntil).toBe(now / 1000 + 3600)
    expect(BigInt(slice(paymasterData, 6, 12))).toBe(0n)
    const hash = paymasterHash(op(), 31337, validUntil, 0)
    expect(await recoverAddress({ hash, signature: slice(paymasterData, 12) })).toBe(paymasterSigner)
  })

  it('refuses another EntryPoint, another chain and malformed operations, saying why', async () => {
    const call = paymasterRpc({ chainId: 31337 })
    const otherEntryPoint = await refusal(call('pm_getPaymasterData', [op(), '0x0000000071727De22E5E9d8BAf0edAc6f37da032', '0x7a69', {}]))
    expect([otherEntryPoint.code, otherEntryPoint.message]).toEqual([-32001, `This paymaster sponsors operations for EntryPoint v0.8 (${entryPoint08Address}) only, not 0x0000000071727De22E5E9d8BAf0edAc6f37da032`])
    expect((await refusal(call('pm_getPaymasterStubData', [op(), entryPoint08Address, '0x1', {}]))).message).toBe('This paymaster sponsors operations on chain 31337 only, not 1')
    const malformed = await refusal(call('pm_getPaymasterData', [{ ...op(), sender: 'me' }, entryPoint08Address, '0x7a69']))
    expect(malformed.code).toBe(-32602)
    expect(malformed.message).toMatch(/^Invalid params: .*sender/s)
    expect((await refusal(call('eth_sendUserOperation', []))).code).toBe(-32601)
  })

  it('signs at most maxOperationsPerHour operations per sender in any hour; others are not held back', async () => {
    let now = 0
    const call = paymasterRpc({ chainId: 31337, maxOperationsPerHour: 2, now: () => now })
    const sign = (from = sender) => call('pm_getPaymasterData', [op(from), entryPoint08Address, '0x7a69', {}])
    await sign()
    now += 1000
    await sign()
    now += 1000
    const error = await refusal(sign())
    expect(error.message).toBe(`The account ${sender} has had its 2 sponsored operations this hour; try again later`)
    // The stub is refused too, so the wallet learns before estimating; another sender is served.
    await refusal(call('pm_getPaymasterStubData', [op(), entryPoint08Address, '0x7a69', {}]))
    await sign('0x2222222222222222222222222222222222222222')
    // An hour after the first, one slot is free again.
    now = 3_600_001
    await sign()
    await refusal(sign())
  })

  it('answers over HTTP on 127.0.0.1 as JSON-RPC, refusals as JSON-RPC errors, with CORS for the frame', async () => {
    const service = await startPaymasterService({ chainId: 31337 })
    try {
      expect(new URL(service.url).hostname).toBe('127.0.0.1')
      const post = (body: string) => fetch(service.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      const refused = await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'pm_getPaymasterData', params: [op(), entryPoint08Address, '0x1', {}] }))
      expect(refused.headers.get('access-control-allow-origin')).toBe('*')
      expect(await refused.json()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32001, message: 'This paymaster sponsors operations on chain 31337 only, not 1' } })
      expect(await (await post('{nope')).json()).toMatchObject({ error: { code: -32700 } })
      const served = (await (await post(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'pm_getPaymasterData', params: [op(), entryPoint08Address, '0x7a69', {}] }))).json()) as { result: { paymasterData: string } }
      expect(served.result.paymasterData).toMatch(/^0x[0-9a-f]{154}$/)
      expect(JSON.stringify(served)).not.toContain(paymasterSignerKey.slice(2))
      expect((await fetch(service.url, { method: 'OPTIONS' })).status).toBe(204)
    } finally {
      await service.stop()
    }
  })
})
