import { describe, expect, it, vi } from 'vitest'
import { accountConnected, createLatch, networkSwitched, walletSendTransactionRequested, walletSendTransactionSucceeded } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { transactionsFetchRequested } from './history'
import { api } from '../api/index'
import { eip155 } from '../eip155/index'

// docs/plugins.md, "Loading on demand": events kept while the history's code loads are each handed with the state they
// were dispatched in. A file of its own, so the code is not loaded yet by another test when the events are kept.

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const caipAddress = `eip155:31337:${owner}`

describe('the transaction history, with events kept while its code loads', () => {
  it('a history request kept behind a send lists the transaction that send recorded, and its receipt settles it', async () => {
    const t = createTestPorts()
    const latch = createLatch({ networks: [createTestNetwork('eip155', 31337)], plugins: [api(), eip155()], ports: t.ports })
    latch.dispatch(accountConnected({ caipAddress, connectorId: 'dev' }, { ns: 'eip155' }))
    latch.dispatch(networkSwitched({ caipNetworkId: 'eip155:31337' }, { ns: 'eip155' }))
    const hash = `0x${'1'.padStart(64, '0')}`
    latch.dispatch(walletSendTransactionRequested({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '250000000000000000' }, { ns: 'eip155', requestId: 'r1' }))
    latch.dispatch(walletSendTransactionSucceeded({ hash }, { ns: 'eip155', requestId: 'r1' }))
    latch.dispatch({ type: 'eip155/receiptReceived', ns: 'eip155', payload: { hash, caipAddress, status: 'reverted', blockNumber: 3 } } as never)
    latch.dispatch(transactionsFetchRequested({ caipAddress }))
    // Nothing answered yet: the code is loading and the events are kept.
    expect(latch.getState().transactions).toMatchObject({ loading: true, sent: {} })
    await vi.waitFor(() => expect(latch.getState().transactions?.loading).toBe(false))
    expect(latch.getState().transactions).toMatchObject({ source: 'browser', empty: false })
    expect(latch.getState().transactions?.items.map((transaction) => [transaction.id, transaction.metadata.status])).toEqual([[hash, 'failed']])
    expect(latch.getState().transactions?.sent[owner.toLowerCase()]?.map((transaction) => transaction.id)).toEqual([hash])
  })
})
