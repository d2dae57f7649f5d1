import { describe, expect, it } from 'vitest'
import { connect } from '../../kernel/index'
import { waitForCallsStatus } from './index'
import { setup, useChains } from '../../scripts/testing/eip155-harness'

const chains = useChains()
const receipt = { logs: [], status: '0x1', blockHash: `0x${'ab'.repeat(32)}`, blockNumber: '0x5', gasUsed: '0x5208', transactionHash: `0x${'cd'.repeat(32)}` }

/** Lets the awaited wallet answers run before virtual time moves. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('waitForCallsStatus', () => {
  it('asks every second until the batch is no longer pending, then answers its status', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    let asked = 0
    h.wallet.override('wallet_getCallsStatus', () => (++asked < 3 ? { version: '2.0.0', id: '0x01', status: 100, atomic: true } : { version: '2.0.0', id: '0x01', status: 200, atomic: true, receipts: [receipt] }))
    const done = waitForCallsStatus(h.latch, { id: '0x01' })
    await settle()
    expect(asked).toBe(1)
    h.t.advance(999)
    await settle()
    expect(asked).toBe(1)
    h.t.advance(1)
    await settle()
    expect(asked).toBe(2)
    h.t.advance(1_000)
    await expect(done).resolves.toMatchObject({ status: 'success', statusCode: 200, receipts: [{ status: 'success', blockNumber: 5n }] })
    expect(asked).toBe(3)
  })

  it('stops at the time limit with REQUEST_TIMEOUT, and answers a failure as it is', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    h.wallet.override('wallet_getCallsStatus', () => ({ version: '2.0.0', id: '0x02', status: 100, atomic: true }))
    const stuck = waitForCallsStatus(h.latch, { id: '0x02', pollingInterval: 500, timeout: 2_000 })
    const caught = stuck.catch((error: unknown) => error)
    for (let i = 0; i < 5; i++) {
      await settle()
      h.t.advance(500)
    }
    expect(await caught).toMatchObject({ code: 'REQUEST_TIMEOUT' })
    h.wallet.override('wallet_getCallsStatus', () => ({ version: '2.0.0', id: '0x03', status: 500, atomic: true }))
    await expect(waitForCallsStatus(h.latch, { id: '0x03' })).resolves.toMatchObject({ status: 'failure', statusCode: 500 })
  })
})
