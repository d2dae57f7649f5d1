import { describe, expect, it } from 'vitest'
import { answerRequest, createFamilies } from './families'

const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const session = { switchTo: () => Promise.resolve() }

describe('the dev wallet’s namespaces, without a relay', () => {
  const { families } = createFamilies({ eip155: [], solana: ['solana:localnet'], bip122: [regtest] })
  const answer = (method: string, params: unknown, chainId: string) => Promise.resolve().then(() => answerRequest(families, method, params, chainId, session))

  it('answers 4200 for a solana or bip122 method it does not implement', async () => {
    await expect(answer('solana_signTransaction', { transaction: '' }, 'solana:localnet')).rejects.toMatchObject({ code: 4200 })
    await expect(answer('sendTransfer', { account: 'x', recipientAddress: 'y', amount: '1' }, regtest)).rejects.toMatchObject({ code: 4200 })
  })

  it('answers 4902 for a chain it does not serve', async () => {
    await expect(answer('solana_getAccounts', {}, 'solana:devnet')).rejects.toMatchObject({ code: 4902 })
    await expect(answer('getAccountAddresses', {}, 'bip122:000000000019d6689c085ae165831e93')).rejects.toMatchObject({ code: 4902 })
    await expect(answer('getAccounts', {}, 'cosmos:cosmoshub-4')).rejects.toMatchObject({ code: 4902 })
  })

  it('refuses to start with a chain that is not a CAIP-2 id of its namespace', () => {
    expect(() => createFamilies({ eip155: [], solana: ['localnet'] })).toThrow(/solana chains must be CAIP-2 ids/)
    expect(() => createFamilies({ eip155: [], bip122: ['solana:localnet'] })).toThrow(/bip122 chains must be CAIP-2 ids/)
  })
})
