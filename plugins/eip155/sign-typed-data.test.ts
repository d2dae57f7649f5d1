import { verifyTypedData, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { connect } from '../../kernel/index'
import { serializeTypedData, signTypedData } from './index'
import { anvilAccounts, setup, useChains } from '../../scripts/testing/eip155-harness'

const chains = useChains()

// A permit-like message: uint256 values beyond 2^53 as bigints, an address, nested structs.
const typedData = {
  domain: { name: 'Latch', version: '1', chainId: 31337n, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Permit: [
      { name: 'owner', type: 'Person' },
      { name: 'value', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
      { name: 'tags', type: 'string[]' },
    ],
  },
  primaryType: 'Permit',
  message: {
    owner: { name: 'Ada', wallet: anvilAccounts[0] },
    value: 2n ** 200n + 7n,
    deadline: 1_900_000_000n,
    tags: ['latch', 'typed'],
  },
} as const

describe('signTypedData (eth_signTypedData_v4)', () => {
  it('signs viem-style typed data with bigints; the signature verifies with viem; the call and its outcome are logged, the signature redacted', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    const { signature } = await signTypedData(h.latch, typedData)
    expect(await verifyTypedData({ address: anvilAccounts[0], ...typedData, signature })).toBe(true)
    // Another message does not verify: the check can fail.
    expect(await verifyTypedData({ address: anvilAccounts[0], ...typedData, message: { ...typedData.message, value: 1n }, signature })).toBe(false)
    const [address, json] = h.wallet.calls.at(-1)!.params as [string, string]
    expect(address).toBe(anvilAccounts[0])
    expect(JSON.parse(json)).toMatchObject({ message: { value: (2n ** 200n + 7n).toString(), deadline: '1900000000' }, domain: { chainId: '31337' } })
    const log = h.latch.exportLog().events
    const requested = log.find((e) => e.type === 'wallet/rpcRequested')
    expect(requested).toMatchObject({ ns: 'eip155', payload: { method: 'eth_signTypedData_v4' } })
    // A permit is a bearer credential until its deadline: only the caller gets it (docs/debugging.md, "What the log never holds").
    expect(log.find((e) => e.type === 'wallet/rpcSucceeded' && e.requestId === requested?.requestId)).toMatchObject({ payload: { result: '[redacted]' } })
    const everywhere = JSON.stringify(log) + JSON.stringify(h.latch.getState()) + h.t.warnings.join('\n')
    expect(everywhere).not.toContain(signature.slice(2, 40))
  })

  it('adds the EIP712Domain type the wallet hashes the domain with, from the fields the domain sets', () => {
    const json = JSON.parse(serializeTypedData({ domain: { name: 'x', chainId: 1 }, types: { A: [{ name: 'a', type: 'uint8' }] }, primaryType: 'A', message: { a: 1 } }))
    expect(json.types.EIP712Domain).toEqual([
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ])
    const own = [{ name: 'name', type: 'string' }]
    expect(JSON.parse(serializeTypedData({ domain: { name: 'x' }, types: { EIP712Domain: own, A: [] }, primaryType: 'A', message: {} })).types.EIP712Domain).toEqual(own)
  })

  it('refuses junk from the wallet with INVALID_RESPONSE (the visitor reads the generic text); a decline is USER_REJECTED', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    for (const junk of ['0x1234', { signature: '0xabc' }, 42, null, `0x${'z'.repeat(130)}`]) {
      h.wallet.override('eth_signTypedData_v4', () => junk)
      await expect(signTypedData(h.latch, typedData)).rejects.toMatchObject({ code: 'INVALID_RESPONSE', shortMessage: 'Something went wrong' })
    }
    h.wallet.restore('eth_signTypedData_v4')
    h.wallet.reject('eth_signTypedData_v4')
    await expect(signTypedData(h.latch, typedData)).rejects.toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Signature declined' })
  })

  it('refuses typed data whose primaryType is not among its types before the wallet sees it; needs a connection', async () => {
    const h = setup(chains)
    await expect(signTypedData(h.latch, typedData)).rejects.toMatchObject({ shortMessage: 'Please call connect() before request()' })
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    const bad = { ...typedData, primaryType: 'Nope' } as never
    const error = await signTypedData(h.latch, bad).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'INVALID_PARAMS' })
    expect((error as Error).message).toContain('primaryType')
    expect(h.wallet.methods()).not.toContain('eth_signTypedData_v4')
    expect((await signTypedData(h.latch, typedData)).signature as Hex).toMatch(/^0x[0-9a-f]{130}$/)
  })
})
