import { describe, expect, it } from 'vitest'
import { LatchError } from './errors'
import { checkPeer, loadPeer, type Peer } from './peer'

const peer: Peer = { name: '@wallet-standard/app', entry: 'latch/plugins/solana', export: 'getWallets' }

// docs/errors.md, PEER_MISSING: a missing optional peer is named, with the command that installs it.
describe('an optional peer package', () => {
  it('that fails to load (Vite\'s stand-in throws) is PEER_MISSING naming the package and the install command, the failure kept as cause', async () => {
    const viteStandIn = new Error('Could not resolve "@wallet-standard/app" imported by "latch". Is it installed?')
    const error = await loadPeer(peer, () => Promise.reject(viteStandIn)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LatchError)
    expect(error).toMatchObject({ code: 'PEER_MISSING', cause: viteStandIn, details: 'latch/plugins/solana needs the package @wallet-standard/app, which is not installed or could not be loaded: npm install @wallet-standard/app' })
    expect((error as LatchError).message).toBe(`Peer missing (PEER_MISSING): ${(error as LatchError).details}`)
    // The visitor sees only the generic text; the log keeps no cause.
    expect((error as LatchError).toData()).toEqual({ code: 'PEER_MISSING', shortMessage: 'Something went wrong', messageId: 'GENERIC', details: (error as LatchError).details })
  })

  it('that loads as an empty module (a bundler\'s stand-in) is PEER_MISSING too', async () => {
    for (const module of [{}, { default: {} }, { getWallets: undefined }, null]) {
      await expect(loadPeer(peer, async () => module)).rejects.toMatchObject({ code: 'PEER_MISSING', details: expect.stringContaining('npm install @wallet-standard/app') })
      expect(() => checkPeer(peer, module)).toThrow(/Peer missing \(PEER_MISSING\): latch\/plugins\/solana needs the package @wallet-standard\/app/)
    }
  })

  it('that is installed is given as it is', async () => {
    const module = { getWallets: () => 'registry' }
    await expect(loadPeer(peer, async () => module)).resolves.toBe(module)
    expect(checkPeer(peer, module)).toBe(module)
    // The real package, as the solana plugin imports it.
    const real = await loadPeer(peer, () => import('@wallet-standard/app'))
    expect(typeof real.getWallets).toBe('function')
  })
})
