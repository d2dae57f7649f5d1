import { createPublicClient, createWalletClient, custom, defineChain, http, UserRejectedRequestError, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { connect, disconnect, LatchError, switchNetwork } from '../../kernel/index'
import { eip155Provider, ProviderRpcError } from './index'
import { anvilAccounts, setup, useChains } from '../../scripts/testing/eip155-harness'
import { tinyContractAbi, tinyContractBytecode } from '../../scripts/testing/tiny-contract'

const chains = useChains()

describe('eip155Provider: an EIP-1193 provider over Latch', () => {
  it('lets a viem WalletClient deploy and write a contract on anvil; every request is in the log', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    const anvil = defineChain({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chains.a.url] } } })
    const wallet = createWalletClient({ account: anvilAccounts[0], chain: anvil, transport: custom(eip155Provider(h.latch)) })
    const reader = createPublicClient({ chain: anvil, transport: http(chains.a.url), pollingInterval: 20 })

    const deployed = await reader.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi: tinyContractAbi, bytecode: tinyContractBytecode }) })
    const address = deployed.contractAddress as Hex
    const hash = await wallet.writeContract({ address, abi: tinyContractAbi, functionName: 'set', args: [42n] })
    expect((await reader.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await reader.readContract({ address, abi: tinyContractAbi, functionName: 'value' })).toBe(42n)

    const requested = h.latch.exportLog().events.filter((e) => e.type === 'wallet/rpcRequested').map((e) => (e.payload as { method: string }).method)
    expect(requested.filter((m) => m === 'eth_sendTransaction')).toHaveLength(2)
    expect(h.wallet.methods().filter((m) => m === 'eth_sendTransaction')).toHaveLength(2)
    expect(await wallet.getAddresses()).toEqual([anvilAccounts[0]])
    expect(await wallet.getChainId()).toBe(31337)
  })

  it('answers with EIP-1193 errors that keep the LatchError as cause: 4001 declined, 4200 not allowed, 4900 not connected', async () => {
    const h = setup(chains)
    const provider = eip155Provider(h.latch)
    expect(eip155Provider(h.latch)).toBe(provider)
    const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e as ProviderRpcError)

    const disconnected = await failure(provider.request({ method: 'personal_sign', params: ['0x68', anvilAccounts[0]] }))
    expect(disconnected).toMatchObject({ code: 4900 })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')

    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    h.wallet.reject('personal_sign')
    const declined = await failure(provider.request({ method: 'personal_sign', params: ['0x68', anvilAccounts[0]] }))
    expect(declined).toBeInstanceOf(ProviderRpcError)
    expect(declined).toMatchObject({ code: 4001 })
    expect(declined?.cause).toBeInstanceOf(LatchError)
    expect(declined?.cause).toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Signature declined' })

    const refused = await failure(provider.request({ method: 'anvil_setBalance', params: [anvilAccounts[0], '0x1'] }))
    expect(refused).toMatchObject({ code: 4200, cause: { code: 'RPC_NOT_ALLOWED', shortMessage: 'Action not allowed' } })
    expect(refused?.message).toContain('Requested RPC call is not allowed')
    expect(await failure(provider.request({ method: 'wallet_sendCalls', params: [{ calls: [{ to: 'nope' }] }] }))).toMatchObject({ code: -32602 })

    // viem turns the codes into its own errors.
    const wallet = createWalletClient({ account: anvilAccounts[0], transport: custom(provider) })
    await expect(wallet.signMessage({ message: 'h' })).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it('emits connect, accountsChanged, chainChanged and disconnect from Latch state, and stops when the last listener goes', async () => {
    const h = setup(chains)
    const provider = eip155Provider(h.latch)
    const heard: [string, unknown][] = []
    const listeners = Object.fromEntries(
      (['connect', 'accountsChanged', 'chainChanged', 'disconnect'] as const).map((name) => [name, (value: unknown) => heard.push([name, value])]),
    )
    for (const [name, listener] of Object.entries(listeners)) provider.on(name, listener)
    expect(heard).toEqual([]) // nothing for the state as it already is

    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    expect(heard).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', [anvilAccounts[0]]],
    ])
    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31338' })
    expect(heard.at(-1)).toEqual(['chainChanged', '0x7a6a'])
    h.wallet.emit('accountsChanged', [anvilAccounts[1]])
    await h.until((s) => s.chains.eip155.account.caipAddress, (c) => c?.endsWith(anvilAccounts[1]) ?? false)
    expect(heard.at(-1)).toEqual(['accountsChanged', [anvilAccounts[1]]])

    await disconnect(h.latch)
    expect(heard.slice(-2)).toMatchObject([['accountsChanged', []], ['disconnect', { code: 4900 }]])

    const count = heard.length
    for (const [name, listener] of Object.entries(listeners)) provider.removeListener(name, listener)
    await connect(h.latch, { connectorId: 'test.latch.wallet', ns: 'eip155' })
    expect(heard).toHaveLength(count)
  })
})
