import { describe, expect, it } from 'vitest'
import { LatchError } from './engine/errors'
import { createLatch } from './latch'
import { createTestNetwork, createTestPorts } from './testing'

describe('createLatch', () => {
  it('refuses bad options with INVALID_OPTIONS naming the field', () => {
    const ports = createTestPorts().ports
    const attempt = () => createLatch({ ports, networks: [{ caipNetworkId: 'eip155' }] as never })
    expect(attempt).toThrow(LatchError)
    expect(attempt).toThrow(/networks\[0\]/)
    // What was expected and what came, not zod's bare "Invalid input".
    expect(attempt).toThrow(/networks\[0\]\.caipNetworkId: expected .*received string "eip155"/)
  })

  it('takes a network\'s contracts, and refuses a contract address that is not 0x and 40 hex digits (docs/networks.md, "Contracts")', () => {
    const ports = createTestPorts().ports
    const ens = '0xAd27251773aa3BFd4E67b934D91D862146266c10'
    const latch = createLatch({ ports, networks: [createTestNetwork('eip155', 31337, { contracts: { ensUniversalResolver: { address: ens } } })] })
    expect(latch.getState().chains.eip155.network.requestedCaipNetworks[0]?.contracts).toEqual({ ensUniversalResolver: { address: ens } })
    for (const address of ['0x1234', `${ens} `, 'ad27251773aa3bfd4e67b934d91d862146266c10', 42]) {
      const network = { ...createTestNetwork('eip155', 1), contracts: { ensUniversalResolver: { address } } }
      expect(() => createLatch({ ports, networks: [network as never] }), String(address)).toThrow(/networks\[0\]\.contracts\.ensUniversalResolver\.address/)
    }
  })

  it('takes logLevel and requestTimeout, and refuses junk in them', () => {
    const ports = createTestPorts().ports
    expect(() => createLatch({ ports, logLevel: 'warn', requestTimeout: 1_000 })).not.toThrow()
    expect(() => createLatch({ ports, logLevel: 'loud' as never })).toThrow(/logLevel/)
    expect(() => createLatch({ ports, requestTimeout: -1 })).toThrow(/requestTimeout/)
  })

  it('records the configuration as the first event, with docs/behaviour.md, "Options and defaults" feature defaults', () => {
    const latch = createLatch({ ports: createTestPorts().ports, features: { swaps: true, send: false } })
    expect(latch.exportLog().events[0]?.type).toBe('latch/configured')
    expect(latch.getState().options.features).toMatchObject({ receive: true, send: false, analytics: true, legalCheckbox: false, swaps: true })
  })

  it('refuses an RPC URL that is not http(s), naming the network and the URL', () => {
    const ports = createTestPorts().ports
    const anvil = createTestNetwork('eip155', 31337, { name: 'Anvil' })
    const withUrls = (...http: string[]) => ({ ...anvil, rpcUrls: { default: { http } } })
    for (const url of ['ws://127.0.0.1:8545', 'file:///etc/passwd', 'javascript:alert(1)', '127.0.0.1:8545', '']) {
      const attempt = () => createLatch({ ports, networks: [withUrls('http://127.0.0.1:8545', url)] })
      expect(attempt).toThrow(LatchError)
      expect(attempt).toThrow(`createLatch: network "Anvil" (eip155:31337): RPC URL "${url}" is not an http(s) URL`)
    }
    expect(() => createLatch({ ports, networks: [withUrls('http://127.0.0.1:8545', 'HTTPS://rpc.example/key')] })).not.toThrow()
    // No RPC URL at all is allowed: the network shows no balance (docs/networks.md).
    expect(() => createLatch({ ports, networks: [withUrls()] })).not.toThrow()
  })

  it('records the wallet-list options, and refuses junk in them', () => {
    const ports = createTestPorts().ports
    const custom = { id: 'acme', name: 'Acme Wallet', chains: ['eip155:1'], webapp_link: 'https://acme.example' }
    const latch = createLatch({ ports, excludeWalletIds: ['io.metamask'], featuredWalletIds: ['rainbow'], customWallets: [custom] })
    expect(latch.getState().options).toMatchObject({ excludeWalletIds: ['io.metamask'], featuredWalletIds: ['rainbow'], customWallets: [custom] })
    expect(createLatch({ ports }).getState().options).toMatchObject({ excludeWalletIds: [], featuredWalletIds: [], customWallets: [] })
    expect(() => createLatch({ ports, excludeWalletIds: 'io.metamask' as never })).toThrow(/excludeWalletIds/)
    expect(() => createLatch({ ports, featuredWalletIds: [''] })).toThrow(/featuredWalletIds\[0\]/)
    expect(() => createLatch({ ports, customWallets: [{ name: 'No id' } as never] })).toThrow(/customWallets\[0\]\.id/)
    expect(() => createLatch({ ports, customWallets: [custom, custom] })).toThrow(/customWallets\[1\]: the id "acme" is used twice/)
    expect(() => createLatch({ ports, customWallets: [{ ...custom, mobile_link: 'javascript:alert(1)' }] })).toThrow(/customWallets\[0\]\.mobile_link/)
    // docs/behaviour.md, "Wallet links": https, or the wallet's own scheme for its app links; never http.
    expect(() => createLatch({ ports, customWallets: [{ ...custom, webapp_link: 'http://acme.example' }] })).toThrow(/customWallets\[0\]\.webapp_link/)
    expect(() => createLatch({ ports, customWallets: [{ ...custom, desktop_link: 'http://acme.example' }] })).toThrow(/customWallets\[0\]\.desktop_link/)
    expect(() => createLatch({ ports, customWallets: [{ ...custom, webapp_link: 'acme://' }] })).toThrow(/customWallets\[0\]\.webapp_link/)
    expect(createLatch({ ports, customWallets: [{ ...custom, mobile_link: 'acme://', desktop_link: 'acme://open' }] }).getState().options.customWallets[0]?.mobile_link).toBe('acme://')
    expect(() => createLatch({ ports, customWallets: [{ ...custom, image_url: 'file:///x.png' }] })).toThrow(/customWallets\[0\]\.image_url/)
  })

  it('is created without a window (server-side rendering)', () => {
    expect(typeof window).toBe('undefined')
    const latch = createLatch()
    expect(latch.ports.window).toBeUndefined()
    expect(latch.ports.storage).toBeUndefined()
    latch.destroy()
  })
})
