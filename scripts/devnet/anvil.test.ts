import { afterAll, describe, expect, it } from 'vitest'
import { anvilAccounts, startAnvil, type Anvil } from './anvil'

describe('startAnvil', () => {
  let anvil: Anvil | undefined
  afterAll(() => anvil?.stop())
  it('starts a chain with the given id on 127.0.0.1 with unlocked dev accounts', async () => {
    anvil = await startAnvil({ chainId: 31338 })
    expect(anvil.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const rpc = async (method: string, params: unknown[] = []) =>
      (await (await fetch(anvil!.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as { result: unknown }
    expect((await rpc('eth_chainId')).result).toBe('0x7a6a')
    expect(((await rpc('eth_accounts')).result as string[]).slice(0, 3).map((a) => a.toLowerCase())).toEqual(anvilAccounts.map((a) => a.toLowerCase()))
  })
})
