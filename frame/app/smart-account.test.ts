import { describe, expect, it } from 'vitest'
import { pad, type Hex } from 'viem'
import { callTimeLimitMs, SmartAccountError, smartAccounts } from './smart-account'

// frame/app/smart-account.ts against a fake node, bundler and paymaster (the real ones: scripts/devnet/account-abstraction.test.ts).
// Time is virtual: the library's only clock is the injected `sleep`.

const owner = '0x00000000000000000000000000000000000000AA' as Hex
const account = '0x1111111111111111111111111111111111111111' as Hex
const userOpHash = `0x${'ab'.repeat(32)}` as Hex
const urls = { node: 'http://node.test', bundler: 'http://bundler.test', paymaster: 'http://paymaster.test' }

type Answer = { result: unknown } | { error: { code: number; message: string } } | 'hang' | 'not json'
type Routes = Partial<Record<string, () => Answer>>

/** A fake fetch answering JSON-RPC by method, counting calls per method. */
function fakeNetwork(overrides: Routes = {}) {
  const calls: Record<string, number> = {}
  const routes: Routes = {
    eth_call: () => ({ result: pad(account, { size: 32 }) }),
    eth_getCode: () => ({ result: '0x' }),
    eth_getBlockByNumber: () => ({ result: { baseFeePerGas: '0x3b9aca00' } }),
    eth_maxPriorityFeePerGas: () => ({ result: '0x1' }),
    pm_getPaymasterStubData: () => ({ result: { paymaster: `0x${'22'.repeat(20)}`, paymasterData: '0x00', paymasterVerificationGasLimit: '0x186a0', paymasterPostOpGasLimit: '0x0' } }),
    pm_getPaymasterData: () => ({ result: { paymaster: `0x${'22'.repeat(20)}`, paymasterData: '0x01' } }),
    eth_estimateUserOperationGas: () => ({ result: { preVerificationGas: '0xc350', verificationGasLimit: '0x30d40', callGasLimit: '0x186a0' } }),
    eth_sendUserOperation: () => ({ result: userOpHash }),
    eth_getUserOperationReceipt: () => ({ result: null }),
    ...overrides,
  }
  const fetch = (async (_url: string, init: RequestInit) => {
    const { method } = JSON.parse(init.body as string) as { method: string }
    calls[method] = (calls[method] ?? 0) + 1
    const answer = routes[method]?.() ?? { error: { code: -32601, message: `no ${method}` } }
    // Hangs as a real fetch does: until its signal aborts.
    if (answer === 'hang') return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
    if (answer === 'not json') return new Response('<html>oops</html>', { status: 502 })
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, ...answer }), { headers: { 'content-type': 'application/json' } })
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

/** Virtual time: sleeps resolve only when the test advances the clock past them. */
function virtualClock() {
  let now = 0
  const timers = new Set<{ at: number; resolve(): void }>()
  const sleep = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const timer = { at: now + ms, resolve }
      timers.add(timer)
      signal.addEventListener('abort', () => (timers.delete(timer), reject(signal.reason)), { once: true })
    })
  const settle = () => new Promise((resolve) => setImmediate(resolve))
  return {
    sleep,
    async advance(ms: number) {
      const target = now + ms
      await settle()
      for (;;) {
        const next = [...timers].filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0]
        if (!next) break
        timers.delete(next)
        now = next.at
        next.resolve()
        await settle()
      }
      now = target
      await settle()
    },
  }
}

function setup(overrides: Routes = {}, paymaster = true) {
  const network = fakeNetwork(overrides)
  const clock = virtualClock()
  const accounts = smartAccounts({
    networks: { 31337: { bundlerUrl: urls.bundler, ...(paymaster ? { paymasterUrl: urls.paymaster } : {}) } },
    rpcUrl: (chainId) => (chainId === 31337 ? urls.node : undefined),
    fetch: network.fetch,
    sleep: clock.sleep,
  })
  return { accounts, calls: network.calls, clock }
}

const call = { to: `0x${'33'.repeat(20)}` as Hex, value: 1n, data: '0x' as Hex }
const signature = `0x${'55'.repeat(65)}` as Hex

async function rejection(promise: Promise<unknown>): Promise<SmartAccountError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SmartAccountError)
  return error as SmartAccountError
}

