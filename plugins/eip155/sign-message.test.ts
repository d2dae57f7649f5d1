import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { connect, signMessage } from '../../kernel/index'
import { anvilAccounts, setup, useChains } from '../../scripts/testing/eip155-harness'

const chains = useChains()

describe('sign message', () => {
  it('signs with personal_sign; the signature verifies for the connected address', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    const message = 'Sign in to Latch ✓ — nonce 42'
    const { signature } = await signMessage(h.latch, { message })
    expect(await verifyMessage({ address: anvilAccounts[0], message, signature: signature as `0x${string}` })).toBe(true)
    expect(h.wallet.calls.at(-1)?.params[1]).toBe(anvilAccounts[0])
  })

  it("a declined prompt is 'Signature declined' (docs/errors.md)", async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    h.wallet.reject('personal_sign')
    await expect(signMessage(h.latch, { message: 'hi' })).rejects.toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Signature declined' })
  })

  it('refuses junk from the wallet and a request without a wallet', async () => {
    const h = setup(chains)
    await expect(signMessage(h.latch, { message: 'hi', ns: 'eip155' })).rejects.toMatchObject({ shortMessage: 'Please call connect() before request()' })
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    h.wallet.override('personal_sign', () => '0x1234')
    await expect(signMessage(h.latch, { message: 'hi' })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
    h.wallet.override('personal_sign', () => ({ signature: 'nope' }))
    await expect(signMessage(h.latch, { message: 'hi' })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })
})
