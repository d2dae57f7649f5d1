import { describe, expect, it } from 'vitest'
import { connectionAttemptEnded, connectionAttemptStarted } from '../core/slices/connection'
import { answerIntent } from '../engine/answer-intent'
import { accountConnected } from '../core/slices/chains'
import { walletConnectFailed, walletConnectRequested, walletConnectSucceeded } from '../core/intents'
import { LatchError } from '../engine/errors'
import { createLatch } from '../latch'
import { definePlugin } from '../engine/plugin'
import { createTestPorts } from '../testing'
import type { CaipAddress } from '../types'
import { answerFamilyConnect } from './connect'

type Wallet = { id: string; answer: () => Promise<string> }

/** A family whose wallets answer when the test says: `pending[id]` resolves that wallet's prompt with an address. */
function setup(options: { foreign?: string[] } = {}) {
  const t = createTestPorts()
  const prompts: Record<string, ((address: string) => void)[]> = {}
  const aborted: string[] = []
  const wallets = new Map<string, Wallet>(
    ['a', 'b'].map((id) => [id, { id, answer: () => new Promise<string>((resolve) => (prompts[id] ??= []).push(resolve)) }]),
  )
  const plugin = definePlugin({
    name: 'family',
    namespaces: ['eip155'],
    effects: [
      (events$, ctx) =>
        answerFamilyConnect(events$, ctx, {
          ns: 'eip155',
          toError: (error) => (error instanceof LatchError ? error : new LatchError('UNKNOWN')),
          find: (id) => wallets.get(id),
          isForeign: (id) => options.foreign?.includes(id) ?? false,
          abort: (reason) => aborted.push(reason),
          async connect(wallet, stillCurrent) {
            const address = await wallet.answer()
            stillCurrent()
            const caipAddress = `eip155:1:${address}` as CaipAddress
            return {
              events: [accountConnected({ caipAddress, connectorId: wallet.id }, { ns: 'eip155' })],
              caipAddress,
              listing: { id: wallet.id, name: wallet.id, rdns: null, chains: ['eip155'], installed: true },
            }
          },
        }),
    ],
  })
  // The plugin that lists the foreign connectors answers their connects (WalletConnect's kind: no `namespaces`).
  const connector = definePlugin({
    name: 'connector',
    effects: [
      (events$) =>
        answerIntent(
          events$,
          { intent: walletConnectRequested, succeeded: walletConnectSucceeded, failed: walletConnectFailed, ns: 'eip155', owns: (intent) => options.foreign?.includes(intent.payload.connectorId) ?? false },
          async () => {
            throw new LatchError('UNKNOWN', { message: 'NOT_CONNECTED', details: 'the connector has no session' })
          },
        ),
    ],
  })
  const latch = createLatch({ plugins: [plugin, connector], ports: t.ports })
  const connect = (connectorId: string) => latch.request({ type: 'wallet/connectRequested', ns: 'eip155', payload: { connectorId } }, { timeout: 1_000 })
  const answer = async (id: string, address: string) => {
    for (const resolve of prompts[id] ?? []) resolve(address)
    for (let i = 0; i < 10; i++) await Promise.resolve()
  }
  const statuses = () => latch.exportLog().events.filter((e) => e.type === 'connection/statusChanged').map((e) => (e.payload as { status: string }).status)
  return { t, latch, connect, answer, prompts, aborted, statuses }
}

const address = '0x' + '11'.repeat(20)

describe('answerFamilyConnect (docs/behaviour.md, "Wallet requests")', () => {
  it('connects: connecting, the facts, connected, a recent wallet, and the account as the answer', async () => {
    const { latch, connect, answer, statuses } = setup()
    const pending = connect('a')
    await Promise.resolve()
    await answer('a', address)
    await expect(pending).resolves.toEqual({ caipAddress: `eip155:1:${address}` })
    expect(statuses()).toEqual(['connecting', 'connected'])
    expect(latch.getState().connection.recentWallets.map((wallet) => wallet.id)).toEqual(['a'])
  })

  it('a second intent for the same wallet joins the pending attempt: one prompt, one answer for both', async () => {
    const { connect, answer, prompts } = setup()
    const first = connect('a')
    const second = connect('a')
    for (let i = 0; i < 5; i++) await Promise.resolve()
    expect(prompts.a).toHaveLength(1)
    await answer('a', address)
    await expect(first).resolves.toEqual({ caipAddress: `eip155:1:${address}` })
    await expect(second).resolves.toEqual({ caipAddress: `eip155:1:${address}` })
  })

  it('another wallet replaces the attempt: the first fails REQUEST_ABORTED, its calls are aborted and its late answer dropped', async () => {
    const { latch, connect, answer, aborted } = setup()
    const first = connect('a')
    for (let i = 0; i < 5; i++) await Promise.resolve()
    const second = connect('b')
    for (let i = 0; i < 5; i++) await Promise.resolve()
    expect(aborted).toEqual(['a connection to b replaced the one to a'])
    await answer('a', address)
    await expect(first).rejects.toMatchObject({ code: 'REQUEST_ABORTED' })
    await answer('b', '0x' + '22'.repeat(20))
    await expect(second).resolves.toEqual({ caipAddress: `eip155:1:0x${'22'.repeat(20)}` })
    expect(latch.getState().chains.eip155.account.caipAddress).toBe(`eip155:1:0x${'22'.repeat(20)}`)
  })

  it('a failed attempt puts the status back; an unknown connector is CONNECTOR_NOT_FOUND; another plugin’s is left to it', async () => {
    const { latch, connect, statuses } = setup({ foreign: ['theirs'] })
    await expect(connect('nobody')).rejects.toMatchObject({ code: 'CONNECTOR_NOT_FOUND' })
    // Left to the plugin that lists it, which answers alone: here with the NOT_CONNECTED text (docs/errors.md).
    await expect(connect('theirs')).rejects.toMatchObject({ shortMessage: 'Please call connect() before request()' })
    expect(statuses()).toEqual([])
    const answers = latch.exportLog().events.filter((e) => e.type === 'wallet/connectFailed')
    expect(answers).toHaveLength(2)
  })

  it('the recent wallet is recorded once: under the chosen listing when the modal\'s attempt carries one, else the family\'s entry', async () => {
    const { latch, connect, answer } = setup()
    const chosen = { id: 'explorer-a', name: 'Wallet A', rdns: null, chains: ['eip155' as const] }
    latch.dispatch(connectionAttemptStarted({ id: 1, via: 'external', connectorId: 'a', listing: chosen }, { ns: 'eip155' }))
    const pending = connect('a')
    await Promise.resolve()
    await answer('a', address)
    await pending
    // The family left it to the attempt: no connection/recentWalletAdded, nothing recorded until the attempt succeeds.
    expect(latch.exportLog().events.filter((e) => e.type === 'connection/recentWalletAdded')).toEqual([])
    expect(latch.getState().connection.recentWallets).toEqual([])
    latch.dispatch(connectionAttemptEnded({ id: 1, outcome: 'succeeded' }))
    expect(latch.getState().connection.recentWallets.map((wallet) => wallet.id)).toEqual(['explorer-a'])
    // A connect the modal did not start (an integrator's connect()) records the family's entry.
    const other = connect('b')
    await Promise.resolve()
    await answer('b', address)
    await other
    expect(latch.getState().connection.recentWallets.map((wallet) => wallet.id)).toEqual(['b', 'explorer-a'])
  })
})
