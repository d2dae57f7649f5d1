import { filter, from, mergeMap } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createLatch } from '../latch'
import { definePlugin } from '../engine/plugin'
import { accountConnected, networkSwitched } from '../core/slices/chains'
import { networkSwitchFailed, networkSwitchRequested, networkSwitchSucceeded } from '../core/intents'
import { createTestNetwork, createTestPorts } from '../testing'
import { removeNetwork } from './index'

// docs/behaviour.md, "Network changes": removing a network falls back to the family's first remaining one.
const networks = [createTestNetwork('eip155', 1), createTestNetwork('eip155', 10), createTestNetwork('eip155', 137)]

/** A family plugin whose wallet switches when `accept` says so. */
function family(accept: () => boolean) {
  return definePlugin({
    name: 'family',
    namespaces: ['eip155'],
    effects: [
      (events$) =>
        events$.pipe(
          filter(networkSwitchRequested.match),
          mergeMap((e) =>
            from(
              accept()
                ? [networkSwitched({ caipNetworkId: e.payload.caipNetworkId }, { ns: e.ns }), networkSwitchSucceeded({ caipNetworkId: e.payload.caipNetworkId }, { ns: e.ns, requestId: e.requestId })]
                : [networkSwitchFailed({ error: { code: 'USER_REJECTED', shortMessage: 'Network switch declined' } }, { ns: e.ns, requestId: e.requestId })],
            ),
          ),
        ),
    ],
  })
}

const current = (latch: ReturnType<typeof createLatch>) => latch.getState().chains.eip155.network.caipNetwork?.caipNetworkId
const configured = (latch: ReturnType<typeof createLatch>) => latch.getState().chains.eip155.network.requestedCaipNetworks.map((n) => n.caipNetworkId)

describe('removeNetwork', () => {
  it('removes a network that is not the current one; the current one stays', async () => {
    const latch = createLatch({ networks, plugins: [family(() => true)], ports: createTestPorts().ports })
    await expect(removeNetwork(latch, { caipNetworkId: 'eip155:10' })).resolves.toEqual({ caipNetworkId: 'eip155:1' })
    expect(configured(latch)).toEqual(['eip155:1', 'eip155:137'])
  })

  it('removing the current network with no wallet connected falls back to the first remaining one, asking nothing', async () => {
    const latch = createLatch({ networks, plugins: [family(() => true)], ports: createTestPorts().ports })
    await expect(removeNetwork(latch, { caipNetworkId: 'eip155:1' })).resolves.toEqual({ caipNetworkId: 'eip155:10' })
    expect(configured(latch)).toEqual(['eip155:10', 'eip155:137'])
    expect(latch.exportLog().events.some((e) => e.type === 'network/switchRequested')).toBe(false)
    // Down to none: the family has no network.
    await removeNetwork(latch, { caipNetworkId: 'eip155:10' })
    await expect(removeNetwork(latch, { caipNetworkId: 'eip155:137' })).resolves.toEqual({ caipNetworkId: undefined })
    expect(configured(latch)).toEqual([])
  })

  it('with a wallet connected on it, the wallet switches to the fallback first; a declined switch removes nothing', async () => {
    let accept = false
    const latch = createLatch({ networks, plugins: [family(() => accept)], ports: createTestPorts().ports })
    latch.dispatch(accountConnected({ caipAddress: 'eip155:1:0xabc0000000000000000000000000000000000001', connectorId: 'metamask' }, { ns: 'eip155' }))
    await expect(removeNetwork(latch, { caipNetworkId: 'eip155:1' })).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(configured(latch)).toEqual(['eip155:1', 'eip155:10', 'eip155:137'])
    expect(current(latch)).toBe('eip155:1')
    accept = true
    await expect(removeNetwork(latch, { caipNetworkId: 'eip155:1' })).resolves.toEqual({ caipNetworkId: 'eip155:10' })
    const asked = latch.exportLog().events.filter((e) => e.type === 'network/switchRequested').map((e) => (e.payload as { caipNetworkId: string }).caipNetworkId)
    expect(asked).toEqual(['eip155:10', 'eip155:10'])
    expect(latch.getState().chains.eip155.account.caipAddress).toBe('eip155:10:0xabc0000000000000000000000000000000000001')
  })

  it('refuses the last network of a connected family, a network not configured, a malformed id and an unknown family', async () => {
    const latch = createLatch({ networks: [networks[0]!], plugins: [family(() => true)], ports: createTestPorts().ports })
    latch.dispatch(accountConnected({ caipAddress: 'eip155:1:0xabc0000000000000000000000000000000000001', connectorId: 'metamask' }, { ns: 'eip155' }))
    await expect(removeNetwork(latch, { caipNetworkId: 'eip155:1' })).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    await expect(removeNetwork(latch, { caipNetworkId: 'eip155:5' })).rejects.toMatchObject({ code: 'NETWORK_NOT_FOUND', shortMessage: 'Network not found' })
    await expect(removeNetwork(latch, { caipNetworkId: 'eip155' as never })).rejects.toMatchObject({ code: 'INVALID_CAIP2' })
    await expect(removeNetwork(latch, { caipNetworkId: 'unknownfamily:x' as never })).rejects.toMatchObject({ code: 'NETWORK_UNSUPPORTED' })
    expect(configured(latch)).toEqual(['eip155:1'])
  })
})
