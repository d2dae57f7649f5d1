import { formatUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { connect, switchNetwork } from '../../kernel/index'
import { anvilAccounts, rpc, setup, useChains } from '../../scripts/testing/eip155-harness'

const walletId = 'test.latch.wallet'
const chains = useChains()

const networkId = (h: ReturnType<typeof setup>) => h.latch.getState().chains.eip155.network.caipNetwork?.caipNetworkId

describe('switch network (docs/behaviour.md, "Network-switch routing")', () => {
  it('switches locally when no wallet is connected', async () => {
    const h = setup(chains)
    await expect(switchNetwork(h.latch, { caipNetworkId: 'eip155:31338' })).resolves.toEqual({ caipNetworkId: 'eip155:31338' })
    expect(networkId(h)).toBe('eip155:31338')
    expect(h.wallet.methods()).toEqual([])
  })

  it('asks the connected wallet, then reads the balance on the new chain', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31338' })
    expect(h.wallet.chainId).toBe(31338)
    expect(networkId(h)).toBe('eip155:31338')
    expect(h.latch.getState().chains.eip155.account.caipAddress).toBe(`eip155:31338:${anvilAccounts[0]}`)
    // The wallet's own chainChanged and the answer report the same switch once.
    expect(h.types().filter((t) => t === 'network/switched')).toHaveLength(2)
    const onB = BigInt((await rpc(chains.b.url, 'eth_getBalance', [anvilAccounts[0], 'latest'])) as string)
    await h.until((s) => s.caches.balance[`eip155:31338:${anvilAccounts[0]}`]?.value, (v) => v === formatUnits(onB, 18))
  })

  it('adds a chain the wallet does not know (4902), then switches', async () => {
    const h = setup(chains)
    h.wallet.forgetChain(31338)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31338' })
    expect(h.wallet.methods().slice(2)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain'])
    expect(h.wallet.calls[3]?.params[0]).toEqual({
      chainId: '0x7a6a',
      chainName: 'Anvil 2',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: [chains.b.url],
    })
    expect(networkId(h)).toBe('eip155:31338')
  })

  it('a declined switch fails with USER_REJECTED and keeps the network', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.wallet.reject('wallet_switchEthereumChain')
    await expect(switchNetwork(h.latch, { caipNetworkId: 'eip155:31338' })).rejects.toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Network switch declined' })
    expect(networkId(h)).toBe('eip155:31337')
    expect(h.events.find((e) => e.type === 'network/switchFailed')).toMatchObject({ ns: 'eip155', requestId: h.events.find((e) => e.type === 'network/switchRequested')?.requestId })
  })

  it('a declined add-chain prompt is a rejection too', async () => {
    const h = setup(chains)
    h.wallet.forgetChain(31338)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.wallet.reject('wallet_addEthereumChain')
    await expect(switchNetwork(h.latch, { caipNetworkId: 'eip155:31338' })).rejects.toMatchObject({ code: 'USER_REJECTED' })
  })

  it('a wallet lacking the switch method fails with SWITCH_CHAIN_FAILED, and a failed switch navigates back', async () => {
    const h = setup(chains)
    await connect(h.latch, { connectorId: walletId, ns: 'eip155' })
    h.wallet.override('wallet_switchEthereumChain', () => {
      throw Object.assign(new Error('The requested method is not supported'), { code: 4200 })
    })
    h.latch.dispatch({ type: 'modal/opened', payload: { view: { name: 'Networks' } } })
    h.latch.dispatch({ type: 'router/pushed', payload: { view: { name: 'SwitchNetwork', payload: { caipNetworkId: 'eip155:31338' } } } })
    await expect(switchNetwork(h.latch, { caipNetworkId: 'eip155:31338' })).rejects.toMatchObject({
      code: 'SWITCH_CHAIN_FAILED',
      shortMessage: 'Chain not approved or wallet lacks the switch method',
    })
    expect(h.latch.getState().router.history.map((v) => v.name)).toEqual(['Networks'])
  })

  it('refuses a network the dapp did not configure', async () => {
    const h = setup(chains)
    await expect(switchNetwork(h.latch, { caipNetworkId: 'eip155:5' })).rejects.toMatchObject({ code: 'NETWORK_NOT_FOUND' })
  })
})
