import { filter, map } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createLatch } from '../latch'
import { definePlugin } from '../engine/plugin'
import { createTestNetwork, createTestPorts } from '../testing'
import { networkSwitchFailed, networkSwitchRequested, walletSignMessageRequested, walletSignMessageSucceeded } from '../core/intents'
import { connect, disconnect, sendTransaction, signMessage, switchNetwork } from './index'

// A family plugin answering the generic intents for eip155, as plugins/eip155 does with a real wallet.
const family = definePlugin({
  name: 'family',
  namespaces: ['eip155'],
  effects: [
    (events$) =>
      events$.pipe(
        filter(walletSignMessageRequested.match),
        filter((e) => e.ns === 'eip155'),
        map((e) => walletSignMessageSucceeded({ signature: `signed:${e.payload.message}` }, { ns: e.ns, requestId: e.requestId })),
      ),
    (events$) =>
      events$.pipe(
        filter(networkSwitchRequested.match),
        map((e) => networkSwitchFailed({ error: { code: 'SWITCH_CHAIN_FAILED', shortMessage: 'Chain not approved or wallet lacks the switch method' } }, { ns: e.ns, requestId: e.requestId })),
      ),
  ],
})

describe('action verbs', () => {
  const networks = [createTestNetwork('eip155', 1), createTestNetwork('eip155', 2)]

  it('connect through WalletConnect with no WalletConnect plugin is refused at once: WalletConnectConnector not found', async () => {
    const latch = createLatch({ networks, plugins: [family], ports: createTestPorts().ports })
    await expect(connect(latch, { connectorId: 'walletConnect', ns: 'eip155' })).rejects.toMatchObject({ code: 'WALLETCONNECT_CONNECTOR_NOT_FOUND', shortMessage: 'WalletConnectConnector not found' })
    expect(latch.exportLog().events.some((e) => e.type === 'wallet/connectRequested')).toBe(false)
  })

  it('signMessage goes through the log and resolves with the family plugin answer', async () => {
    const latch = createLatch({ networks, plugins: [family], ports: createTestPorts().ports })
    await expect(signMessage(latch, { message: 'hello' })).resolves.toEqual({ signature: 'signed:hello' })
    expect(latch.exportLog().events.map((e) => e.type)).toEqual(['latch/configured', 'wallet/signMessageRequested', 'wallet/signMessageSucceeded'])
  })

  it('a failed switch rejects with the catalogue text and navigates back from SwitchNetwork (docs/behaviour.md, "Network-switch routing")', async () => {
    const latch = createLatch({ networks, plugins: [family], ports: createTestPorts().ports })
    latch.dispatch({ type: 'modal/opened', payload: { view: { name: 'Networks' } } })
    latch.dispatch({ type: 'router/pushed', payload: { view: { name: 'SwitchNetwork', payload: { caipNetworkId: 'eip155:2' } } } })
    await expect(switchNetwork(latch, { caipNetworkId: 'eip155:2' })).rejects.toMatchObject({ code: 'SWITCH_CHAIN_FAILED' })
    expect(latch.getState().router.history.map((v) => v.name)).toEqual(['Networks'])
  })

  it('refuses what cannot be asked: an unknown family, no active family', async () => {
    const latch = createLatch({ networks: [], plugins: [family], ports: createTestPorts().ports })
    await expect(switchNetwork(latch, { caipNetworkId: 'dogecoin:1' })).rejects.toMatchObject({ code: 'NETWORK_UNSUPPORTED' })
    await expect(sendTransaction(latch, { to: '0x0', value: 1n })).rejects.toMatchObject({ code: 'CHAIN_REQUIRED' })
    await expect(switchNetwork(latch, { caipNetworkId: 'nonsense' as never })).rejects.toMatchObject({ code: 'INVALID_CAIP2' })
  })

  it('connect and disconnect time out on virtual time when the family plugin does not answer', async () => {
    const t = createTestPorts()
    const latch = createLatch({ networks, plugins: [definePlugin({ name: 'silent', namespaces: ['eip155'] })], ports: t.ports })
    const pending = connect(latch, { connectorId: 'x', ns: 'eip155', timeout: 5_000 })
    t.advance(5_000)
    await expect(pending).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' })
    await expect(disconnect(latch)).resolves.toBeUndefined()
  })

  it('a request to a family no plugin connects fails NOT_CONNECTED at once (a connect: Chain adapter not found), not after the timeout (docs/errors.md)', async () => {
    const t = createTestPorts()
    const latch = createLatch({ networks, plugins: [family], ports: t.ports })
    const failed = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: { code: string; messageId?: string }) => `${error.code}/${error.messageId}`)
    // No clock moves: each answer is the kernel's own, given at once.
    expect(await failed(signMessage(latch, { message: 'hi', ns: 'solana' }))).toBe('UNKNOWN/NOT_CONNECTED')
    expect(await failed(connect(latch, { connectorId: 'x', ns: 'bip122' }))).toBe('CHAIN_ADAPTER_NOT_FOUND/CHAIN_ADAPTER_NOT_FOUND')
    expect(await failed(latch.request({ type: 'wallet/rpcRequested', ns: 'polkadot', payload: { method: 'x' } }))).toBe('UNKNOWN/NOT_CONNECTED')
    const answers = latch.exportLog().events.filter((e) => e.type.endsWith('Failed'))
    expect(answers.map((e) => [e.type, e.ns])).toEqual([['wallet/signMessageFailed', 'solana'], ['wallet/connectFailed', 'bip122'], ['wallet/rpcFailed', 'polkadot']])
    expect(answers[0]?.payload).toMatchObject({ error: { code: 'UNKNOWN', details: 'solana is not configured: no plugin holds a solana connection; register its family plugin, then call connect() first' } })
    // The family a plugin claims is left to it.
    await expect(signMessage(latch, { message: 'hi', ns: 'eip155' })).resolves.toEqual({ signature: 'signed:hi' })
  })
})
