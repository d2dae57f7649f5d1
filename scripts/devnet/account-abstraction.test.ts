import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, encodeFunctionData, erc20Abi, hashMessage, http, parseUnits, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { smartAccounts } from '../../frame/app/smart-account'
import { entryPoint08Address, latchAccountFactoryAbi, latchAccountFactoryAddress, latchPaymasterAddress } from '../../frame/app/smart-account-contracts'
import { accountAbstractionDeployments, installAccountAbstraction, type Bundler } from './account-abstraction'
import { anvilAccounts, type Anvil } from './anvil'
import type { PaymasterService } from './paymaster'
import { startSmartAccountChain, type SmartAccountChain } from './smart-account-chain'
import { demoTokens } from './tokens'

// One anvil with EntryPoint v0.8, LatchAccountFactory and LatchPaymaster, the alto bundler and the paymaster service;
// frame/app/smart-account.ts drives a fresh owner's account through them (docs/embedded-frame.md, "Smart accounts").
let chain: SmartAccountChain
let anvil: Anvil
let bundler: Bundler
let paymaster: PaymasterService

beforeAll(async () => {
  chain = await startSmartAccountChain()
  ;({ anvil, bundler, paymaster } = chain)
}, 60_000)

afterAll(async () => {
  await chain?.stop()
})

describe('the smart accounts on anvil', () => {
  it('lands EntryPoint v0.8 at its canonical address and the factory and paymaster at the constants the frame uses; installing twice changes nothing', async () => {
    const [entryPoint, factory, pm] = accountAbstractionDeployments()
    expect(entryPoint!.address).toBe(entryPoint08Address)
    expect(factory!.address).toBe(latchAccountFactoryAddress)
    expect(pm!.address).toBe(latchPaymasterAddress)
    const client = createPublicClient({ transport: http(anvil.url) })
    for (const { address } of [entryPoint!, factory!, pm!]) expect((await client.getCode({ address }))?.length).toBeGreaterThan(100)
    const block = await client.getBlockNumber()
    await installAccountAbstraction(anvil.url)
    expect(await client.getBlockNumber()).toBe(block)
  })

  it('a fresh account with no ether sends a batch of two transfers in one sponsored user operation, deploys, and signs before (ERC-6492) and after (ERC-1271)', async () => {
    const owner = privateKeyToAccount('0x1a7c00000000000000000000000000000000000000000000000000000000a11c')
    const client = createPublicClient({ transport: http(anvil.url) })
    const accounts = smartAccounts({ networks: { 31337: { bundlerUrl: bundler.url, paymasterUrl: paymaster.url } }, rpcUrl: (id) => (id === 31337 ? anvil.url : undefined) })
    expect(accounts.enabled).toEqual([31337])

    const account = await accounts.address(31337, owner.address)
    expect(account).toBe(await client.readContract({ address: latchAccountFactoryAddress, abi: latchAccountFactoryAbi, functionName: 'getAddress', args: [owner.address, 0n] }))
    expect(await accounts.isDeployed(31337, account)).toBe(false)
    expect(await client.getBalance({ address: account })).toBe(0n)

    // ERC-6492 before deployment.
    const message = 'Sign in to Latch'
    const before = await accounts.signable(31337, owner.address, hashMessage(message))
    const wrapped = before.finish(await owner.sign({ hash: before.digest }))
    expect(wrapped.endsWith('6492649264926492649264926492649264926492649264926492649264926492')).toBe(true)
    expect(await client.verifyMessage({ address: account, message, signature: wrapped })).toBe(true)
    expect(await client.verifyMessage({ address: account, message: 'something else', signature: wrapped })).toBe(false)

    // The account gets tokens, then sends two transfers in one operation the paymaster pays for.
    const [dusd] = demoTokens
    await client.request({ method: 'anvil_impersonateAccount' as never, params: [anvilAccounts[0]] as never })
    const fund = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [account, parseUnits('10', dusd!.decimals)] })
    await client.request({ method: 'eth_sendTransaction' as never, params: [{ from: anvilAccounts[0], to: dusd!.address, data: fund }] as never })
    const [alice, bob] = ['0x000000000000000000000000000000000000a11c', '0x0000000000000000000000000000000000000b0b'] as const
    const transfer = (to: Hex, amount: string) => ({ to: dusd!.address, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, dusd!.decimals)] }) })
    const prepared = await accounts.prepare(31337, owner.address, [transfer(alice, '1'), transfer(bob, '2')])
    expect(prepared).toMatchObject({ chainId: 31337, sender: account, sponsored: true })
    const userOpHash = await accounts.submit(prepared, await owner.sign({ hash: prepared.hash }))
    expect(userOpHash).toBe(prepared.hash)
    const included = await accounts.waitForInclusion(31337, userOpHash)
    expect(included.success).toBe(true)
    expect(await accounts.senderOf(31337, userOpHash)).toBe(account)

    // One transaction, one UserOperationEvent, both transfers.
    const receipt = await client.getTransactionReceipt({ hash: included.transactionHash })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(entryPoint08Address.toLowerCase())
    const userOperationEvent = '0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f'
    expect(receipt.logs.filter((log) => log.topics[0] === userOperationEvent)).toHaveLength(1)
    const read = (who: Hex) => client.readContract({ address: dusd!.address, abi: erc20Abi, functionName: 'balanceOf', args: [who] })
    expect([await read(alice), await read(bob), await read(account)]).toEqual([parseUnits('1', 6), parseUnits('2', 6), parseUnits('7', 6)])
    expect(await client.getBalance({ address: account })).toBe(0n)
    expect(await accounts.isDeployed(31337, account)).toBe(true)

    // ERC-1271 after deployment: the owner's signature of the account's digest, as is.
    const after = await accounts.signable(31337, owner.address, hashMessage(message))
    const plain = after.finish(await owner.sign({ hash: after.digest }))
    expect(plain).toHaveLength(132)
    expect(await client.verifyMessage({ address: account, message, signature: plain })).toBe(true)
    // Another key's signature of the same digest is not the account's.
    const stranger = privateKeyToAccount('0x1a7c0000000000000000000000000000000000000000000000000000000000bd')
    expect(await client.verifyMessage({ address: account, message, signature: await stranger.sign({ hash: after.digest }) })).toBe(false)
  }, 60_000)
})
