import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, defineChain, encodeFunctionData, http, namehash, parseAbi, type PublicClient } from 'viem'
import { anvilAccounts, startAnvil, type Anvil } from './anvil'
import { demoAvatar, ensContracts, installEns } from './ens'

let anvil: Anvil
let client: PublicClient

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  await installEns(anvil.url)
  const chain = defineChain({
    id: 31337,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
    contracts: { ensUniversalResolver: { address: ensContracts.universalResolver } },
  })
  client = createPublicClient({ chain, transport: http(anvil.url) })
}, 30_000)
afterAll(() => anvil?.stop())

describe('ENS on the local chain', () => {
  it('resolves the demo names forward', async () => {
    expect(await client.getEnsAddress({ name: 'latch-dev.eth' })).toBe(anvilAccounts[0])
    expect(await client.getEnsAddress({ name: 'alice.eth' })).toBe(anvilAccounts[1])
    expect(await client.getEnsAddress({ name: 'bob.eth' })).toBe(anvilAccounts[2])
  })

  it('names the first dev account by latch-dev.eth, and the others by nothing (forward only)', async () => {
    expect(await client.getEnsName({ address: anvilAccounts[0] })).toBe('latch-dev.eth')
    expect(await client.getEnsName({ address: anvilAccounts[1] })).toBeNull()
    expect(await client.getEnsName({ address: anvilAccounts[2] })).toBeNull()
  })

  it('answers the avatar record as set (a data: URI), and none for a name without one', async () => {
    expect(await client.getEnsText({ name: 'latch-dev.eth', key: 'avatar' })).toBe(demoAvatar)
    expect(await client.getEnsAvatar({ name: 'latch-dev.eth' })).toBe(demoAvatar)
    expect(await client.getEnsAvatar({ name: 'alice.eth' })).toBeNull()
  })

  it('an unknown name, or one under an unknown TLD, resolves to null', async () => {
    expect(await client.getEnsAddress({ name: 'nobody-here.eth' })).toBeNull()
    expect(await client.getEnsAddress({ name: 'latch-dev.test' })).toBeNull()
    expect(await client.getEnsText({ name: 'nobody-here.eth', key: 'avatar' })).toBeNull()
  })

  it('finds the resolver of a name, and none for an unknown one', async () => {
    expect(await client.getEnsResolver({ name: 'alice.eth' })).toBe(ensContracts.publicResolver)
    expect(await client.getEnsResolver({ name: 'nobody-here.eth' })).toBe('0x0000000000000000000000000000000000000000')
  })

  it('does not touch any dev account: nonces stay 0', async () => {
    for (const address of anvilAccounts) expect(await client.getTransactionCount({ address })).toBe(0)
  })

  it('a reverse record that does not resolve forward to the address gives no name', async () => {
    const other = await startAnvil({ chainId: 31337 })
    try {
      // latch-dev.eth names the first account in reverse; its owner (that account) then points it at the second.
      await installEns(other.url)
      const data = encodeFunctionData({
        abi: parseAbi(['function setAddr(bytes32 node, address a)']),
        functionName: 'setAddr',
        args: [namehash('latch-dev.eth'), anvilAccounts[1]],
      })
      const sent = await fetch(other.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params: [{ from: anvilAccounts[0], to: ensContracts.publicResolver, data }] }),
      })
      const c = createPublicClient({ chain: client.chain, transport: http(other.url) })
      // The hash comes back before the block is sure to be mined: wait for its receipt.
      const { result: hash } = (await sent.json()) as { result: `0x${string}` }
      expect((await c.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
      expect(await c.getEnsAddress({ name: 'latch-dev.eth' })).toBe(anvilAccounts[1])
      expect(await c.getEnsName({ address: anvilAccounts[0] })).toBeNull()
    } finally {
      await other.stop()
    }
  }, 30_000)
})
