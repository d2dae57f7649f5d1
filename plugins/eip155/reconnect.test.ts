import { of } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { connect, connectorsDiscovered, createLatch, definePlugin } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { eip155 } from './index'
import { anvilAccounts, setup, useChains } from '../../scripts/testing/eip155-harness'
import { createFakeWindow } from '../../scripts/testing/eip155-test-wallet'

const walletId = 'test.latch.wallet'
const chains = useChains()

/** A first visit: connect, then "reload" by destroying the instance and keeping its storage. */
async function firstVisit() {
  const first = setup(chains)
  await connect(first.latch, { connectorId: walletId, ns: 'eip155' })
  const storage = first.t.storage.dump()
  first.latch.destroy()
  first.wallet.calls.length = 0
  return { first, storage }
}

describe('reconnect after a reload', () => {
  it('reconnects silently from storage (eth_accounts, no prompt)', async () => {
    const { first, storage } = await firstVisit()
    const reload = setup(chains, { storage, wallet: first.wallet, win: first.win })
    expect(reload.latch.getState().chains.eip155.account.status).toBe('reconnecting')
    await reload.until((s) => s.chains.eip155.connectorId, (id) => id === walletId)
    const state = reload.latch.getState()
    expect(state.chains.eip155.account.caipAddress).toBe(`eip155:31337:${anvilAccounts[0]}`)
    expect(state.chains.eip155.account.status).toBe('connected')
    expect(state.chains.eip155.reconnectConnectorId).toBeUndefined()
    expect(state.connection.status).toBe('connected')
    expect(first.wallet.methods()).toEqual(['eth_accounts', 'eth_chainId'])
    await reload.until((s) => s.chains.eip155.account.balance, (b) => b !== undefined)
    expect(first.wallet.listenerCount('accountsChanged')).toBe(1)
  })

  it('follows the chain the wallet is on now', async () => {
    const { first, storage } = await firstVisit()
    await first.wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    const reload = setup(chains, { storage, wallet: first.wallet, win: first.win })
    await reload.until((s) => s.chains.eip155.account.caipAddress, (a) => a === `eip155:31338:${anvilAccounts[0]}`)
    expect(reload.latch.getState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:31338')
  })

  it('ends disconnected when the wallet no longer authorises the site', async () => {
    const { first, storage } = await firstVisit()
    first.wallet.revoke()
    const reload = setup(chains, { storage, wallet: first.wallet, win: first.win })
    await reload.until((s) => s.chains.eip155.account.status, (status) => status === 'disconnected')
    const state = reload.latch.getState()
    expect(state.chains.eip155.connectorId).toBeUndefined()
    expect(state.chains.eip155.reconnectConnectorId).toBeUndefined()
    expect(state.connection.status).toBe('disconnected')
    expect(reload.t.storage.getItem('@latch/connectedConnectorId/eip155')).toBeNull()
    expect(first.wallet.methods()).not.toContain('eth_requestAccounts')
  })

  it('waits 1 s of the clock for the wallet to appear, then gives up', async () => {
    const { first, storage } = await firstVisit()
    const empty = createFakeWindow()
    const reload = setup(chains, { storage, wallet: first.wallet, win: empty })
    reload.t.advance(999)
    expect(reload.latch.getState().chains.eip155.account.status).toBe('reconnecting')
    reload.t.advance(1)
    await reload.until((s) => s.chains.eip155.account.status, (status) => status === 'disconnected')
  })

  it('reconnects a wallet announced late, within the wait', async () => {
    const { first, storage } = await firstVisit()
    const late = createFakeWindow()
    const reload = setup(chains, { storage, wallet: first.wallet, win: late })
    reload.t.advance(500)
    first.wallet.announceOn(late.target)
    await reload.until((s) => s.chains.eip155.connectorId, (id) => id === walletId)
  })

  it("leaves another plugin's connector alone", async () => {
    const t = createTestPorts({ storage: { '@latch/connectedConnectorId/eip155': '"walletConnect"' } })
    const other = definePlugin({
      name: 'other',
      effects: [() => of(connectorsDiscovered({ connectors: [{ id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }] }))],
    })
    const latch = createLatch({ networks: chains.networks, plugins: [eip155(), other], ports: { ...t.ports, window: createFakeWindow().window } })
    t.advance(5_000)
    // Let every pending promise of the plugin settle (no I/O is involved on this path).
    await new Promise((resolve) => setImmediate(resolve))
    expect(latch.getState().chains.eip155.reconnectConnectorId).toBe('walletConnect')
    expect(latch.getState().chains.eip155.account.status).toBe('reconnecting')
  })
})
