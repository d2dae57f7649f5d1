import { merge } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { answerIntent } from '../engine/answer-intent'
import { accountConnected, accountDisconnected, accountStatusChanged } from '../core/slices/chains'
import { connectionStatusChanged } from '../core/slices/connection'
import { modalClosed, modalOpened } from '../core/slices/router'
import { walletConnectFailed, walletConnectRequested, walletConnectSucceeded, walletDisconnectFailed, walletDisconnectRequested, walletDisconnectSucceeded } from '../core/intents'
import { LatchError } from '../engine/errors'
import { createLatch } from '../latch'
import { definePlugin, type Effect } from '../engine/plugin'
import { connectionStateOf } from '../rules/connection-state'
import { selectNetworkRoute, selectProfileConnections } from '../core/connection-selectors'
import { createTestNetwork, createTestPorts } from '../testing'
import type { CaipAddress, ChainNamespace, ConnectionAccount } from '../types'
import { connect, disconnect, disconnectConnection, switchConnection } from './index'

// docs/behaviour.md, "Several connections", with a family plugin per namespace whose wallets answer from a table.
const wallets: Record<ChainNamespace, Record<string, readonly ConnectionAccount[]>> = {
  eip155: {
    first: [{ address: '0x00000000000000000000000000000000000000a1' }, { address: '0x00000000000000000000000000000000000000a2' }],
    second: [{ address: '0x00000000000000000000000000000000000000b1' }],
  },
  solana: { phantom: [{ address: 'So1anaAccount1111111111111111111111111111111' }] },
  bip122: {
    xverse: [
      { address: 'bc1qpayment0000000000000000000000000000000', type: 'payment' },
      { address: 'bc1pordinals000000000000000000000000000000000000000000000', type: 'ordinal' },
    ],
  },
  polkadot: {},
  cosmos: {},
}

function familyOf(ns: ChainNamespace): Effect {
  return (events$, ctx) => {
    const connects = answerIntent(events$, { intent: walletConnectRequested, succeeded: walletConnectSucceeded, failed: walletConnectFailed, ns }, async (intent, emit) => {
      const accounts = wallets[ns][intent.payload.connectorId]
      if (!accounts) throw new LatchError('CONNECTOR_NOT_FOUND', { values: { id: intent.payload.connectorId } })
      const network = ctx.getState().chains[ns].network.caipNetwork
      const caipAddress = `${network?.caipNetworkId}:${accounts[0]?.address}` as CaipAddress
      emit(accountConnected({ caipAddress, connectorId: intent.payload.connectorId, accounts }, { ns }))
      emit(connectionStatusChanged({ status: 'connected' }))
      return { caipAddress }
    })
    const disconnects = answerIntent(events$, { intent: walletDisconnectRequested, succeeded: walletDisconnectSucceeded, failed: walletDisconnectFailed, ns }, async (_intent, emit) => {
      emit(accountDisconnected({}, { ns }))
      return {}
    })
    return merge(connects, disconnects)
  }
}

const networks = [createTestNetwork('eip155', 1), createTestNetwork('solana', 'devnet'), createTestNetwork('bip122', 'testnet')]
const families = definePlugin({ name: 'families', namespaces: ['eip155', 'solana', 'bip122'], effects: [familyOf('eip155'), familyOf('solana'), familyOf('bip122')] })

function setup() {
  const latch = createLatch({ networks, plugins: [families], ports: createTestPorts().ports })
  const types = () => latch.exportLog().events.map((e) => e.type)
  const family = (ns: ChainNamespace) => ({ connectorId: latch.getState().chains[ns].connectorId, connections: latch.getState().connection.connections[ns] })
  return { latch, types, family }
}

