import { EMPTY } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { networkSwitched } from '../core/slices/chains'
import { LatchError } from '../engine/errors'
import { definePlugin } from '../engine/plugin'
import type { EffectContext, LatchEvent } from '../index'
import { createLatch } from '../latch'
import { createTestNetwork, createTestPorts } from '../testing'
import { familySession, isForeignConnector } from './session'
import { answerFamilyNetworkSwitch } from './switch-network'
import { remoteWallets, type RemoteWallet } from './wallets'

const one = createTestNetwork('eip155', 1)
const two = createTestNetwork('eip155', 2)

/** A family whose wallet switch does what `wallet` says; the log's network/switched events counted. */
function setup(wallet: (caipNetworkId: `${string}:${string}`, emit: (event: LatchEvent) => void) => Promise<void | 'reported'>) {
  const asked: string[] = []
  const plugin = definePlugin({
    name: 'family',
    namespaces: ['eip155'],
    effects: [
      (events$, ctx) =>
        answerFamilyNetworkSwitch(events$, ctx, {
          ns: 'eip155',
          toError: (error) => (error instanceof LatchError ? error : new LatchError('SWITCH_CHAIN_FAILED', { details: String(error) })),
          switchWallet: async (network, emit) => {
            asked.push(network.caipNetworkId)
            return wallet(network.caipNetworkId, emit)
          },
        }),
    ],
  })
  const latch = createLatch({ networks: [one, two], plugins: [plugin], ports: createTestPorts().ports })
  const switchTo = (caipNetworkId: `${string}:${string}`) => latch.request({ type: 'network/switchRequested', ns: 'eip155', payload: { caipNetworkId } }, { timeout: 1_000 })
  const switched = () => latch.exportLog().events.filter((e) => e.type === 'network/switched').length
  return { latch, asked, switchTo, switched }
}

describe('answerFamilyNetworkSwitch (docs/behaviour.md, "Network-switch routing")', () => {
  it('asks the wallet, then switches the family: the answer is the network', async () => {
    const { latch, asked, switchTo, switched } = setup(async () => undefined)
    const before = switched()
    await expect(switchTo('eip155:2')).resolves.toEqual({ caipNetworkId: 'eip155:2' })
    expect(asked).toEqual(['eip155:2'])
    expect(switched()).toBe(before + 1)
    expect(latch.getState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:2')
  })

  it('a network the dapp did not configure is NETWORK_NOT_FOUND, the wallet unasked', async () => {
    const { asked, switchTo } = setup(async () => undefined)
    await expect(switchTo('eip155:3')).rejects.toMatchObject({ code: 'NETWORK_NOT_FOUND' })
    expect(asked).toEqual([])
  })

  it('a wallet that reported the switch itself is not switched again; a failing wallet fails the switch and leaves the network', async () => {
    const reported = setup(async (caipNetworkId, emit) => {
      emit(networkSwitched({ caipNetworkId }, { ns: 'eip155' }))
      return 'reported'
    })
    const before = reported.switched()
    await reported.switchTo('eip155:2')
    expect(reported.switched()).toBe(before + 1)
    const failing = setup(async () => {
      throw new Error('the wallet stayed')
    })
    const network = failing.latch.getState().chains.eip155.network.caipNetwork?.caipNetworkId
    await expect(failing.switchTo('eip155:2')).rejects.toMatchObject({ code: 'SWITCH_CHAIN_FAILED' })
    expect(failing.latch.getState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe(network)
  })
})

describe('familySession and isForeignConnector (docs/plugins.md, "The family kit")', () => {
  it('nobody, a wallet the family discovered, or the one a connector handed it; none once the connector took it back', () => {
    let ctx!: EffectContext
    const plugin = definePlugin({ name: 'family', namespaces: ['eip155'], effects: [(_e, c) => ((ctx = c), EMPTY)] })
    const latch = createLatch({ networks: [one], plugins: [plugin], ports: createTestPorts().ports })
    const mine = new Map([['found', { provider: 'p' }]])
    const reader = { ns: 'eip155' as const, find: (id: string) => mine.get(id), local: (e: { provider: string }) => ({ held: e.provider }), remote: (w: RemoteWallet) => ({ held: w.connectorId }) }
    expect(familySession(ctx, reader)).toEqual({ kind: 'none' })
    const address = '0x' + '11'.repeat(20)
    latch.dispatch({ type: 'account/connected', ns: 'eip155', payload: { caipAddress: `eip155:1:${address}`, connectorId: 'found' } } as never)
    expect(familySession(ctx, reader)).toEqual({ kind: 'mine', address, held: 'p' })
    latch.dispatch({ type: 'account/connected', ns: 'eip155', payload: { caipAddress: `eip155:1:${address}`, connectorId: 'wc' } } as never)
    expect(familySession(ctx, reader)).toEqual({ kind: 'none' })
    const wallet = { connectorId: 'wc', accounts: [], methods: [], request: async () => null, switchChain: async () => undefined, disconnect: async () => undefined }
    remoteWallets(ctx).set('eip155', 'wc', wallet)
    expect(familySession(ctx, reader)).toEqual({ kind: 'mine', address, held: 'wc', remote: wallet })
    remoteWallets(ctx).set('eip155', 'wc', undefined)
    expect(familySession(ctx, reader)).toEqual({ kind: 'none' })
    expect(isForeignConnector(latch.getState(), 'eip155', reader.find, 'wc')).toBe(false)
    latch.dispatch({ type: 'connectors/discovered', payload: { connectors: [{ id: 'wc', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }] } } as never)
    expect(isForeignConnector(latch.getState(), 'eip155', reader.find, 'wc')).toBe(true)
    expect(isForeignConnector(latch.getState(), 'solana', reader.find, 'wc')).toBe(false)
    expect(isForeignConnector(latch.getState(), 'eip155', reader.find, 'found')).toBe(false)
  })
})
