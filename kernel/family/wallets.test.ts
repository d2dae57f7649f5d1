import { EMPTY } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createLatch } from '../latch'
import { definePlugin, type EffectContext } from '../engine/plugin'
import { createTestPorts } from '../testing'
import { remoteWallets, type RemoteWallet } from './wallets'

function wallet(connectorId: string): RemoteWallet {
  return { connectorId, accounts: [], methods: [], request: async () => null, switchChain: async () => undefined, disconnect: async () => undefined }
}

/** The contexts each plugin's effect got, so the test reads the registry as plugins do. */
function instance() {
  const contexts: EffectContext[] = []
  const grab = (name: string) => definePlugin({ name, effects: [(_events$, ctx) => (contexts.push(ctx), EMPTY)] })
  const latch = createLatch({ plugins: [grab('a'), grab('b')], ports: createTestPorts().ports })
  return { latch, contexts }
}

describe('remoteWallets (docs/plugins.md, "The family kit")', () => {
  it('is one registry per Latch instance: what a connector plugin sets, a family plugin of the same instance gets, by family and connector', () => {
    const { contexts } = instance()
    const [connector, family] = contexts as [EffectContext, EffectContext]
    const held = wallet('wc')
    remoteWallets(connector).set('solana', 'wc', held)
    expect(remoteWallets(family).get('solana', 'wc')).toBe(held)
    expect(remoteWallets(family).get('eip155', 'wc')).toBeUndefined()
    expect(remoteWallets(family).get('solana', 'other')).toBeUndefined()
    expect(remoteWallets(family).get('solana', undefined)).toBeUndefined()
    // A lazily loaded part's copy of the context (its own getState) reads the same registry.
    expect(remoteWallets({ ...family, getState: () => family.getState() }).get('solana', 'wc')).toBe(held)
    remoteWallets(connector).set('solana', 'wc', undefined)
    expect(remoteWallets(family).get('solana', 'wc')).toBeUndefined()
  })

  it('two instances share nothing', () => {
    const one = instance().contexts[0] as EffectContext
    const two = instance().contexts[0] as EffectContext
    remoteWallets(one).set('eip155', 'wc', wallet('wc'))
    expect(remoteWallets(two).get('eip155', 'wc')).toBeUndefined()
  })
})
