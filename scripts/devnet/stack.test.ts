import { describe, expect, it } from 'vitest'
import { solanaDevFunds } from './solana'
import { startStack } from './stack'

const rpc = async (url: string, method: string) =>
  ((await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }) })).json()) as { result: unknown }).result

describe('startStack', () => {
  it('starts two anvils, the API and the dev wallet build, and stops them all', async () => {
    const stack = await startStack({ projectId: 'p-test' })
    try {
      expect(stack.chains.map(({ chainId, name }) => [chainId, name])).toEqual([[31337, 'Anvil'], [31338, 'Anvil 2']])
      expect(await Promise.all(stack.chains.map((c) => rpc(c.url, 'eth_chainId')))).toEqual(['0x7a69', '0x7a6a'])
      const wallets = (await (await fetch(`${stack.api.url}/getWallets?projectId=p-test&st=t&sv=1`)).json()) as { count: number }
      expect(wallets.count).toBeGreaterThan(0)
      expect(stack.devWalletJs).toContain(stack.chains[1]!.url)
      expect(stack.devWalletJs).not.toMatch(/\beval\(|new Function\(/)
      // The local Solana network, with the Solana dev wallet's account funded.
      const balance = await (await fetch(stack.solana.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [stack.solana.address] }) })).json()
      expect(balance).toMatchObject({ result: { value: Number(solanaDevFunds.lamports) } })
      expect(stack.solana.devWalletJs).toContain(stack.solana.url)
    } finally {
      await stack.stop()
    }
    await expect(rpc(stack.chains[0]!.url, 'eth_chainId')).rejects.toThrow()
    await expect(rpc(stack.solana.url, 'getHealth')).rejects.toThrow()
    await expect(fetch(stack.api.url)).rejects.toThrow()
  })
})
