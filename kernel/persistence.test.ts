import { describe, expect, it } from 'vitest'
import { constants } from './constants'
import { createLatch } from './latch'
import { definePlugin } from './engine/plugin'
import { replay } from './engine/replay'
import { createTestNetwork, createTestPorts } from './testing'
import { defaultStoragePrefix, walletNameSuffix, walletStorageKeys } from './engine/storage-keys'

const network = (id: number) => createTestNetwork('eip155', id)
const networks = [network(1), network(31337)]
const caipAddress = 'eip155:1:0x1111111111111111111111111111111111111111' as const

describe('persistence', () => {
  it('writes docs/storage.md, "Stored items" keys under the prefix and reads them back after a reload', () => {
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
      '@latch/lastUsedChain': '"eip155:31337"',
      '@latch/recentWallets': '[{"id":"metamask","name":"MetaMask"}]',
    })
    first.destroy()

    const evm = definePlugin({ name: 'evm', namespaces: ['eip155'] })
    const reload = createLatch({ networks, plugins: [evm], ports: createTestPorts({ storage: t.storage.dump() }).ports })
    const state = reload.getState()
    // A stored connector marks the family for reconnection; it is not connected until the wallet says so.
    expect(state.chains.eip155.connectorId).toBeUndefined()
    expect(state.chains.eip155.reconnectConnectorId).toBe('io.metamask')
    expect(state.chains.eip155.account.status).toBe('reconnecting')
    expect(state.chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:31337')
    expect(state.connection.recentWallets).toEqual([{ id: 'metamask', name: 'MetaMask' }])
    expect(reload.exportLog().events.map((e) => e.type)).toEqual(['latch/configured', 'storage/hydrated'])
  })

  it("the wallet's four storage keys under the prefix '@latch/' (connectedConnectorId/<family>, activeNamespace, activeCaipNetworkId, connectionStatus) and the name suffix '.latch.id' for wallet names", () => {
    expect(defaultStoragePrefix).toBe('@latch/')
    expect(walletStorageKeys('eip155')).toEqual(['@latch/connectedConnectorId/eip155', '@latch/activeNamespace', '@latch/activeCaipNetworkId', '@latch/connectionStatus'])
    expect(walletNameSuffix).toBe('.latch.id')
    // Written under the prefix once a wallet connects, and under an integrator's own prefix too.
    for (const storagePrefix of [undefined, 'shop/']) {
      const t = createTestPorts()
      const latch = createLatch({ networks, ports: t.ports, ...(storagePrefix ? { storagePrefix } : {}) })
      latch.dispatch({ type: 'account/connected', ns: 'eip155', payload: { caipAddress, connectorId: 'io.metamask' } })
      const keys = walletStorageKeys('eip155', storagePrefix)
      expect(keys.map((key) => t.storage.getItem(key))).toEqual(['"io.metamask"', '"eip155"', '"eip155:1"', '"connected"'])
      latch.destroy()
    }
  })

  it('writes the disconnected connector ids per family and the wallet deep-link choice, and reads both back after a reload', () => {
    const t = createTestPorts()
    const first = createLatch({ networks, ports: t.ports })
    // Two wallets of the family; the one not in use is forgotten.
    first.dispatch({ type: 'account/connected', ns: 'eip155', payload: { caipAddress: 'eip155:1:0x2222222222222222222222222222222222222222', connectorId: 'io.rabby' } })
    first.dispatch({ type: 'account/connected', ns: 'eip155', payload: { caipAddress, connectorId: 'io.metamask' } })
    first.dispatch({ type: 'connection/removed', ns: 'eip155', payload: { connectorId: 'io.rabby' } })
    first.dispatch({ type: 'connection/deepLinkChosen', payload: { link: { href: 'https://wallet.example/wc', name: 'Example Wallet' } } })
    expect(t.storage.getItem('@latch/disconnectedConnectorIds')).toBe('{"eip155":["io.rabby"]}')
    expect(t.storage.getItem('@latch/walletDeepLink')).toBe('{"href":"https://wallet.example/wc","name":"Example Wallet"}')
    first.destroy()

    const reload = createLatch({ networks, ports: createTestPorts({ storage: t.storage.dump() }).ports })
    expect(reload.getState().connection.disconnectedConnectorIds.eip155).toEqual(['io.rabby'])
    expect(reload.getState().connection.wcLinking).toEqual({ href: 'https://wallet.example/wc', name: 'Example Wallet' })
    // Cleared choice: the key goes.
    reload.dispatch({ type: 'connection/deepLinkChosen', payload: { link: null } })
    expect(reload.getState().connection.wcLinking).toBeUndefined()
  })

  it('stores the last used chain, keeps it after a disconnect, and brings it back for its family after a reload', () => {
    const solana = createTestNetwork('solana', 'devnet')
    const all = [network(1), network(31337), solana]
    const t = createTestPorts()
    const first = createLatch({ networks: all, ports: t.ports })
    // Picking a network with no wallet connected is not using it.
    first.dispatch({ type: 'network/switched', ns: 'eip155', payload: { caipNetworkId: 'eip155:31337' } })
    expect(t.storage.getItem('@latch/lastUsedChain')).toBeNull()
    first.dispatch({ type: 'account/connected', ns: 'eip155', payload: { caipAddress, connectorId: 'io.metamask' } })
    expect(t.storage.getItem('@latch/lastUsedChain')).toBe('"eip155:1"')
    first.dispatch({ type: 'network/switched', ns: 'eip155', payload: { caipNetworkId: 'eip155:31337' } })
    first.dispatch({ type: 'account/disconnected', ns: 'eip155', payload: {} })
    // The visitor moves on to another family: the active network is Solana's, the last used chain stays.
    first.dispatch({ type: 'network/switched', ns: 'solana', payload: { caipNetworkId: solana.caipNetworkId } })
    expect(t.storage.getItem('@latch/lastUsedChain')).toBe('"eip155:31337"')
    expect(t.storage.getItem('@latch/activeCaipNetworkId')).toBe(`"${solana.caipNetworkId}"`)
    first.destroy()

    const reload = createLatch({ networks: all, ports: createTestPorts({ storage: t.storage.dump() }).ports })
    expect(reload.getState().activeNamespace).toBe('solana')
    expect(reload.getState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:31337')
    expect(reload.getState().connection.lastUsedCaipNetworkId).toBe('eip155:31337')

    // A last used chain the dapp no longer configures is dropped.
    const gone = createLatch({ networks: [network(1)], ports: createTestPorts({ storage: { '@latch/lastUsedChain': '"eip155:31337"' } }).ports })
    expect(gone.getState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:1')
    expect(gone.getState().connection.lastUsedCaipNetworkId).toBeUndefined()
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

  it('drops a stored connector of a family no registered plugin connects, instead of reconnecting for ever', () => {
    const storage = { '@latch/connectedConnectorId/solana': '"phantom"', '@latch/connectionStatus': '"connected"' }
    const latch = createLatch({ networks, ports: createTestPorts({ storage }).ports })
    const state = latch.getState()
    expect(state.chains.solana.reconnectConnectorId).toBeUndefined()
    expect(state.chains.solana.account.status).toBe('disconnected')
    expect(state.connection.status).toBe('disconnected')
    // …and it is not written back.
    expect(latch.exportLog().events.map((e) => e.type)).toContain('storage/hydrated')
  })

  it('a stored status "connected" without a stored connector is not "reconnecting"', () => {
    const t = createTestPorts({ storage: { '@latch/connectionStatus': '"connected"' } })
    const latch = createLatch({ networks, ports: t.ports })
    expect(latch.getState().connection.status).toBe('disconnected')
    expect(t.storage.getItem('@latch/connectionStatus')).toBe('"disconnected"')
  })

  it('stores only the three documented statuses: reconnecting is stored as connected, and a stored "reconnecting" is refused', () => {
    const family = definePlugin({ name: 'family', namespaces: ['solana'] })
    const t = createTestPorts({ storage: { '@latch/connectedConnectorId/solana': '"phantom"', '@latch/connectionStatus': '"reconnecting"' } })
    const latch = createLatch({ networks, plugins: [family], ports: t.ports })
    expect(latch.getState().connection.status).toBe('reconnecting')
    expect(t.storage.getItem('@latch/connectionStatus')).toBe('"connected"')
    const rejected = latch.exportLog().events.filter((e) => e.type === 'storage/valueRejected').map((e) => (e.payload as { key: string }).key)
    expect(rejected).toContain('connectionStatus')
  })

  it('a family whose plugin never settles is disconnected at the reconnect deadline', () => {
    const family = definePlugin({ name: 'family', namespaces: ['solana'] })
    const t = createTestPorts({ storage: { '@latch/connectedConnectorId/solana': '"phantom"' } })
    const latch = createLatch({ networks, plugins: [family], ports: t.ports })
    expect(latch.getState().chains.solana.account.status).toBe('reconnecting')
    expect(latch.getState().connection.status).toBe('reconnecting')
    t.advance(constants.reconnectDeadline - 1)
    expect(latch.getState().chains.solana.account.status).toBe('reconnecting')
    t.advance(1)
    expect(latch.getState().chains.solana.reconnectConnectorId).toBeUndefined()
    expect(latch.getState().chains.solana.account.status).toBe('disconnected')
    expect(latch.getState().connection.status).toBe('disconnected')
    expect(t.storage.getItem('@latch/connectedConnectorId/solana')).toBeNull()
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

  it('never reads back a stored recent wallet whose link the modal may not render (docs/behaviour.md, "Wallet links")', () => {
    for (const link of ['javascript:alert(1)', 'http://wallet.example', ' data:text/html,x']) {
      const wallets = [{ id: 'a', name: 'A', mobile_link: link }]
      const t = createTestPorts({ storage: { '@latch/recentWallets': JSON.stringify(wallets) } })
      expect(createLatch({ networks, ports: t.ports }).getState().connection.recentWallets).toEqual([])
    }
    const good = [{ id: 'a', name: 'A', mobile_link: 'a://', webapp_link: 'https://a.example' }]
    const t = createTestPorts({ storage: { '@latch/recentWallets': JSON.stringify(good) } })
    expect(createLatch({ networks, ports: t.ports }).getState().connection.recentWallets).toEqual(good)
  })

  it('survives a storage that throws (docs/storage.md, "When items are written": storage failures are only logged)', () => {
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
