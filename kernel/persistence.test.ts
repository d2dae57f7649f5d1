import { describe, expect, it } from 'vitest'
import { createLatch } from './latch'
import { replay } from './replay'
import { createTestNetwork, createTestPorts } from './testing'

const network = (id: number) => createTestNetwork('eip155', id)
const networks = [network(1), network(31337)]
const caipAddress = 'eip155:1:0x1111111111111111111111111111111111111111' as const

describe('persistence', () => {
  it('writes SPEC §3 keys under the prefix and reads them back after a reload', () => {
    const t = createTestPorts()
    const first = createLatch({ networks, ports: t.ports })
    first.dispatch({ type: 'account/connected', ns: 'eip155', payload: { caipAddress, connectorId: 'io.metamask' } })
    first.dispatch({ type: 'network/switched', ns: 'eip155', payload: { caipNetworkId: 'eip155:31337' } })
    first.dispatch({ type: 'connection/recentWalletAdded', payload: { wallet: { id: 'metamask', name: 'MetaMask' } } })
    expect(t.storage.dump()).toEqual({
      '@latch/connectedConnectorId/eip155': '"io.metamask"',
      '@latch/connectionStatus': '"connected"',
      '@latch/connectedNamespaces': '["eip155"]',
      '@latch/activeNamespace': '"eip155"',
      '@latch/activeCaipNetworkId': '"eip155:31337"',
      '@latch/recentWallets': '[{"id":"metamask","name":"MetaMask"}]',
    })
    first.destroy()

    const reload = createLatch({ networks, ports: createTestPorts({ storage: t.storage.dump() }).ports })
    const state = reload.getState()
    // A stored connector marks the family for reconnection; it is not connected until the wallet says so.
    expect(state.chains.eip155.connectorId).toBeUndefined()
    expect(state.chains.eip155.reconnectConnectorId).toBe('io.metamask')
    expect(state.chains.eip155.account.status).toBe('reconnecting')
    expect(state.chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:31337')
    expect(state.connection.recentWallets).toEqual([{ id: 'metamask', name: 'MetaMask' }])
    expect(reload.exportLog().events.map((e) => e.type)).toEqual(['latch/configured', 'storage/hydrated'])
  })

  it('drops bad and foreign values with a logged warning, never failing', () => {
    const t = createTestPorts({
      storage: {
        '@latch/activeNamespace': '"dogecoin"',
        '@latch/recentWallets': '{not json',
        '@latch/activeCaipNetworkId': '"eip155:31337"',
        '@latch/preferredAccountTypes': '{"eip155":"smartAccount","solana":42}',
      },
    })
    const latch = createLatch({ networks, ports: t.ports })
    const rejected = latch.exportLog().events.filter((e) => e.type === 'storage/valueRejected').map((e) => (e.payload as { key: string }).key)
    expect(rejected.sort()).toEqual(['activeNamespace', 'preferredAccountTypes', 'recentWallets'])
    expect(t.storage.getItem('@latch/recentWallets')).toBeNull()
    expect(latch.getState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:31337')
  })

  it('ignores a stored network the integrator no longer configures', () => {
    const t = createTestPorts({ storage: { '@latch/activeCaipNetworkId': '"eip155:10"' } })
    const latch = createLatch({ networks, ports: t.ports })
    expect(latch.getState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:1')
  })

  it('caps a tampered recent-wallets list at 2 unique entries', () => {
    const wallets = [{ id: 'a', name: 'A' }, { id: 'a', name: 'A' }, { id: 'b', name: 'B' }, { id: 'c', name: 'C' }]
    const t = createTestPorts({ storage: { '@latch/recentWallets': JSON.stringify(wallets) } })
    const latch = createLatch({ networks, ports: t.ports })
    expect(latch.getState().connection.recentWallets.map((w) => w.id)).toEqual(['a', 'b'])
  })

  it('survives a storage that throws (SPEC §8: storage failures are only logged)', () => {
    const t = createTestPorts()
    const throwing = { getItem: () => { throw new Error('denied') }, setItem: () => { throw new Error('full') }, removeItem: () => {} }
    const latch = createLatch({ networks, ports: { ...t.ports, storage: throwing } })
    latch.dispatch({ type: 'account/connected', ns: 'eip155', payload: { caipAddress, connectorId: 'x' } })
    expect(latch.getState().chains.eip155.connectorId).toBe('x')
    expect(t.warnings.filter((w) => w === 'storage failed').length).toBeGreaterThan(0)
  })

  it('keeps two instances apart with their own prefixes', () => {
    const t = createTestPorts()
    const a = createLatch({ networks, ports: t.ports, storagePrefix: 'a/' })
    createLatch({ networks, ports: t.ports, storagePrefix: 'b/' })
    a.dispatch({ type: 'account/connected', ns: 'eip155', payload: { caipAddress, connectorId: 'x' } })
    expect(t.storage.getItem('a/connectedConnectorId/eip155')).toBe('"x"')
    expect(t.storage.getItem('b/connectedConnectorId/eip155')).toBeNull()
    expect(Object.keys(t.storage.dump()).every((k) => k.startsWith('a/') || k.startsWith('b/'))).toBe(true)
  })

  it('replays hydration exactly', () => {
    const t = createTestPorts({ storage: { '@latch/activeCaipNetworkId': '"eip155:31337"', '@latch/connectedConnectorId/eip155': '"x"' } })
    const latch = createLatch({ networks, ports: t.ports })
    expect(replay([], JSON.stringify(latch.exportLog())).final).toEqual(latch.getState())
  })
})
