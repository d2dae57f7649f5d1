import { createPublicClient, encodeFunctionData, http, pad, toHex, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { connect } from '../../kernel/index'
import { getCallsStatus, sendCalls } from './index'
import { anvilAccounts, rpc, setup, useChains } from '../../scripts/testing/eip155-harness'
import { tinyContractAbi, tinyContractBytecode } from '../../scripts/testing/tiny-contract'

const chains = useChains()

/** Deploys creation code straight on anvil (its dev accounts are unlocked); resolves with the address. */
async function deploy(url: string, data: Hex): Promise<Hex> {
  const hash = (await rpc(url, 'eth_sendTransaction', [{ from: anvilAccounts[0], data }])) as Hex
  const receipt = await createPublicClient({ transport: http(url) }).waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return receipt.contractAddress as Hex
}

const set = (value: bigint) => encodeFunctionData({ abi: tinyContractAbi, functionName: 'set', args: [value] })
// Runtime `PUSH1 0 PUSH1 0 REVERT`: every call to it reverts.
const reverter: Hex = '0x6005600c60003960056000f360006000fd'

describe('sendCalls and getCallsStatus (EIP-5792)', () => {
  it('sends a two-call batch that lands in order; getCallsStatus reports it with both receipts', async () => {
    const h = setup(chains)
    const contract = await deploy(chains.a.url, tinyContractBytecode)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    const { id } = await sendCalls(h.latch, { calls: [{ to: contract, data: set(1n) }, { to: contract, data: set(2n), value: 0n }] })
    const sent = h.wallet.calls.find((c) => c.method === 'wallet_sendCalls')!.params[0]
    expect(sent).toMatchObject({ version: '2.0.0', from: anvilAccounts[0], chainId: '0x7a69', atomicRequired: false, calls: [{ to: contract }, { to: contract, value: '0x0' }] })

    const status = await getCallsStatus(h.latch, { id })
    expect(status).toMatchObject({ id, status: 'success', statusCode: 200, atomic: true, chainId: 31337 })
    expect(status.receipts).toHaveLength(2)
    // Each call logged the value it stored: 1 then 2, in blocks that follow each other.
    expect(status.receipts.map((r) => r.logs[0]?.topics[0])).toEqual([pad(toHex(1)), pad(toHex(2))])
    expect(status.receipts.map((r) => r.status)).toEqual(['success', 'success'])
    expect(status.receipts[1]!.blockNumber).toBeGreaterThan(status.receipts[0]!.blockNumber)
    const client = createPublicClient({ transport: http(chains.a.url) })
    expect(await client.readContract({ address: contract, abi: tinyContractAbi, functionName: 'value' })).toBe(2n)
    expect(h.latch.exportLog().events.filter((e) => e.type.startsWith('wallet/rpc')).map((e) => e.type)).toEqual([
      'wallet/rpcRequested',
      'wallet/rpcSucceeded',
      'wallet/rpcRequested',
      'wallet/rpcSucceeded',
    ])
  })

  it('a batch whose second call fails leaves nothing on chain (atomic) and is reported as failed', async () => {
    const h = setup(chains)
    const contract = await deploy(chains.a.url, tinyContractBytecode)
    const failing = await deploy(chains.a.url, reverter)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    await sendCalls(h.latch, { calls: [{ to: contract, data: set(5n) }] })
    const { id } = await sendCalls(h.latch, { calls: [{ to: contract, data: set(7n) }, { to: failing, data: '0x' }], forceAtomic: true })
    expect(await getCallsStatus(h.latch, { id })).toMatchObject({ status: 'failure', statusCode: 400, receipts: [] })
    const client = createPublicClient({ transport: http(chains.a.url) })
    expect(await client.readContract({ address: contract, abi: tinyContractAbi, functionName: 'value' })).toBe(5n)
  })

  it('refuses a malformed call before the wallet sees it, naming the bad field', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    const good = { to: anvilAccounts[1], data: '0x' as Hex }
    const cases: [unknown[], string][] = [
      [[good, { to: 'abc' }], '[0].calls[1].to'],
      [[good, { to: anvilAccounts[1].slice(2) }], '[0].calls[1].to'],
      [[{ to: anvilAccounts[1], data: 'deadbeef' }], '[0].calls[0].data'],
      [[good, good, { data: '0x' }], '[0].calls[2].to'],
      [[], '[0].calls'],
    ]
    for (const [calls, path] of cases) {
      const error = await sendCalls(h.latch, { calls: calls as never }).catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'INVALID_PARAMS', shortMessage: 'Something went wrong' })
      expect((error as { details: string }).details).toContain(`${path}:`)
    }
    expect(h.wallet.methods()).not.toContain('wallet_sendCalls')
    // The refusals are in the log.
    expect(h.latch.exportLog().events.filter((e) => e.type === 'wallet/rpcFailed')).toHaveLength(cases.length)
  })

  it('refuses junk from the wallet with INVALID_RESPONSE, for the batch id and for its status', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    const calls = [{ to: anvilAccounts[1] }]
    for (const junk of [42, '', { id: 7 }, null, ['0x1']]) {
      h.wallet.override('wallet_sendCalls', () => junk)
      await expect(sendCalls(h.latch, { calls })).rejects.toMatchObject({ code: 'INVALID_RESPONSE', shortMessage: 'Something went wrong' })
    }
    h.wallet.override('wallet_sendCalls', () => '0xabc')
    await expect(sendCalls(h.latch, { calls })).resolves.toEqual({ id: '0xabc' }) // EIP-5792 1.0 answered the id itself
    for (const junk of [{ status: 'nope' }, { status: 200, receipts: [{ transactionHash: 'x' }] }, 'done', { status: 99 }]) {
      h.wallet.override('wallet_getCallsStatus', () => junk)
      await expect(getCallsStatus(h.latch, { id: '0xabc' })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
    }
    h.wallet.override('wallet_getCallsStatus', () => ({ status: 'PENDING' }))
    await expect(getCallsStatus(h.latch, { id: '0xabc' })).resolves.toMatchObject({ status: 'pending', statusCode: 100, receipts: [] })
  })
})
