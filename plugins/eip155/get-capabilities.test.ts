import { describe, expect, it } from 'vitest'
import { connect } from '../../kernel/index'
import { getCapabilities, selectCapabilities } from './index'
import { anvilAccounts, setup, useChains } from '../../scripts/testing/eip155-harness'

const chains = useChains()

describe('getCapabilities (EIP-5792)', () => {
  it("returns the connected wallet's capabilities and keeps them for the UI", async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    const expected = { '0x7a69': { atomic: { status: 'unsupported' } } }
    await expect(getCapabilities(h.latch)).resolves.toEqual(expected)
    expect(h.wallet.calls.at(-1)).toEqual({ method: 'wallet_getCapabilities', params: [anvilAccounts[0]] })
    expect(selectCapabilities(h.latch.getState())).toEqual(expected)
  })

  it('needs an address (docs/errors.md)', async () => {
    const h = setup(chains)
    await expect(getCapabilities(h.latch)).rejects.toMatchObject({
      code: 'CAPABILITIES_ADDRESS_REQUIRED',
      shortMessage: 'Missing address parameter in `wallet_getCapabilities` request',
    })
    await expect(h.latch.request({ type: 'eip155/capabilitiesRequested', ns: 'eip155', payload: {} })).rejects.toMatchObject({
      code: 'CAPABILITIES_ADDRESS_REQUIRED',
    })
  })

  it('gives {} on any failure (docs/errors.md): no wallet, a wallet without the method, junk', async () => {
    const h = setup(chains)
    await expect(getCapabilities(h.latch, { address: anvilAccounts[0] })).resolves.toEqual({})
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    h.wallet.override('wallet_getCapabilities', () => {
      throw Object.assign(new Error('Method not supported'), { code: 4200 })
    })
    await expect(getCapabilities(h.latch)).resolves.toEqual({})
    h.wallet.override('wallet_getCapabilities', () => 'nope')
    await expect(getCapabilities(h.latch)).resolves.toEqual({})
    h.wallet.override('wallet_getCapabilities', () => new Promise(() => {}))
    const pending = getCapabilities(h.latch)
    h.t.advance(10_000)
    await expect(pending).resolves.toEqual({})
    expect(selectCapabilities(h.latch.getState())).toBeUndefined()
  })
})
