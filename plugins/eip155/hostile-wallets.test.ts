import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { connect, constants, createLatch, disconnect, signMessage, switchNetwork, walletCancelRequested } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { eip155, fromViemChain } from './index'
import { maxWallets } from './registry'
import { maxAccounts, maxIconLength } from './schemas'
import { createFakeWindow } from '../../scripts/testing/eip155-test-wallet'

/**
 * Wallets that misbehave on purpose: impostors, wallets that answer late or never, and
 * answers of absurd size. Each wallet here answers only when the test says so.
 */
const addressA = '0x1111111111111111111111111111111111111111'
const addressB = '0x2222222222222222222222222222222222222222'
const signature = `0x${'ab'.repeat(65)}`

type Call = { method: string; params: unknown; resolve(value: unknown): void; reject(error: unknown): void }

function manualWallet(name: string, rdns: string, answers: Record<string, unknown> = {}) {
  const calls: Call[] = []
  const provider = {
    request({ method, params }: { method: string; params?: unknown }) {
      return new Promise((resolve, reject) => {
        const call = { method, params, resolve, reject }
        calls.push(call)
        if (method in answers) resolve(answers[method])
      })
    },
    on() {},
    removeListener() {},
  }
  const info = { uuid: `${rdns}-uuid`, name, icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns }
  return {
    provider,
    info,
    calls,
    methods: () => calls.map((c) => c.method),
    pending: (method: string) => calls.find((c) => c.method === method),
    announceOn: (target: EventTarget, extra: Partial<typeof info> = {}) =>
      target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { ...info, ...extra }, provider } })),
  }
}

const answering = (name: string, rdns: string, account: string, chainId = '0x1') =>
  manualWallet(name, rdns, { eth_requestAccounts: [account], eth_chainId: chainId, personal_sign: signature, wallet_switchEthereumChain: null })

const networks = [createTestNetwork('eip155', 1), createTestNetwork('eip155', 10)]
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function start() {
  const win = createFakeWindow()
  const t = createTestPorts()
  const latch = createLatch({ networks, plugins: [eip155()], ports: { ...t.ports, window: win.window } })
  const connectors = () => latch.getState().connectors.list
  return { win, t, latch, connectors }
}

describe('a second announcement of a known rdns (impostor)', () => {
  it('after connect: requests still go to the wallet the visitor chose; the impostor is never listed or asked; one warning', async () => {
    const { win, t, latch, connectors } = start()
    const real = answering('Real', 'io.metamask', addressA)
    real.announceOn(win.target)
    await connect(latch, { connectorId: 'io.metamask', ns: 'eip155' })
    const impostor = answering('Impostor', 'io.metamask', addressB)
    impostor.announceOn(win.target)
    impostor.announceOn(win.target)
    await expect(signMessage(latch, { message: 'hi', ns: 'eip155' })).resolves.toEqual({ signature })
    expect(real.methods()).toContain('personal_sign')
    expect(impostor.calls).toEqual([])
    expect(connectors().map((c) => c.name)).toEqual(['Real'])
    expect(t.warnings.filter((w) => w.includes('io.metamask'))).toHaveLength(1)
  })

  it('before connect: the connect goes to the first wallet that announced the rdns', async () => {
    const { win, latch } = start()
    const real = answering('Real', 'io.metamask', addressA)
    const impostor = answering('Impostor', 'io.metamask', addressB)
    real.announceOn(win.target)
    impostor.announceOn(win.target)
    await expect(connect(latch, { connectorId: 'io.metamask', ns: 'eip155' })).resolves.toEqual({ caipAddress: `eip155:1:${addressA}` })
    expect(impostor.calls).toEqual([])
  })

  it('the same provider announcing again may update its name and icon', () => {
    const { win, connectors } = start()
    const real = answering('Real', 'io.metamask', addressA)
    real.announceOn(win.target)
    real.announceOn(win.target, { name: 'Real Wallet' })
    expect(connectors().map((c) => c.name)).toEqual(['Real Wallet'])
  })
})

