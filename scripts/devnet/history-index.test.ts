import { encodeFunctionData, erc20Abi, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anvilAccounts, startAnvil, type Anvil } from './anvil'
import { startApiServer, type ApiServer } from './api-server'
import { demoHistory, forwarderAddress, historyDays, makeDemoHistory } from './demo-history'
import { historyPageSize, type HistoryTransaction } from './history-index'
import { demoTokens, installDemoContracts } from './tokens'

// docs/behaviour.md, "Provider API" (the history route) and "Activity": the local indexer over a real anvil.

const [me, alice, bob] = anvilAccounts
type Page = { data: HistoryTransaction[]; next: string | null }

describe('the local provider API: GET /v1/account/{address}/history', () => {
  let anvil: Anvil
  let api: ApiServer
  const rpc = async (method: string, params: unknown[] = []) => {
    const response = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
    const json = (await response.json()) as { result?: unknown; error?: { message: string } }
    if (json.error) throw new Error(json.error.message)
    return json.result
  }
  /** Sends and waits until it is mined. */
  const send = async (from: string, to: string, extra: Record<string, string> = {}) => {
    const hash = (await rpc('eth_sendTransaction', [{ from, to, ...extra }])) as string
    while (!(await rpc('eth_getTransactionReceipt', [hash]))) await new Promise((resolve) => setTimeout(resolve, 10))
    return hash
  }
  const history = async (address: string, query: Record<string, string> = {}) => {
    const params = new URLSearchParams({ projectId: 'p1', st: 'latch', sv: '0', chainId: 'eip155:31337', ...query })
    const response = await fetch(`${api.url}/v1/account/${address}/history?${params}`)
    return { status: response.status, body: (await response.json()) as Page }
  }

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337, timestamp: Math.floor(Date.now() / 1000) - (historyDays + 1) * 86_400 })
    await installDemoContracts(anvil.url)
    await makeDemoHistory(anvil.url)
    api = await startApiServer({ wallets: [], projectId: 'p1', chains: [{ chainId: 31337, url: anvil.url }], tokens: demoTokens })
  })
  afterAll(async () => {
    await api?.stop()
    await anvil?.stop()
  })

  it("serves the demo account's history newest first: ether, tokens in and out, an internal transfer, an approval", async () => {
    const { status, body } = await history(me)
    expect(status).toBe(200)
    expect(body.next).toBeNull()
    const rows = body.data.map((t) => [t.metadata.operationType, t.transfers.map((x) => `${x.direction} ${x.quantity.numeric} ${x.fungible_info.symbol}`).join(', ')])
    expect(rows).toEqual([
      ['approve', ''],
      ['receive', 'in 0.05 ETH'], // passed on by the forwarder contract: found in the block's call trace
      ['receive', 'in 10 DEMO'],
      ['send', 'out 25 DUSD'],
      ['send', 'out 0.2 ETH'],
      ['receive', 'in 1.5 ETH'],
    ])
    expect(body.data).toHaveLength(demoHistory.length)
    const times = body.data.map((t) => Date.parse(t.metadata.minedAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    // Spread over months: the oldest is 80 days old.
    expect(Date.now() - times[times.length - 1]!).toBeGreaterThan(79 * 86_400_000)
    expect(body.data.every((t) => t.metadata.chain === 'eip155:31337' && t.metadata.status === 'confirmed')).toBe(true)
    expect(body.data[1]!.metadata.sentTo.toLowerCase()).toBe(forwarderAddress.toLowerCase())
  })

  it('names the other side of a token send and of an approval, not the token contract', async () => {
    const { body } = await history(me)
    const other = (operation: string) => body.data.find((t) => t.metadata.operationType === operation && t.metadata.sentFrom.toLowerCase() === me.toLowerCase())
    // The DUSD sent to alice: its recipient is the Transfer log's, not the DUSD contract the transaction called.
    const sent = body.data.find((t) => t.transfers.some((x) => x.fungible_info.symbol === 'DUSD'))
    expect(sent?.metadata.sentTo.toLowerCase()).toBe(alice!.toLowerCase())
    // The approval: an approval (no transfer), naming the spender it let in.
    const approval = other('approve')
    expect(approval?.transfers).toEqual([])
    expect(approval?.metadata.sentTo.toLowerCase()).toBe(alice!.toLowerCase())
    // Ether sent straight to an address keeps it.
    const ether = body.data.find((t) => t.transfers.some((x) => x.fungible_info.symbol === 'ETH' && x.direction === 'out'))
    expect(ether?.metadata.sentTo.toLowerCase()).toBe(bob!.toLowerCase())
  })

  it('lists a transaction for every side: the token receiver sees it as received', async () => {
    const { body } = await history(alice)
    const dusd = body.data.find((t) => t.transfers.some((x) => x.fungible_info.symbol === 'DUSD'))
    expect(dusd?.transfers).toEqual([{ fungible_info: { name: 'Demo Dollar', symbol: 'DUSD', icon: null }, direction: 'in', quantity: { numeric: '25' } }])
    expect(dusd?.metadata.operationType).toBe('receive')
  })

  it('indexes new blocks on request, marks a reverted transaction failed, and pages 20 at a time without repeating', async () => {
    const huge = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [me, parseUnits('999999999', 6)] })
    const reverted = await send(bob, demoTokens[0]!.address, { data: huge, gas: '0x30000' })
    const hashes: string[] = []
    for (let i = 0; i < historyPageSize + 5; i++) hashes.push(await send(bob, alice, { value: '0x1' }))
    const first = await history(bob)
    expect(first.body.data).toHaveLength(historyPageSize)
    expect(first.body.data.slice(0, 3).map((t) => t.id)).toEqual(hashes.slice(-3).reverse())
    expect(first.body.next).toEqual(expect.any(String))
    const second = await history(bob, { cursor: first.body.next! })
    const ids = [...first.body.data, ...second.body.data].map((t) => t.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(second.body.next).toBeNull()
    const failed = second.body.data.find((t) => t.id === reverted)
    expect(failed?.metadata.status).toBe('failed')
    expect(failed?.transfers).toEqual([])
    // Every transaction bob sent, and the demo history's, and nothing else.
    expect(ids).toEqual(expect.arrayContaining([...hashes, reverted]))
  })

  it('answers junk with 400 and an unknown chain with an empty page', async () => {
    expect((await history(me, { cursor: 'not-a-cursor' })).status).toBe(400)
    expect((await history('0x1234')).status).toBe(400)
    expect(await history(me, { chainId: 'eip155:1' })).toEqual({ status: 200, body: { data: [], next: null } })
  })

  it('starts over after a reorg: a block hash changed at a height it had scanned', async () => {
    const snapshot = await rpc('evm_snapshot')
    const gone = await send(alice, me, { value: '0x2' })
    const before = await history(me)
    expect(before.body.data[0]!.id).toBe(gone)
    const cursorBefore = (await history(bob)).body.next!
    await rpc('evm_revert', [snapshot])
    const replaced = await send(alice, me, { value: '0x3' })
    const after = await history(me)
    expect(after.body.data[0]!.id).toBe(replaced)
    expect(after.body.data.map((t) => t.id)).not.toContain(gone)
    // A cursor of the index before the reset is refused.
    expect((await history(bob, { cursor: cursorBefore })).status).toBe(400)
  })
})
