import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, disconnect, request, walletCancelRequested } from '../../kernel/index'
import { anvilAccounts, setup, startChains, type Chains } from '../../scripts/testing/eip155-harness'
import { signTypedData } from './index'

// Not useChains(): it loads the plugin's lazy code first, and this file checks what happens while it loads (each
// test file has its own modules, so here nothing is loaded yet).
let chains: Chains
beforeAll(async () => {
  chains = await startChains()
}, 30_000)
afterAll(() => chains.stop())

const typed = { types: { A: [{ name: 'a', type: 'uint256' }] }, primaryType: 'A', message: { a: 1n } } as const

describe('the wallet request code, loaded on the first request (docs/behaviour.md, "What loads when")', () => {
  it('answers the requests made while it loads as it would have at once: from the state they came in; what the visitor cancelled meanwhile fails, unasked', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    const asked = h.wallet.calls.length
    const chainId = request(h.latch, { method: 'eth_chainId' })
    const accounts = request(h.latch, { method: 'eth_accounts' })
    const signature = signTypedData(h.latch, typed)
    h.latch.dispatch(walletCancelRequested({}, { ns: 'eip155' }))
    await disconnect(h.latch)
    expect(await chainId).toBe('0x7a69')
    expect(await accounts).toEqual([anvilAccounts[0]])
    await expect(signature).rejects.toMatchObject({ code: 'REQUEST_ABORTED', shortMessage: 'Request was aborted' })
    expect(h.wallet.calls.slice(asked).map((call) => call.method)).not.toContain('eth_signTypedData_v4')
    // Loaded, it answers at once, from the state of now.
    expect(await request(h.latch, { method: 'eth_accounts' })).toEqual([])
  })
})
