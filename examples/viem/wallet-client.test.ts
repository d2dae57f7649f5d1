import { defineChain, verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { connect } from 'latch'
import { anvilAccounts, rpc, setup, useChains } from '../../scripts/testing/eip155-harness'
import { latchWalletClient, signAndPay } from './wallet-client'

const chains = useChains()

describe('the viem example: a WalletClient on eip155Provider(latch), on anvil', () => {
  it('signs (verified by viem) and pays; both requests are in Latch’s log', async () => {
    const h = setup(chains)
    const anvil = defineChain({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chains.a.url] } } })
    expect(() => latchWalletClient(h.latch, anvil)).toThrow(/connect a wallet first/)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })

    const to = anvilAccounts[2]
    const before = BigInt((await rpc(chains.a.url, 'eth_getBalance', [to, 'latest'])) as string)
    const { signature, status } = await signAndPay(h.latch, anvil, { to, value: 1234n, rpcUrl: chains.a.url })
    expect(await verifyMessage({ address: anvilAccounts[0], message: `Pay 1234 wei to ${to}`, signature })).toBe(true)
    expect(status).toBe('success')
    expect(BigInt((await rpc(chains.a.url, 'eth_getBalance', [to, 'latest'])) as string) - before).toBe(1234n)

    const methods = h.latch.exportLog().events.filter((e) => e.type === 'wallet/rpcRequested').map((e) => (e.payload as { method: string }).method)
    expect(methods).toEqual(expect.arrayContaining(['personal_sign', 'eth_sendTransaction']))
  })
})