describe('several connections', () => {
  it('a second wallet of a family becomes its connected one; the first stays as an active connection to switch back to', async () => {
    const { latch, family, types } = setup()
    await connect(latch, { ns: 'eip155', connectorId: 'first' })
    await connect(latch, { ns: 'eip155', connectorId: 'second' })
    expect(connectionStateOf(family('eip155'), 'second')).toBe('connected')
    expect(connectionStateOf(family('eip155'), 'first')).toBe('active')
    expect(connectionStateOf(family('eip155'), 'nobody')).toBe('disconnected')

    const result = await switchConnection(latch, { ns: 'eip155', connectorId: 'first' })
    expect(result).toEqual({ caipAddress: 'eip155:1:0x00000000000000000000000000000000000000a1', hasSwitchedAccount: true, hasSwitchedWallet: true })
    expect(connectionStateOf(family('eip155'), 'second')).toBe('active')
    expect(types().filter((t) => t === 'connection/switchingChanged')).toHaveLength(2)
    expect(latch.getState().connection.isSwitchingConnection).toBe(false)
  })

  it("while the family is connecting or reconnecting, a switch fails with 'Invalid connection status: {status}' and asks nothing", async () => {
    const { latch, types } = setup()
    await connect(latch, { connectorId: 'first', ns: 'eip155' })
    for (const status of ['connecting', 'reconnecting'] as const) {
      latch.dispatch(accountStatusChanged({ status }, { ns: 'eip155' }))
      const before = types().length
      const error = await switchConnection(latch, { ns: 'eip155', connectorId: 'second' }).catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'INVALID_CONNECTION_STATUS', shortMessage: `Invalid connection status: ${status}` })
      expect((error as Error).message).toBe(`Invalid connection status: ${status} (INVALID_CONNECTION_STATUS): eip155 is ${status}: switch once it has connected or failed`)
      expect(types().slice(before)).toEqual([])
    }
    latch.dispatch(accountStatusChanged({ status: 'connected' }, { ns: 'eip155' }))
    await expect(switchConnection(latch, { ns: 'eip155', connectorId: 'second' })).resolves.toMatchObject({ hasSwitchedWallet: true })
  })

  it('choosing another account of the connected wallet moves the account without asking the wallet', async () => {
    const { latch, types } = setup()
    await connect(latch, { ns: 'eip155', connectorId: 'first' })
    const asked = types().filter((t) => t === 'wallet/connectRequested').length
    const result = await switchConnection(latch, { ns: 'eip155', connectorId: 'first', address: '0x00000000000000000000000000000000000000A2' })
    expect(result).toMatchObject({ hasSwitchedAccount: true, hasSwitchedWallet: false })
    expect(latch.getState().chains.eip155.account.caipAddress).toBe('eip155:1:0x00000000000000000000000000000000000000a2')
    expect(types().filter((t) => t === 'wallet/connectRequested')).toHaveLength(asked)
    // The same account again: nothing switched.
    await expect(switchConnection(latch, { ns: 'eip155', connectorId: 'first', address: '0x00000000000000000000000000000000000000a2' })).resolves.toMatchObject({
      hasSwitchedAccount: false,
      hasSwitchedWallet: false,
    })
    await expect(switchConnection(latch, { ns: 'eip155', connectorId: 'first', address: '0xnot-mine' })).rejects.toMatchObject({ code: 'INVALID_ADDRESS' })
  })

  it('Bitcoin switches only to payment accounts, and only with an address (the specification texts)', async () => {
    const { latch } = setup()
    await connect(latch, { ns: 'bip122', connectorId: 'xverse' })
    const ordinals = wallets.bip122.xverse?.[1]?.address as string
    await expect(switchConnection(latch, { ns: 'bip122', connectorId: 'xverse', address: ordinals })).rejects.toMatchObject({
      code: 'NON_PAYMENT_ACCOUNT',
      shortMessage: 'Switching to non-payment accounts is not allowed for bip122',
    })
    await expect(switchConnection(latch, { ns: 'bip122', connectorId: 'xverse', address: '' })).rejects.toMatchObject({
      code: 'BIP122_ADDRESS_REQUIRED',
      shortMessage: 'Address parameter is required for switching bip122 connection',
    })
    expect(latch.getState().chains.bip122.account.caipAddress?.endsWith('bc1qpayment0000000000000000000000000000000')).toBe(true)
  })

  it('families are independent: connecting Solana leaves the EVM connection as it was, and switching activates the family', async () => {
    const { latch } = setup()
    await connect(latch, { ns: 'eip155', connectorId: 'first' })
    const evm = latch.getState().chains.eip155
    await connect(latch, { ns: 'solana', connectorId: 'phantom' })
    expect(latch.getState().chains.eip155).toBe(evm)
    expect(latch.getState().connection.connections.eip155).toHaveLength(1)
    expect(latch.getState().activeNamespace).toBe('eip155')

    await switchConnection(latch, { ns: 'solana', connectorId: 'phantom' })
    expect(latch.getState().activeNamespace).toBe('solana')
    expect(selectProfileConnections(latch.getState()).map((f) => [f.ns, f.connections.map((c) => `${c.connectorId}:${c.state}`)])).toEqual([
      ['solana', ['phantom:connected']],
      ['eip155', ['first:connected']],
      ['bip122', []],
    ])
  })

  it('disconnecting one connection: an inactive one is forgotten, the active one disconnects only its family', async () => {
    const { latch, family } = setup()
    await connect(latch, { ns: 'eip155', connectorId: 'first' })
    await connect(latch, { ns: 'eip155', connectorId: 'second' })
    await connect(latch, { ns: 'solana', connectorId: 'phantom' })
    await disconnectConnection(latch, { ns: 'eip155', connectorId: 'first' })
    expect(family('eip155').connections.map((c) => c.connectorId)).toEqual(['second'])
    expect(latch.getState().chains.eip155.connectorId).toBe('second')
    await disconnectConnection(latch, { ns: 'eip155', connectorId: 'second' })
    expect(latch.getState().chains.eip155.connectorId).toBeUndefined()
    expect(latch.getState().chains.solana.connectorId).toBe('phantom')
    expect(latch.getState().connection.status).toBe('connected')
    await disconnect(latch)
    expect(latch.getState().connection.status).toBe('disconnected')
  })

  it('moving to a family with no connection routes to SwitchActiveChain, flags the switch, and closing the modal returns to the connected family', async () => {
    const { latch } = setup()
    await connect(latch, { ns: 'eip155', connectorId: 'first' })
    const solana = networks[1] as (typeof networks)[1]
    expect(selectNetworkRoute(latch.getState(), solana)).toBe('SwitchActiveChain')
    expect(selectNetworkRoute(latch.getState(), networks[0] as (typeof networks)[0])).toBe('SwitchNetwork')
    latch.dispatch(modalOpened({ view: { name: 'Networks' } }))
    // No Solana wallet is connected: the family changes locally (as the Solana plugin does).
    latch.dispatch({ type: 'network/switched', ns: 'solana', payload: { caipNetworkId: solana.caipNetworkId } })
    expect(latch.getState().connection.isSwitchingNamespace).toBe(true)
    latch.dispatch(modalClosed({}))
    expect(latch.getState().activeNamespace).toBe('eip155')
    expect(latch.getState().connection.isSwitchingNamespace).toBe(false)

    // Connecting the new family instead clears the flag and keeps it active.
    latch.dispatch({ type: 'network/switched', ns: 'solana', payload: { caipNetworkId: solana.caipNetworkId } })
    await connect(latch, { ns: 'solana', connectorId: 'phantom' })
    expect(latch.getState().connection.isSwitchingNamespace).toBe(false)
    latch.dispatch(modalClosed({}))
    expect(latch.getState().activeNamespace).toBe('solana')
    expect(selectNetworkRoute(latch.getState(), networks[0] as (typeof networks)[0])).toBe('SwitchNetwork')
  })
})
