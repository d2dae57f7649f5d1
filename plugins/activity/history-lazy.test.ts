import { describe, expect, it, vi } from 'vitest'
import { accountConnected, createLatch, type LatchEvent } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { createApiClient } from '../provider-api/index'
import { transactionsFetchRequested } from './history'
import { api } from '../api/index'
import { getTransactions } from '../api/client'

// docs/plugins.md, "Loading on demand": the history's code cannot be loaded (say, the visitor went offline).
vi.mock('./history-effect', () => {
  throw new Error('offline')
})

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const caipAddress = `eip155:1:${owner}`

describe('the transaction history when its code does not load', () => {
  it('a history request fails with FETCH_TRANSACTIONS_FAILED and its toast, and the next one tries again', async () => {
    const t = createTestPorts()
    const latch = createLatch({ networks: [createTestNetwork('eip155', 1)], plugins: [api()], ports: t.ports })
    const events: LatchEvent[] = []
    latch.events$.subscribe((event) => events.push(event))
    latch.dispatch(accountConnected({ caipAddress, connectorId: 'dev' }, { ns: 'eip155' }))
    latch.dispatch(transactionsFetchRequested({ caipAddress }))
    await vi.waitFor(() => expect(latch.getState().transactions?.loading).toBe(false))
    expect(latch.getState().transactions).toMatchObject({ empty: true, error: { code: 'FETCH_TRANSACTIONS_FAILED' } })
    expect(events.filter((event) => event.type === 'toast/requested')).toHaveLength(1)
    latch.dispatch(transactionsFetchRequested({ caipAddress }))
    expect(latch.getState().transactions?.loading).toBe(true)
    await vi.waitFor(() => expect(latch.getState().transactions?.loading).toBe(false))
    expect(events.filter((event) => event.type === 'toast/requested')).toHaveLength(2)
  })

  it('getTransactions rejects with FETCH_TRANSACTIONS_FAILED', async () => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', projectId: 'p1', fetch: () => Promise.reject(new Error('unused')), scheduler: createTestPorts().ports.scheduler })
    await expect(getTransactions(client, { address: owner, chainId: 'eip155:1' })).rejects.toMatchObject({ code: 'FETCH_TRANSACTIONS_FAILED', details: expect.stringContaining('did not load') })
  })
})
