import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { firstValueFrom } from 'rxjs'
import { formatUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, LatchError } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { anvilAccounts, rpc, setup, useChains } from '../../scripts/testing/eip155-harness'
import { createFallbackTransport } from './fallback'

const chains = useChains()
const walletId = 'test.latch.wallet'

/** An RPC endpoint on 127.0.0.1 served by this test: 'dead' answers HTTP 503, 'hanging' never answers. Counts what it got. */
type Endpoint = { url: string; methods: string[]; close(): Promise<void> }

async function serve(kind: 'dead' | 'hanging'): Promise<Endpoint> {
  const methods: string[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      const json = JSON.parse(body || '{}') as { method?: string } | { method?: string }[]
      for (const call of Array.isArray(json) ? json : [json]) methods.push(call.method ?? '?')
      if (kind === 'dead') res.writeHead(503).end('down')
      // 'hanging': the response is never written; closeAllConnections ends it.
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    methods,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

let dead: Endpoint
let hanging: Endpoint
beforeAll(async () => {
  ;[dead, hanging] = await Promise.all([serve('dead'), serve('hanging')])
})
afterAll(async () => {
  await Promise.all([dead?.close(), hanging?.close()])
})

const balanceOnAnvil = async () => (await rpc(chains.a.url, 'eth_getBalance', [anvilAccounts[0], 'latest'])) as string

describe('fallback transport on local endpoints', () => {
  it('lands on the live endpoint when the first one is dead (HTTP 503)', async () => {
    const t = createTestPorts()
    const transport = createFallbackTransport({ ...t.ports, fetch: globalThis.fetch }, [dead.url, chains.a.url])
    const before = dead.methods.length
    expect(await firstValueFrom(transport.request('eth_getBalance', [anvilAccounts[0], 'latest']))).toBe(await balanceOnAnvil())
    expect(dead.methods.slice(before)).toContain('eth_getBalance')
    transport.dispose()
  })

  it('falls back after 10 s of virtual time when the first endpoint never answers', async () => {
    const t = createTestPorts()
    const transport = createFallbackTransport({ ...t.ports, fetch: globalThis.fetch }, [hanging.url, chains.a.url])
    const result = firstValueFrom(transport.request('eth_chainId', []))
    await expect.poll(() => hanging.methods.includes('eth_chainId')).toBe(true)
    let settled = false
    void result.then(() => (settled = true))
    t.advance(9_999)
    await new Promise((resolve) => setImmediate(resolve))
    expect(settled).toBe(false)
    t.advance(1)
    expect(await result).toBe('0x7a69')
    transport.dispose()
  })

  it('fails with the last error when every endpoint fails', async () => {
    const t = createTestPorts()
    const transport = createFallbackTransport({ ...t.ports, fetch: globalThis.fetch }, [dead.url, 'http://127.0.0.1:9'])
    const error = await firstValueFrom(transport.request('eth_chainId', [])).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LatchError)
    expect((error as LatchError).code).toBe('NETWORK_ERROR')
    transport.dispose()
  })

  it('ranks the dead endpoint last after one round of pings, so the next call goes to the live one first', async () => {
    const t = createTestPorts()
    const transport = createFallbackTransport({ ...t.ports, fetch: globalThis.fetch }, [dead.url, chains.a.url])
    expect(transport.order()).toEqual([dead.url, chains.a.url])
    await firstValueFrom(transport.request('eth_blockNumber', []))
    // The first round of net_listening pings starts with the first request, at once on the clock port.
    t.advance(0)
    await expect.poll(() => transport.order()).toEqual([chains.a.url, dead.url])
    expect(dead.methods).toContain('net_listening')
    const before = dead.methods.filter((m) => m === 'eth_blockNumber').length
    await firstValueFrom(transport.request('eth_blockNumber', []))
    expect(dead.methods.filter((m) => m === 'eth_blockNumber').length).toBe(before)
    transport.dispose()
  })
})

describe('through the kernel', () => {
  it('reads the balance from the live RPC URL when the first is dead', async () => {
    const network = createTestNetwork('eip155', 31337, { name: 'Anvil' })
    const networks = [{ ...network, rpcUrls: { default: { http: [dead.url, chains.a.url] } } }, chains.networks[1]]
    // Records, as they are sent, the methods sent to the dead URL.
    const toDead: string[] = []
    const fetch: typeof globalThis.fetch = (input, init) => {
      if (String(input) === dead.url) toDead.push((JSON.parse(String(init?.body)) as { method: string }).method)
      return globalThis.fetch(input, init)
    }
    const h = setup(chains, { networks, fetch })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    const balance = await h.until((s) => s.chains.eip155.account.balance, (b) => b !== undefined)
    expect(balance).toBe(formatUnits(BigInt(await balanceOnAnvil()), 18))
    expect(h.types()).not.toContain('account/balanceFailed')
    // The read started the ranking pings (on the clock port); destroying the instance stops them.
    const pings = () => toDead.filter((m) => m === 'net_listening').length
    expect(toDead).toContain('eth_getBalance')
    const before = pings()
    h.t.advance(4_000)
    expect(pings()).toBeGreaterThan(before)
    h.latch.destroy()
    const after = pings()
    h.t.advance(40_000)
    expect(pings()).toBe(after)
  })

  it('reports a network without an RPC URL once, as RPC_URL_MISSING, and shows no balance', async () => {
    const network = createTestNetwork('eip155', 31337, { name: 'Anvil' })
    const networks = [{ ...network, rpcUrls: { default: { http: [] } } }, chains.networks[1]]
    const h = setup(chains, { networks })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    const event = h.events.find((e) => e.type === 'eip155/rpcUrlMissing')
    expect(event?.payload).toMatchObject({
      caipNetworkId: 'eip155:31337',
      error: { code: 'RPC_URL_MISSING', shortMessage: 'No RPC url provided for chainId' },
    })
    expect(h.t.warnings.some((w) => w.includes('RPC_URL_MISSING') && w.includes('"Anvil" (eip155:31337) has no RPC URL'))).toBe(true)
    const account = h.latch.getState().chains.eip155.account
    expect(account.balance).toBeUndefined()
    expect(account.balanceLoading).toBe(false)
    expect(h.types().filter((type) => type.startsWith('account/balance'))).toEqual([])
    // Once per network: a reconnect does not report it again.
    h.wallet.emit('accountsChanged', [anvilAccounts[1]])
    await h.until((s) => s.chains.eip155.account.caipAddress, (a) => a === `eip155:31337:${anvilAccounts[1]}`)
    expect(h.types().filter((type) => type === 'eip155/rpcUrlMissing')).toHaveLength(1)
    // A chain the dapp did not configure (the wallet moved there) has no RPC by design: not reported.
    h.wallet.emit('chainChanged', '0x5')
    await h.until((s) => s.chains.eip155.account.caipAddress, (a) => a === `eip155:5:${anvilAccounts[1]}`)
    expect(h.types().filter((type) => type === 'eip155/rpcUrlMissing')).toHaveLength(1)
    expect(h.t.warnings.filter((w) => w.includes('RPC_URL_MISSING'))).toHaveLength(1)
    h.latch.destroy()
  })
})
