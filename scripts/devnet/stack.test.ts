import { describe, expect, it } from 'vitest'
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
      // Bitcoin regtest: the dev wallet's P2WPKH address is funded with 0.75 BTC on the ledger behind the API.
      const segwit = stack.bitcoin.accounts.find((a) => a.addressType === 'p2wpkh')!
      const stats = (await (await fetch(`${stack.bitcoin.esploraUrl}/address/${segwit.address}`)).json()) as { chain_stats: { funded_txo_sum: number } }
      expect(stats.chain_stats.funded_txo_sum).toBe(75_000_000)
      expect(stack.bitcoin.devWalletJs).toContain(stack.bitcoin.esploraUrl)
      expect(stack.bitcoin.devWalletJs).not.toMatch(/\beval\(|new Function\(/)
    } finally {
      await stack.stop()
    }
    await expect(rpc(stack.chains[0]!.url, 'eth_chainId')).rejects.toThrow()
    await expect(fetch(stack.api.url)).rejects.toThrow()
  })
})
