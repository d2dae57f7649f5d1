import { describe, expect, it } from 'vitest'
import { connect, replay } from '../../kernel/index'
import { demoTokens, installDemoContracts } from '../../scripts/devnet/tokens'
import { countingFetch, untilMined } from '../../scripts/testing/counting-fetch'
import { anvilAccounts, rpc, setup, useChains } from '../../scripts/testing/eip155-harness'
import { eip155, estimateSendFee, selectPendingTransfers, sendTokens } from './index'

// docs/behaviour.md, "Sending tokens" and "Pending transactions", on anvil through the kernel, on virtual time.
const walletId = 'test.latch.wallet'
const chains = useChains()
const token = demoTokens[0]!

async function tokenBalance(url: string, owner: string): Promise<bigint> {
  const data = `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}`
  return BigInt((await rpc(url, 'eth_call', [{ to: token.address, data }, 'latest'])) as string)
}

describe('sendTokens (eip155)', () => {
  it('sends the coin; the hash is pending in the eip155 slice until its receipt comes, and a replay of the log shows the same list', async () => {
    const rpcLog = countingFetch()
    const h = setup(chains, { fetch: rpcLog.fetch })
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    const { hash } = await sendTokens(h.latch, { token: 'native', amount: 10n ** 15n, to: anvilAccounts[2] })
    expect(h.wallet.calls.at(-1)?.params[0]).toEqual({ from: anvilAccounts[0], to: anvilAccounts[2], value: '0x38d7ea4c68000' })
    expect(selectPendingTransfers(h.latch.getState())).toEqual([hash])
    // The log holds the hash and public facts only: replayed, it shows the pending list the visitor saw.
    const log = JSON.stringify(h.latch.exportLog())
    expect(replay([eip155()], log).final.eip155?.pending).toEqual([hash])
    await untilMined(h, rpcLog)
    expect(selectPendingTransfers(h.latch.getState())).toEqual([])
  })

  it('sends an ERC-20 as its transfer(to, amount), with no value', async () => {
    await installDemoContracts(chains.a.url)
    const h = setup(chains)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    const before = await tokenBalance(chains.a.url, anvilAccounts[1])
    const { hash } = await sendTokens(h.latch, { token: { address: token.address, decimals: token.decimals }, amount: 1234n, to: anvilAccounts[1] })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(h.wallet.calls.at(-1)?.params[0]).toMatchObject({ to: token.address, value: '0x0', data: expect.stringMatching(/^0xa9059cbb/) })
    // anvil mines at once: the recipient holds 1234 more base units.
    await rpc(chains.a.url, 'eth_getTransactionReceipt', [hash])
    expect(await tokenBalance(chains.a.url, anvilAccounts[1])).toBe(before + 1234n)
  })

  it('refuses junk with INVALID_PARAMS before asking the wallet', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    const junk: unknown[] = [
      { token: 'native', amount: -1n, to: anvilAccounts[1] },
      { token: 'native', amount: 1n << 256n, to: anvilAccounts[1] },
      { token: 'native', amount: 1, to: anvilAccounts[1] },
      { token: 'native', amount: 1n, to: 'alice.eth' },
      { token: { address: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', decimals: 6 }, amount: 1n, to: anvilAccounts[1] },
      { token: { address: token.address, decimals: 256 }, amount: 1n, to: anvilAccounts[1] },
      { token: 'ETH', amount: 1n, to: anvilAccounts[1] },
    ]
    for (const parameters of junk) {
      await expect(sendTokens(h.latch, parameters as never)).rejects.toMatchObject({ code: 'INVALID_PARAMS', shortMessage: 'Something went wrong' })
    }
    expect(h.wallet.methods()).not.toContain('eth_sendTransaction')
    expect(selectPendingTransfers(h.latch.getState())).toEqual([])
  })

  it("estimates the fee of the transfer on the network's RPC: an ERC-20's as a transfer of 0", async () => {
    await installDemoContracts(chains.a.url)
    const h = setup(chains)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    const native = await estimateSendFee(h.latch, { from: anvilAccounts[0], token: 'native', to: anvilAccounts[1] })
    const erc20 = await estimateSendFee(h.latch, { from: anvilAccounts[0], token: { address: token.address, decimals: token.decimals }, to: anvilAccounts[1] })
    const price = BigInt((await rpc(chains.a.url, 'eth_gasPrice')) as string)
    expect(native).toBe(21_000n * price)
    expect(erc20).toBeGreaterThan(native)
    expect(h.wallet.methods()).not.toContain('eth_estimateGas')
  })
})
