import {
  connect,
  createConfig,
  disconnect,
  getAccount,
  getBalance,
  getChainId,
  reconnect,
  signMessage,
  switchChain,
  type Config,
} from '@wagmi/core'
import { defineChain, formatUnits, http, SwitchChainError, UserRejectedRequestError, verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { connect as latchConnect, disconnect as latchDisconnect, modalClosed, switchNetwork, type Kernel } from '../../kernel/index'
import { anvilAccounts, rpc, setup, useChains, type Chains } from '../../scripts/testing/eip155-harness'
import { latchConnector } from './index'

const walletId = 'test.latch.wallet'
const chains = useChains()

function anvilChain(id: number, name: string, url: string) {
  return defineChain({ id, name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } })
}

/** wagmi's own createConfig with the Latch connector, on the two anvils (reads through wagmi's transports). */
function wagmiConfig(latch: Kernel, c: Chains) {
  const a = anvilChain(31337, 'Anvil', c.a.url)
  const b = anvilChain(31338, 'Anvil 2', c.b.url)
  return createConfig({
    chains: [a, b],
    connectors: [latchConnector(latch)],
    transports: { [a.id]: http(c.a.url), [b.id]: http(c.b.url) },
    multiInjectedProviderDiscovery: false,
    storage: null,
  })
}

const latchOf = (config: Config) => {
  const connector = config.connectors[0]
  if (!connector) throw new Error('no connector')
  return connector
}

/** The visitor's part: waits for the modal to open, then connects the test wallet in it, as the modal's wallet list does. */
async function visitorConnects(h: ReturnType<typeof setup>) {
  await h.until((s) => s.router.open, (open) => open)
  await latchConnect(h.latch, { connectorId: walletId, ns: 'eip155' })
  h.latch.dispatch(modalClosed({}))
}

