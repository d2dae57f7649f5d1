import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createPublicClient, http, parseEther, toHex, verifyMessage, verifyTypedData } from 'viem'
import { anvilAccounts, startAnvil, type Anvil } from './anvil'
import { startRelay, type Relay } from './wc-relay'
import { startWalletPage } from './wc-wallet/page'
import { startWcWallet, type WalletAsk, type WcWallet } from './wc-wallet/wallet'
import { createDappClient, stopDappClient, type DappClient } from '../testing/wc-dapp'
import { guardOutsideHosts } from '../testing/no-outside-hosts'

// Every host name resolved and every fetch off 127.0.0.1 is recorded and refused at once (never waited on).
const outside = guardOutsideHosts()
const methods = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain']
const eip155 = { chains: ['eip155:31337', 'eip155:31338'], methods, events: ['chainChanged', 'accountsChanged'] }

let relay: Relay
let anvils: Anvil[]
let wallet: WcWallet
let dapp: DappClient
// The wallet's answer to each proposal and request; a test may replace it.
let decide: (ask: WalletAsk) => boolean = () => true

beforeAll(async () => {
  ;[relay, ...anvils] = await Promise.all([startRelay(), startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
  dapp = await createDappClient(relay.url)
}, 30_000)

afterAll(async () => {
  await Promise.all([wallet && wallet.stop(), dapp && stopDappClient(dapp)])
  await Promise.all([relay?.stop(), ...(anvils ?? []).map((anvil) => anvil.stop())])
  outside.restore()
})

describe('the development WalletConnect relay with the dev wallet (real sign-client on both sides)', () => {
  let topic: string

  it('delivers a proposal published before the wallet connected (mailbox), and the session settles', async () => {
    const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155 } })
    // connect() resolves once the relay answered wc_proposeSession: the proposal waits in the mailbox.
    expect(relay.mailboxSize()).toBe(1)
    const connectionsBefore = relay.log.filter((e) => e.kind === 'connect').length
    expect(connectionsBefore).toBe(1)

    wallet = await startWcWallet({ relayUrl: relay.url, chains: anvils.map((a) => ({ chainId: a.chainId, rpcUrl: a.url })), decide: (ask) => decide(ask) })
    const paired = await wallet.pair(uri!)
    const session = await approval()
    topic = session.topic
    expect(paired).toEqual({ topic })
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${anvilAccounts[0]}`, `eip155:31338:${anvilAccounts[0]}`])

    const index = (find: (e: Relay['log'][number]) => boolean) => relay.log.findIndex(find)
    const proposed = index((e) => e.kind === 'request' && e.method === 'wc_proposeSession')
    const approver = relay.log.find((e) => e.kind === 'request' && e.method === 'wc_approveSession')!.client
    expect(index((e) => e.kind === 'connect' && e.client === approver)).toBeGreaterThan(proposed)
    const pairingTopic = (relay.log[proposed] as { params: { pairingTopic: string } }).params.pairingTopic
    expect(index((e) => e.kind === 'deliver' && e.client === approver && e.topic === pairingTopic)).toBeGreaterThan(proposed)
  })

  it('answers personal_sign and eth_signTypedData_v4 with anvil’s first key', async () => {
    const signature = await dapp.request<`0x${string}`>({ topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: [toHex('hello Latch'), anvilAccounts[0]] } })
    expect(await verifyMessage({ address: anvilAccounts[0], message: 'hello Latch', signature })).toBe(true)

    const typed = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note' as const,
      message: { text: 'typed' },
    }
    const typedSignature = await dapp.request<`0x${string}`>({ topic, chainId: 'eip155:31337', request: { method: 'eth_signTypedData_v4', params: [anvilAccounts[0], JSON.stringify(typed)] } })
    expect(await verifyTypedData({ address: anvilAccounts[0], ...typed, signature: typedSignature })).toBe(true)
  })

  it('sends eth_sendTransaction to the chain’s anvil, where it is mined', async () => {
    const hash = await dapp.request<`0x${string}`>({
      topic,
      chainId: 'eip155:31338',
      request: { method: 'eth_sendTransaction', params: [{ from: anvilAccounts[0], to: anvilAccounts[1], value: toHex(parseEther('1')) }] },
    })
    // anvil mines each transaction as it arrives: the receipt is there already.
    const receipt = await createPublicClient({ transport: http(anvils[1]!.url) }).getTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', from: anvilAccounts[0].toLowerCase(), to: anvilAccounts[1].toLowerCase() })
  })

  it('switches chains with a chainChanged session event, and answers errors with their codes', async () => {
    const changed = new Promise((resolve) => dapp.once('session_event', ({ params }) => resolve(params)))
    await expect(dapp.request({ topic, chainId: 'eip155:31337', request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] } })).resolves.toBeNull()
    expect(await changed).toEqual({ chainId: 'eip155:31338', event: { name: 'chainChanged', data: 31338 } })

    await expect(dapp.request({ topic, chainId: 'eip155:31337', request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] } })).rejects.toMatchObject({ code: 4902 })
    decide = (ask) => ask.kind !== 'request'
    await expect(dapp.request({ topic, chainId: 'eip155:31337', request: { method: 'personal_sign', params: ['0x01', anvilAccounts[0]] } })).rejects.toMatchObject({ code: 4001 })
    decide = () => true
  })

  it('lets the wallet end the session: the dapp gets session_delete', async () => {
    const deleted = new Promise<{ topic: string }>((resolve) => dapp.once('session_delete', resolve))
    await wallet.disconnect(topic)
    expect((await deleted).topic).toBe(topic)
    expect(wallet.sessions()).toEqual([])
  })

  it('pairs and disconnects through the wallet’s page (npm start)', async () => {
    const page = await startWalletPage(wallet)
    try {
      const post = (path: string, form: Record<string, string>) => fetch(page.url + path, { method: 'POST', body: new URLSearchParams(form) })
      expect((await post('/pair', { uri: 'wc:nope' })).status).toBe(400)
      const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155 } })
      // Called before pairing: the sign-client's approval() settles only if it was waiting when the session settled.
      const approved = approval()
      expect(await (await post('/pair', { uri: uri! })).text()).toContain('Connected')
      const { topic: pageTopic } = await approved
      expect(await (await fetch(page.url)).text()).toContain(pageTopic)
      const deleted = new Promise<{ topic: string }>((resolve) => dapp.once('session_delete', resolve))
      expect(await (await post('/disconnect', { topic: pageTopic })).text()).toContain('Disconnected')
      expect((await deleted).topic).toBe(pageTopic)
    } finally {
      await page.stop()
    }
  })

  it('contacted no host outside 127.0.0.1', () => {
    expect(outside.contacted).toEqual([])
  })
})

describe('the relay’s answers to bad input and its test hooks', () => {
  /** A raw client: sends text frames, reads the next one. */
  async function rawClient() {
    const socket = new WebSocket(relay.url)
    const inbox: string[] = []
    let wake: (() => void) | undefined
    socket.on('message', (data) => (inbox.push(String(data)), wake?.()))
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const next = async () => {
      while (!inbox.length) await new Promise<void>((resolve) => (wake = resolve))
      return inbox.shift()!
    }
    return { socket, send: (text: string) => socket.send(text), next, closed: new Promise((resolve) => socket.once('close', resolve)) }
  }

  it('answers junk, unknown methods and bad params with JSON-RPC errors, and keeps 19-digit ids exact', async () => {
    const client = await rawClient()
    client.send('not json')
    expect(JSON.parse(await client.next())).toMatchObject({ id: null, error: { code: -32700 } })
    client.send('{"jsonrpc":"2.0","id":7,"method":"irn_teleport","params":{}}')
    expect(JSON.parse(await client.next())).toMatchObject({ id: 7, error: { code: -32601 } })
    client.send('{"jsonrpc":"2.0","id":8,"method":"irn_publish","params":{"topic":"t"}}')
    expect(JSON.parse(await client.next())).toMatchObject({ id: 8, error: { code: -32602 } })
    client.send('{"jsonrpc":"2.0","id":1700000000000000123,"method":"irn_subscribe","params":{"topic":"abc"}}')
    expect(await client.next()).toMatch(/^\{"id":1700000000000000123,"jsonrpc":"2.0","result":"[0-9a-f]{64}"\}$/)
    client.socket.close()
  })

  it('delivers a publish to another subscriber, which acknowledges it; the hooks drop, silence and answer junk', async () => {
    const [a, b] = await Promise.all([rawClient(), rawClient()])
    b.send('{"jsonrpc":"2.0","id":1,"method":"irn_subscribe","params":{"topic":"t1"}}')
    await b.next()
    a.send('{"jsonrpc":"2.0","id":2,"method":"irn_publish","params":{"topic":"t1","message":"m","ttl":300,"tag":1}}')
    expect(JSON.parse(await a.next())).toEqual({ id: 2, jsonrpc: '2.0', result: true })
    const delivered = JSON.parse(await b.next()) as { id: number; method: string; params: { data: unknown } }
    expect(delivered).toMatchObject({ method: 'irn_subscription', params: { data: { topic: 't1', message: 'm', tag: 1, attestation: '' } } })
    b.send(JSON.stringify({ id: delivered.id, jsonrpc: '2.0', result: true }))
    // Acknowledged: fetching finds nothing more for b.
    b.send('{"jsonrpc":"2.0","id":3,"method":"irn_batchFetchMessages","params":{"topics":["t1"]}}')
    expect(JSON.parse(await b.next())).toEqual({ id: 3, jsonrpc: '2.0', result: { messages: [], hasMore: false } })

    relay.setFault(({ method }) => (method === 'irn_publish' ? { junk: '}{' } : method === 'irn_subscribe' ? 'silence' : method === 'irn_unsubscribe' ? 'drop' : undefined))
    a.send('{"jsonrpc":"2.0","id":4,"method":"irn_subscribe","params":{"topic":"t2"}}')
    a.send('{"jsonrpc":"2.0","id":5,"method":"irn_publish","params":{"topic":"t2","message":"m","ttl":300}}')
    expect(await a.next()).toBe('}{') // id 4 was never answered
    a.send('{"jsonrpc":"2.0","id":6,"method":"irn_unsubscribe","params":{"topic":"t2","id":"x"}}')
    await a.closed
    relay.setFault(undefined)
    b.socket.close()
  })
})
