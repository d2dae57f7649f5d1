import { createServer } from 'node:net'
import { JSDOM } from 'jsdom'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { connect, createLatch, LatchError, type Latch } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { guardOutsideHosts } from '../../scripts/testing/no-outside-hosts'
import { dappMetadata, pageMetadata } from './page-metadata'
import { memoryStore, walletConnect, walletConnectPairingEnded } from './index'
import { eip155 } from '../eip155/index'

const outside = guardOutsideHosts()
const latches: Latch[] = []
afterAll(() => {
  for (const latch of latches) latch.destroy()
  outside.restore()
})

// docs/walletconnect.md, "Options": nothing is filled in silently.
describe('walletConnect() options', () => {
  it('without a project id throws INVALID_OPTIONS saying what is missing and where to get one', () => {
    for (const options of [undefined, {}, { relayUrl: 'ws://127.0.0.1:9' }, { projectId: '' }, { projectId: 42 }]) {
      let thrown: unknown
      try {
        walletConnect(options as never)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(LatchError)
      expect(thrown).toMatchObject({ code: 'INVALID_OPTIONS' })
      expect((thrown as LatchError).message).toContain('walletConnect: projectId is required: create one at https://dashboard.reown.com for the public relay; a self-hosted relay')
    }
    expect(() => walletConnect({ projectId: 'p' })).not.toThrow()
  })

  it('sessionProperties: string values by key, at most 20; anything else is INVALID_OPTIONS', () => {
    expect(() => walletConnect({ projectId: 'p', sessionProperties: { app: 'shop', flag: 'true' } })).not.toThrow()
    for (const sessionProperties of [{ n: 1 }, { '': 'empty key' }, { long: 'x'.repeat(1001) }, Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])), 'junk']) {
      expect(() => walletConnect({ projectId: 'p', sessionProperties: sessionProperties as never })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }))
    }
  })

  it('registered without a chain family plugin, createLatch throws WALLETCONNECT_NO_FAMILY; with any family plugin it does not', () => {
    const networks = [createTestNetwork('eip155', 1)]
    const alone = () => createLatch({ networks, plugins: [walletConnect({ projectId: 'p', relayUrl: 'ws://127.0.0.1:9' })], ports: createTestPorts().ports })
    expect(alone).toThrow(LatchError)
    expect(alone).toThrow(/^WalletConnect needs a chain family plugin \(WALLETCONNECT_NO_FAMILY\): walletConnect\(\) hands its session to a chain family plugin; register eip155\(\), solana\(\) or bip122\(\) beside it$/)
    // A plugin claiming a family no session carries does not count.
    const other = { name: 'other', namespaces: ['polkadot' as never] }
    expect(() => createLatch({ networks, plugins: [other, walletConnect({ projectId: 'p' })], ports: createTestPorts().ports })).toThrow(/WALLETCONNECT_NO_FAMILY/)
    const latch = createLatch({ networks, plugins: [eip155(), walletConnect({ projectId: 'p', relayUrl: 'ws://127.0.0.1:9' })], ports: createTestPorts().ports })
    latches.push(latch)
  })

  it('refuses metadata that is not http(s) or not shaped as the sign-client wants', () => {
    const good = { name: 'Dapp', description: '', url: 'https://dapp.example', icons: ['https://dapp.example/icon.png'] }
    expect(() => walletConnect({ projectId: 'p', metadata: good })).not.toThrow()
    for (const metadata of [{ ...good, url: 'javascript:alert(1)' }, { ...good, icons: ['data:image/svg+xml,<svg/>'] }, { ...good, name: '' }, { name: 'x' }]) {
      expect(() => walletConnect({ projectId: 'p', metadata: metadata as never })).toThrow(/INVALID_OPTIONS/)
    }
  })
})