describe('latchConnector: wagmi 2 over Latch, on anvil', () => {
  it('connects through the modal, signs a message viem verifies, reads the balance, every request in the log', async () => {
    const h = setup(chains)
    const config = wagmiConfig(h.latch, chains)
    expect(latchOf(config)).toMatchObject({ id: 'latch', name: 'Latch', type: 'latch' })

    const connecting = connect(config, { connector: latchOf(config) })
    expect(h.latch.getState().router).toMatchObject({ open: true, history: [{ name: 'Connect' }] })
    await visitorConnects(h)
    await expect(connecting).resolves.toEqual({ accounts: [anvilAccounts[0]], chainId: 31337 })
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: anvilAccounts[0], chainId: 31337, connector: { id: 'latch' } })

    const signature = await signMessage(config, { message: 'hello from wagmi' })
    expect(await verifyMessage({ address: anvilAccounts[0], message: 'hello from wagmi', signature })).toBe(true)
    const requested = h.latch.exportLog().events.filter((e) => e.type === 'wallet/rpcRequested').map((e) => (e.payload as { method: string }).method)
    expect(requested).toContain('personal_sign')

    const balance = await getBalance(config, { address: anvilAccounts[0] })
    expect(balance.value).toBe(BigInt((await rpc(chains.a.url, 'eth_getBalance', [anvilAccounts[0], 'latest'])) as string))
    expect(balance).toMatchObject({ decimals: 18, symbol: 'ETH' })
    // Latch's own state shows the same figure.
    await h.until((s) => s.chains.eip155.account.balance, (b) => b === formatUnits(balance.value, 18))
  })

  it('rejects with UserRejectedRequestError when the visitor closes the modal without connecting', async () => {
    const h = setup(chains)
    const config = wagmiConfig(h.latch, chains)
    const connecting = connect(config, { connector: latchOf(config) })
    await h.until((s) => s.router.open, (open) => open)
    h.latch.dispatch(modalClosed({}))
    const error = await connecting.then(() => undefined, (e: unknown) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect((error as UserRejectedRequestError).cause).toMatchObject({ code: 'USER_REJECTED', shortMessage: 'Connection declined' })
    expect(getAccount(config).status).toBe('disconnected')
    expect(h.wallet.methods()).toEqual([])
  })

  it('resolves at once, without the modal, when Latch is already connected; a chainId asks Latch to switch', async () => {
    const h = setup(chains)
    await latchConnect(h.latch, { connectorId: walletId, ns: 'eip155' })
    const config = wagmiConfig(h.latch, chains)
    await expect(connect(config, { connector: latchOf(config), chainId: 31338 })).resolves.toEqual({ accounts: [anvilAccounts[0]], chainId: 31338 })
    expect(h.latch.getState().router.open).toBe(false)
    expect(h.wallet.chainId).toBe(31338)
    expect(getAccount(config)).toMatchObject({ status: 'connected', chainId: 31338 })
  })

  it('switchChain goes through Latch between the two anvils; a switch in Latch reaches wagmi', async () => {
    const h = setup(chains)
    await latchConnect(h.latch, { connectorId: walletId, ns: 'eip155' })
    const config = wagmiConfig(h.latch, chains)
    await connect(config, { connector: latchOf(config) })

    await expect(switchChain(config, { chainId: 31338 })).resolves.toMatchObject({ id: 31338 })
    expect(getChainId(config)).toBe(31338)
    expect(h.wallet.chainId).toBe(31338)
    expect(h.latch.getState().chains.eip155.network.caipNetwork?.caipNetworkId).toBe('eip155:31338')
    expect(h.types()).toContain('network/switchRequested')
    // Balances read through wagmi follow the chain.
    const onB = await getBalance(config, { address: anvilAccounts[0] })
    expect(onB.value).toBe(BigInt((await rpc(chains.b.url, 'eth_getBalance', [anvilAccounts[0], 'latest'])) as string))

    await switchNetwork(h.latch, { caipNetworkId: 'eip155:31337' })
    expect(getAccount(config).chainId).toBe(31337)

    h.wallet.reject('wallet_switchEthereumChain')
    await expect(switchChain(config, { chainId: 31338 })).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(getAccount(config).chainId).toBe(31337)
    await expect(latchOf(config).switchChain?.({ chainId: 1 })).rejects.toBeInstanceOf(SwitchChainError)
  })

  it('disconnect propagates both ways, and a connect or account change made in Latch reaches wagmi', async () => {
    const h = setup(chains)
    const config = wagmiConfig(h.latch, chains)
    const connecting = connect(config, { connector: latchOf(config) })
    await visitorConnects(h)
    await connecting

    // wagmi → Latch
    await disconnect(config)
    expect(getAccount(config).status).toBe('disconnected')
    expect(h.latch.getState().chains.eip155.connectorId).toBeUndefined()

    // Latch → wagmi: the visitor connects with Latch's own button, then switches account in the wallet.
    await latchConnect(h.latch, { connectorId: walletId, ns: 'eip155' })
    expect(getAccount(config)).toMatchObject({ status: 'connected', address: anvilAccounts[0], chainId: 31337 })
    h.wallet.emit('accountsChanged', [anvilAccounts[1]])
    await h.until((s) => s.chains.eip155.account.caipAddress, (c) => c?.endsWith(anvilAccounts[1]) ?? false)
    expect(getAccount(config).address).toBe(anvilAccounts[1])

    // Latch → wagmi: the visitor disconnects in Latch's Account view.
    await latchDisconnect(h.latch)
    expect(getAccount(config)).toMatchObject({ status: 'disconnected', address: undefined })
  })

  it('reconnects after a reload once Latch has reconnected (isAuthorized), and not when Latch did not', async () => {
    const first = setup(chains)
    await latchConnect(first.latch, { connectorId: walletId, ns: 'eip155' })
    const storage = first.t.storage.dump()
    first.latch.destroy()

    const reload = setup(chains, { storage, wallet: first.wallet, win: first.win })
    expect(reload.latch.getState().chains.eip155.account.status).toBe('reconnecting')
    const config = wagmiConfig(reload.latch, chains)
    const connections = await reconnect(config)
    expect(connections).toEqual([{ accounts: [anvilAccounts[0]], chainId: 31337, connector: latchOf(config) }])
    expect(getAccount(config).status).toBe('connected')
    expect(reload.latch.getState().router.open).toBe(false)

    first.wallet.revoke()
    const storage2 = reload.t.storage.dump()
    reload.latch.destroy()
    const revoked = setup(chains, { storage: storage2, wallet: first.wallet, win: first.win })
    const config2 = wagmiConfig(revoked.latch, chains)
    await expect(reconnect(config2)).resolves.toEqual([])
    expect(getAccount(config2).status).toBe('disconnected')
    expect(revoked.latch.getState().router.open).toBe(false)
  })

  it('gives wagmi eip155Provider(latch), and the state as Latch holds it', async () => {
    const h = setup(chains)
    const config = wagmiConfig(h.latch, chains)
    const connector = latchOf(config)
    const { eip155Provider } = await import('../../plugins/eip155/index')
    expect(await connector.getProvider()).toBe(eip155Provider(h.latch))
    expect(await connector.getAccounts()).toEqual([])
    expect(await connector.isAuthorized()).toBe(false)
    await latchConnect(h.latch, { connectorId: walletId, ns: 'eip155' })
    expect(await connector.getAccounts()).toEqual([anvilAccounts[0]])
    expect(await connector.getChainId()).toBe(31337)
    expect(await connector.isAuthorized()).toBe(true)
  })
})