describe('smartAccounts', () => {
  it('names the networks with a bundler, and those whose operations a paymaster pays for', () => {
    expect(setup().accounts).toMatchObject({ enabled: [31337], paymasterChains: [31337] })
    expect(setup({}, false).accounts).toMatchObject({ enabled: [31337], paymasterChains: [] })
  })

  it('prepares one sponsored operation: the stub, the bundler estimate, then the paymaster data, and nothing is sent', async () => {
    const { accounts, calls } = setup()
    expect(accounts.enabled).toEqual([31337])
    const prepared = await accounts.prepare(31337, owner, [call, call])
    expect(prepared).toMatchObject({ chainId: 31337, sender: account, sponsored: true })
    expect(prepared.hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(prepared.userOperation).toMatchObject({ factory: expect.any(String), paymasterData: '0x01', callGasLimit: 100_000n })
    expect(calls).toMatchObject({ pm_getPaymasterStubData: 1, eth_estimateUserOperationGas: 1, pm_getPaymasterData: 1 })
    expect(calls.eth_sendUserOperation).toBeUndefined()
    // execute for one call, executeBatch for more, as viem's ABI encoder makes them.
    const { encodeFunctionData } = await import('viem')
    const { latchAccountAbi, latchAccountFactoryAbi } = await import('./smart-account-contracts')
    const batch = encodeFunctionData({ abi: latchAccountAbi, functionName: 'executeBatch', args: [[call, call].map((c) => ({ target: c.to, value: c.value, data: c.data }))] })
    expect(prepared.userOperation).toMatchObject({ callData: batch, factoryData: encodeFunctionData({ abi: latchAccountFactoryAbi, functionName: 'createAccount', args: [owner, 0n] }) })
    const single = await accounts.prepare(31337, owner, [call])
    expect(single.userOperation).toMatchObject({ callData: encodeFunctionData({ abi: latchAccountAbi, functionName: 'execute', args: [call.to, call.value, call.data] }) })
  })

  it('a bundler that rejects the operation: a clear error, sent once', async () => {
    const { accounts, calls } = setup({ eth_sendUserOperation: () => ({ error: { code: -32500, message: "AA21 didn't pay prefund" } }) })
    const prepared = await accounts.prepare(31337, owner, [call])
    const error = await rejection(accounts.submit(prepared, signature))
    expect([error.code, error.message]).toEqual(['bundler-rejected', "The bundler refused the operation: AA21 didn't pay prefund"])
    expect(calls.eth_sendUserOperation).toBe(1)
  })

  it('a bundler that hangs: "did not answer" after 20 s of virtual time, not before, sent once', async () => {
    const { accounts, calls, clock } = setup({ eth_sendUserOperation: () => 'hang' })
    const prepared = await accounts.prepare(31337, owner, [call])
    let settled = false
    const submitted = accounts.submit(prepared, signature).finally(() => (settled = true))
    submitted.catch(() => undefined)
    await clock.advance(callTimeLimitMs - 1)
    expect(settled).toBe(false)
    await clock.advance(1)
    const error = await rejection(submitted)
    expect([error.code, error.message]).toEqual(['timeout', 'The bundler did not answer'])
    expect(calls.eth_sendUserOperation).toBe(1)
  })

  it('a bundler that answers junk: a clear error, sent once', async () => {
    for (const junk of [{ result: 'accepted!' }, 'not json' as const, { result: { userOpHash } }]) {
      const { accounts, calls } = setup({ eth_sendUserOperation: () => junk })
      const prepared = await accounts.prepare(31337, owner, [call])
      const error = await rejection(accounts.submit(prepared, signature))
      expect([error.code, error.message]).toEqual(['bundler-junk', 'The bundler answered something that is not a user operation hash'])
      expect(calls.eth_sendUserOperation).toBe(1)
    }
  })

  it('a bundler whose gas estimate is junk or hangs: a clear error while preparing, nothing sent', async () => {
    const junk = setup({ eth_estimateUserOperationGas: () => ({ result: { callGasLimit: 'lots' } }) })
    expect((await rejection(junk.accounts.prepare(31337, owner, [call]))).message).toBe('The bundler answered something that is not a gas estimate')
    const hung = setup({ eth_estimateUserOperationGas: () => 'hang' })
    const preparing = hung.accounts.prepare(31337, owner, [call])
    preparing.catch(() => undefined)
    await hung.clock.advance(callTimeLimitMs)
    expect((await rejection(preparing)).message).toBe('The bundler did not answer')
    expect([junk.calls.eth_sendUserOperation, hung.calls.eth_sendUserOperation]).toEqual([undefined, undefined])
  })

  it("the caller's signal cancels a call in flight: 'cancelled', not 'could not be reached'", async () => {
    const { accounts, calls } = setup({ eth_estimateUserOperationGas: () => 'hang' })
    const controller = new AbortController()
    const preparing = accounts.prepare(31337, owner, [call], controller.signal)
    preparing.catch(() => undefined)
    await new Promise((resolve) => setImmediate(resolve))
    expect(calls.eth_estimateUserOperationGas).toBe(1)
    controller.abort()
    const error = await rejection(preparing)
    expect([error.code, error.message]).toEqual(['aborted', 'The request was cancelled'])
  })

  it('a paymaster that refuses: a clear error while preparing, nothing sent', async () => {
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
      const { accounts, calls } = setup({ [method]: () => ({ error: { code: -32001, message: 'The account has had its 20 sponsored operations this hour' } }) })
      const error = await rejection(accounts.prepare(31337, owner, [call]))
      expect([error.code, error.message]).toEqual(['paymaster-refused', 'The paymaster refused to pay for this operation: The account has had its 20 sponsored operations this hour'])
      expect(calls.eth_sendUserOperation).toBeUndefined()
    }
  })

  it('without a paymaster the operation is not sponsored and no paymaster is asked', async () => {
    const { accounts, calls } = setup({}, false)
    const prepared = await accounts.prepare(31337, owner, [call])
    expect(prepared.sponsored).toBe(false)
    expect(prepared.userOperation).not.toHaveProperty('paymaster')
    expect(calls.pm_getPaymasterStubData).toBeUndefined()
  })

  it('refuses chains without a bundler and operations without calls', async () => {
    const { accounts } = setup()
    expect((await rejection(accounts.address(1, owner))).code).toBe('not-enabled')
    expect((await rejection(accounts.prepare(31337, owner, []))).code).toBe('no-calls')
    const bare = setup({ eth_call: () => ({ result: '0x' }) })
    expect((await rejection(bare.accounts.address(31337, owner))).message).toBe('The smart account factory is not deployed on chain 31337')
  })

  it('status: pending while the bundler has no receipt, then included; waitForInclusion polls every second and gives up at its time-out', async () => {
    let receipt: unknown = null
    const { accounts, clock, calls } = setup({ eth_getUserOperationReceipt: () => ({ result: receipt }) })
    expect(await accounts.status(31337, userOpHash)).toEqual({ status: 'pending' })
    const waiting = accounts.waitForInclusion(31337, userOpHash, { timeoutMs: 5000 })
    waiting.catch(() => undefined)
    await clock.advance(5000)
    const error = await rejection(waiting)
    expect(error.code).toBe('not-included')
    expect(calls.eth_getUserOperationReceipt).toBe(1 + 6)
    const tx = `0x${'cd'.repeat(32)}`
    receipt = { success: true, receipt: { transactionHash: tx, blockHash: tx, blockNumber: '0x5', gasUsed: '0x100', status: '0x1', logs: [] } }
    expect(await accounts.waitForInclusion(31337, userOpHash)).toEqual({
      status: 'included',
      success: true,
      transactionHash: tx,
      receipts: [{ transactionHash: tx, blockHash: tx, blockNumber: '0x5', gasUsed: '0x100', status: '0x1', logs: [] }],
    })
  })

  it('waitForInclusion stops when its signal aborts', async () => {
    const { accounts, clock } = setup()
    const controller = new AbortController()
    const waiting = accounts.waitForInclusion(31337, userOpHash, { signal: controller.signal })
    waiting.catch(() => undefined)
    await clock.advance(2000)
    controller.abort()
    expect((await rejection(waiting)).code).toBe('aborted')
  })

  it('signable: the EIP-712 wrapper digest; ERC-6492-wrapped before deployment, the owner signature as is after', async () => {
    let code = '0x'
    const { accounts } = setup({ eth_getCode: () => ({ result: code }) })
    const before = await accounts.signable(31337, owner, userOpHash)
    expect(before.digest).toMatch(/^0x[0-9a-f]{64}$/)
    expect(before.finish(signature).endsWith('6492'.repeat(16))).toBe(true)
    code = '0x6000'
    const after = await accounts.signable(31337, owner, userOpHash)
    expect(after.digest).toBe(before.digest)
    expect(after.finish(signature)).toBe(signature)
  })
})

describe('the selectors the frame encodes with', () => {
  it('are those of the ABI fragments', async () => {
    const { toFunctionSelector } = await import('viem')
    const { entryPoint08Abi, latchAccountAbi, latchAccountFactoryAbi, selectors } = await import('./smart-account-contracts')
    const fragments = [...latchAccountFactoryAbi, ...latchAccountAbi, ...entryPoint08Abi]
    expect(Object.fromEntries(fragments.map((item) => [item.name, toFunctionSelector(item)]))).toEqual(selectors)
  })
})