// docs/walletconnect.md, "Metadata".
describe('the metadata the sign-client announces', () => {
  const page = new JSDOM(
    '<!doctype html><title> My Dapp </title><link rel="icon" href="/favicon.ico"><link rel="apple-touch-icon icon" href="https://cdn.example/i.png"><link rel="stylesheet" href="/s.css"><link rel="icon" href="data:image/png;base64,AA==">',
    { url: 'https://dapp.example/some/page?q=1' },
  )
  const win = page.window as unknown as Window

  it('is read from the page when neither the plugin nor createLatch gives any: title, origin, http(s) icons, no description', () => {
    expect(dappMetadata(undefined, undefined, win)).toEqual({ name: 'My Dapp', description: '', url: 'https://dapp.example', icons: ['https://dapp.example/favicon.ico', 'https://cdn.example/i.png'] })
    const untitled = new JSDOM('<!doctype html>', { url: 'http://localhost:5173/' }).window as unknown as Window
    expect(pageMetadata(untitled)).toEqual({ name: 'localhost:5173', description: '', url: 'http://localhost:5173', icons: [] })
  })

  it("is the plugin's, else createLatch's, whatever the page says; on the server nothing is read", () => {
    fc.assert(
      fc.property(fc.option(fc.record({ name: fc.string(), description: fc.string(), url: fc.webUrl(), icons: fc.array(fc.webUrl()) }), { nil: undefined }), fc.option(fc.record({ name: fc.string(), description: fc.string(), url: fc.webUrl(), icons: fc.array(fc.webUrl()) }), { nil: undefined }), fc.boolean(), (own, latch, inPage) => {
        const chosen = dappMetadata(own, latch, inPage ? win : undefined)
        if (own) expect(chosen).toEqual(own)
        else if (latch) expect(chosen).toEqual(latch)
        else if (inPage) expect(chosen?.url).toBe('https://dapp.example')
        else expect(chosen).toBeUndefined()
      }),
      { numRuns: 50 },
    )
    // A window whose document throws gives the origin and no more.
    const hostile = { location: { origin: 'https://dapp.example' }, get document(): never { throw new Error('no') } } as unknown as Window
    expect(pageMetadata(hostile)).toEqual({ name: 'dapp.example', description: '', url: 'https://dapp.example', icons: [] })
  })
})

/** A port on 127.0.0.1 nothing listens on: taken from the OS, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

// docs/walletconnect.md, "Errors": a relay that cannot be reached fails the pairing at once, with the real sign-client.
describe('a relay that cannot be reached', () => {
  it("fails the connect at once with NETWORK_ERROR 'Sign Client not initialized', before connectTimeout (the clock never moves), and again on Retry", async () => {
    const relayUrl = `ws://127.0.0.1:${await closedPort()}`
    const t = createTestPorts()
    const latch = createLatch({
      networks: [createTestNetwork('eip155', 31337)],
      plugins: [eip155(), walletConnect({ projectId: 'latch-test', relayUrl, storage: memoryStore(), storagePrefix: 'unreachable', connectTimeout: 15_000 })],
      ports: t.ports,
      logLevel: 'silent',
    })
    latches.push(latch)
    for (const attempt of [1, 2]) {
      const error = (await connect(latch, { connectorId: 'walletConnect', ns: 'eip155' }).catch((e: unknown) => e)) as LatchError
      expect(error, `attempt ${attempt}`).toBeInstanceOf(LatchError)
      expect(error.toData()).toEqual({ code: 'NETWORK_ERROR', shortMessage: 'Sign Client not initialized', messageId: 'SIGN_CLIENT_NOT_INITIALIZED', details: `WalletConnect: the relay ${relayUrl} cannot be reached (the socket did not open)` })
      expect(error.message).toBe(`Sign Client not initialized (NETWORK_ERROR): WalletConnect: the relay ${relayUrl} cannot be reached (the socket did not open)`)
    }
    // The virtual clock never moved: the 15 s timeout had no part in it.
    expect(t.scheduler.now()).toBe(0)
    expect(latch.getState().chains.eip155.connectorId).toBeUndefined()
    // Nothing of the socket's URL (its token) is in the log.
    expect(JSON.stringify(latch.exportLog())).not.toMatch(/auth=/)
    expect(latch.exportLog().events.filter((e) => e.type === walletConnectPairingEnded.type)).toEqual([])
  })
})
