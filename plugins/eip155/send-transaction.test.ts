import { createPublicClient, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { connect, sendTransaction } from '../../kernel/index'
import { anvilAccounts, rpc, setup, useChains } from '../../scripts/testing/eip155-harness'

const chains = useChains()

describe('send transaction', () => {
  it('sends through the wallet; anvil mines it', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    const before = BigInt((await rpc(chains.a.url, 'eth_getBalance', [anvilAccounts[1], 'latest'])) as string)
    const { hash } = await sendTransaction(h.latch, { to: anvilAccounts[1], value: 10n ** 15n })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    // anvil mines in the background: wait for the receipt as a dapp would.
    const receipt = await createPublicClient({ transport: http(chains.a.url) }).waitForTransactionReceipt({ hash: hash as `0x${string}`, pollingInterval: 20 })
    expect(receipt.status).toBe('success')
    expect(receipt.from).toBe(anvilAccounts[0].toLowerCase())
    expect(BigInt((await rpc(chains.a.url, 'eth_getBalance', [anvilAccounts[1], 'latest'])) as string)).toBe(before + 10n ** 15n)
    expect(h.wallet.calls.at(-1)?.params[0]).toEqual({ from: anvilAccounts[0], to: anvilAccounts[1], value: '0x38d7ea4c68000' })
  })

  it('passes call data through', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    const { hash } = await sendTransaction(h.latch, { to: anvilAccounts[2], value: 0n, data: '0xdeadbeef' })
    const tx = await createPublicClient({ transport: http(chains.a.url) }).getTransaction({ hash: hash as `0x${string}` })
    expect(tx.input).toBe('0xdeadbeef')
  })

  it('refuses an invalid recipient before asking the wallet', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    await expect(sendTransaction(h.latch, { to: '0x1234', value: 1n })).rejects.toMatchObject({ code: 'INVALID_ADDRESS' })
    expect(h.wallet.methods()).not.toContain('eth_sendTransaction')
  })

  it('refuses a Solana token (an ERC-20 is a call in data) before asking the wallet', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    const token = { mint: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', decimals: 6 }
    await expect(sendTransaction(h.latch, { to: anvilAccounts[1], value: 1n, token })).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    expect(h.wallet.methods()).not.toContain('eth_sendTransaction')
  })

  it('a declined prompt is USER_REJECTED; junk instead of a hash is an error', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    h.wallet.reject('eth_sendTransaction')
    await expect(sendTransaction(h.latch, { to: anvilAccounts[1], value: 1n })).rejects.toMatchObject({ code: 'USER_REJECTED' })
    h.wallet.accept('eth_sendTransaction')
    h.wallet.override('eth_sendTransaction', () => '0xabc')
    await expect(sendTransaction(h.latch, { to: anvilAccounts[1], value: 1n })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })
})