describe('sizes from the outside are bounded', () => {
  it(`an icon over ${maxIconLength} characters is dropped; the wallet is listed without it`, () => {
    const { win, connectors, latch } = start()
    answering('Big', 'com.example.big', addressA).announceOn(win.target, { icon: `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/><!--${'x'.repeat(5_000_000)}-->` })
    expect(connectors()).toHaveLength(1)
    expect(connectors()[0]?.imageUrl).toBeUndefined()
    expect(JSON.stringify(latch.exportLog()).length).toBeLessThan(10_000)
  })

  it(`1,000 announcements list at most ${maxWallets} wallets`, () => {
    const { win, connectors, t } = start()
    for (let i = 0; i < 1_000; i++) answering(`W${i}`, `com.example.w${i}`, addressA).announceOn(win.target)
    expect(connectors()).toHaveLength(maxWallets)
    expect(t.warnings.filter((w) => w.includes('announced'))).toHaveLength(1)
  })

  it(`a wallet answering 100,000 accounts: the first ${maxAccounts} are read`, async () => {
    const { win, latch } = start()
    const many = Array.from({ length: 100_000 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`)
    manualWallet('Many', 'com.example.many', { eth_requestAccounts: many, eth_chainId: '0x1' }).announceOn(win.target)
    await connect(latch, { connectorId: 'com.example.many', ns: 'eip155' })
    expect(latch.getState().chains.eip155.account.allAccounts).toHaveLength(maxAccounts)
  })
})

describe('every wallet request has a timeout and a cancel', () => {
  it('a connect the wallet never answers fails after the prompt timeout with the visitor text, and the status recovers', async () => {
    const { win, t, latch } = start()
    manualWallet('Silent', 'com.example.silent').announceOn(win.target)
    const result = connect(latch, { connectorId: 'com.example.silent', ns: 'eip155' })
    await flush()
    expect(latch.getState().connection.status).toBe('connecting')
    t.advance(constants.walletPromptTimeout)
    await expect(result).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT', shortMessage: 'Request was aborted' })
    await flush()
    expect(latch.getState().connection.status).toBe('disconnected')
  })

  it('the visitor cancels: the pending connect fails as aborted at once, and a late answer changes nothing', async () => {
    const { win, latch } = start()
    const slow = manualWallet('Slow', 'com.example.slow')
    slow.announceOn(win.target)
    const result = connect(latch, { connectorId: 'com.example.slow', ns: 'eip155' })
    await flush()
    latch.dispatch(walletCancelRequested({}, { ns: 'eip155' }))
    await expect(result).rejects.toMatchObject({ code: 'REQUEST_ABORTED', shortMessage: 'Request was aborted' })
    slow.pending('eth_requestAccounts')?.resolve([addressA])
    await flush()
    expect(latch.getState().chains.eip155.connectorId).toBeUndefined()
    expect(latch.getState().connection.status).toBe('disconnected')
  })
})

describe('concurrent connects', () => {
  it('two intents for one wallet make one prompt; both settle with its answer; no status flaps', async () => {
    const { win, latch } = start()
    const wallet = manualWallet('One', 'com.example.one', { eth_chainId: '0x1' })
    wallet.announceOn(win.target)
    const statuses: string[] = []
    latch.select((s) => s.connection.status).subscribe((s) => statuses.push(s))
    const first = connect(latch, { connectorId: 'com.example.one', ns: 'eip155' })
    const second = connect(latch, { connectorId: 'com.example.one', ns: 'eip155' })
    await flush()
    expect(wallet.methods().filter((m) => m === 'eth_requestAccounts')).toHaveLength(1)
    wallet.pending('eth_requestAccounts')?.resolve([addressA])
    await expect(first).resolves.toEqual({ caipAddress: `eip155:1:${addressA}` })
    await expect(second).resolves.toEqual({ caipAddress: `eip155:1:${addressA}` })
    expect(statuses).toEqual(['disconnected', 'connecting', 'connected'])
  })

  it("choosing another wallet replaces a pending connect; the first wallet's late answer is dropped", async () => {
    const { win, latch } = start()
    const a = manualWallet('A', 'com.example.a', { eth_chainId: '0x1' })
    const b = answering('B', 'com.example.b', addressB)
    a.announceOn(win.target)
    b.announceOn(win.target)
    const first = connect(latch, { connectorId: 'com.example.a', ns: 'eip155' })
    await flush()
    await expect(connect(latch, { connectorId: 'com.example.b', ns: 'eip155' })).resolves.toEqual({ caipAddress: `eip155:1:${addressB}` })
    await expect(first).rejects.toMatchObject({ code: 'REQUEST_ABORTED' })
    a.pending('eth_requestAccounts')?.resolve([addressA])
    await flush()
    expect(latch.getState().chains.eip155.account.caipAddress).toBe(`eip155:1:${addressB}`)
    expect(latch.getState().chains.eip155.connectorId).toBe('com.example.b')
  })
})

describe('a late answer from the previous wallet', () => {
  it('never overwrites the connection that replaced it', async () => {
    const { win, latch } = start()
    const a = manualWallet('A', 'com.example.a', { eth_requestAccounts: [addressA], eth_chainId: '0x1', wallet_revokePermissions: null })
    const b = answering('B', 'com.example.b', addressB)
    a.announceOn(win.target)
    b.announceOn(win.target)
    await connect(latch, { connectorId: 'com.example.a', ns: 'eip155' })
    const switching = switchNetwork(latch, { caipNetworkId: 'eip155:10' })
    await flush()
    await disconnect(latch, { ns: 'eip155' })
    await connect(latch, { connectorId: 'com.example.b', ns: 'eip155' })
    a.pending('wallet_switchEthereumChain')?.resolve(null)
    await expect(switching).rejects.toMatchObject({ code: 'REQUEST_ABORTED' })
    await flush()
    const chain = latch.getState().chains.eip155
    expect(chain.connectorId).toBe('com.example.b')
    expect(chain.network.caipNetwork?.caipNetworkId).toBe('eip155:1')
    expect(chain.account.caipAddress).toBe(`eip155:1:${addressB}`)
  })
})

describe('default RPC URLs', () => {
  it("warns once when a network uses viem's default public RPC, and not when the integrator gave URLs", () => {
    const t = createTestPorts()
    createLatch({ networks: [fromViemChain(mainnet), fromViemChain(mainnet, { rpcUrls: ['https://rpc.example'] })], plugins: [eip155()], ports: t.ports })
    expect(t.warnings.filter((w) => w.includes('default public RPC'))).toHaveLength(1)
    expect(t.warnings.join()).toContain('eip155:1')
    const quiet = createTestPorts()
    createLatch({ networks: [fromViemChain(mainnet, { rpcUrls: ['https://rpc.example'] })], plugins: [eip155()], ports: quiet.ports })
    expect(quiet.warnings).toEqual([])
  })
})
