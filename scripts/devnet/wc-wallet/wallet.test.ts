import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64, hex } from '@scure/base'
import { Verifier } from 'bip322-js'
import { defaultAllowedMethods } from '../../../kernel/rules/methods'
import { anvilAccounts } from '../anvil'
import { devBitcoinAccounts } from '../bitcoin-wallet/keys'
import { addressOfSeed, solanaDevSeed } from '../solana-dev-wallet/config'
import { startRelay, type Relay } from '../wc-relay'
import { createDappClient, stopDappClient, type DappClient } from '../../testing/wc-dapp'
import { guardOutsideHosts } from '../../testing/no-outside-hosts'
import { startWcWallet, type WalletAsk, type WcWallet } from './wallet'

// Every host name resolved and every fetch off 127.0.0.1 is recorded and refused at once (never waited on).
const outside = guardOutsideHosts()
const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const testnet = 'bip122:000000000933ea01ad0ee984209779ba'
const events = ['accountsChanged', 'chainChanged']
// What Latch proposes (plugins/walletconnect/rules.ts): each family's allowed methods and the two events.
const namespaces = {
  eip155: { chains: ['eip155:31337'], methods: [...defaultAllowedMethods.eip155], events },
  solana: { chains: ['solana:localnet'], methods: [...defaultAllowedMethods.solana], events },
  bip122: { chains: [regtest, testnet], methods: [...defaultAllowedMethods.bip122], events },
}
// The keys the wallet reuses: the Solana dev wallet's seed and the Bitcoin dev wallet's P2WPKH account (regtest).
const solanaAddress = addressOfSeed(solanaDevSeed)
const [payment, legacy] = devBitcoinAccounts()
const bitcoinAddress = payment!.address
// The chain the stack's anvils are on; nothing here sends a transaction, so no anvil runs.
const evmChains = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }]

let relay: Relay
let dapp: DappClient
let wallet: WcWallet
const asks: WalletAsk[] = []
// The wallet's answer to each proposal and request; a test may replace it.
let decide: (ask: WalletAsk) => boolean = () => true

beforeAll(async () => {
  relay = await startRelay()
  ;[dapp, wallet] = await Promise.all([
    createDappClient(relay.url, { storagePrefix: 'latch-test-dapp-families' }),
    startWcWallet({
      relayUrl: relay.url,
      chains: evmChains,
      solana: { chains: ['solana:localnet'] },
      bip122: { chains: [regtest, testnet] },
      decide: (ask) => (asks.push(ask), decide(ask)),
      storagePrefix: 'latch-test-wallet-families',
    }),
  ])
}, 30_000)

afterAll(async () => {
  await Promise.all([wallet?.stop(), dapp && stopDappClient(dapp)])
  await relay?.stop()
  outside.restore()
})

describe('the WalletConnect dev wallet with eip155, solana and bip122 in one session', () => {
  let topic: string
  const request = <T>(chainId: string, method: string, params: unknown) => dapp.request<T>({ topic, chainId, request: { method, params } })

  it('approves all three namespaces, with the proposed methods it answers and one account a chain', async () => {
    expect(wallet.solanaAddress).toBe(solanaAddress)
    expect(wallet.bitcoinAddresses[regtest]).toBe(bitcoinAddress)
    expect(wallet.bitcoinAddresses[testnet]).toMatch(/^tb1q/)

    const { uri, approval } = await dapp.connect({ optionalNamespaces: namespaces })
    const paired = await wallet.pair(uri!)
    const session = await approval()
    topic = session.topic
    expect(paired).toEqual({ topic })
    expect(Object.keys(session.namespaces).sort()).toEqual(['bip122', 'eip155', 'solana'])
    expect(session.namespaces.eip155).toEqual({
      chains: ['eip155:31337'],
      accounts: [`eip155:31337:${anvilAccounts[0]}`],
      methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain'],
      events: ['chainChanged', 'accountsChanged'],
    })
    expect(session.namespaces.solana).toEqual({
      chains: ['solana:localnet'],
      accounts: [`solana:localnet:${solanaAddress}`],
      methods: ['solana_signMessage', 'solana_getAccounts', 'solana_requestAccounts'],
      events: ['chainChanged', 'accountsChanged'],
    })
    expect(session.namespaces.bip122).toEqual({
      chains: [regtest, testnet],
      accounts: [`${regtest}:${bitcoinAddress}`, `${testnet}:${wallet.bitcoinAddresses[testnet]}`],
      methods: ['signMessage', 'getAccountAddresses'],
      events: ['chainChanged', 'accountsChanged'],
    })
    expect(asks[0]).toEqual({ kind: 'session', dapp: 'Latch test dapp', chains: ['eip155:31337', 'solana:localnet', regtest, testnet] })
  })

  it('signs solana_signMessage with the ed25519 key of its pubkey, and lists that account', async () => {
    const message = new TextEncoder().encode('hello Latch on Solana')
    const { signature } = await request<{ signature: string }>('solana:localnet', 'solana_signMessage', { message: base58.encode(message), pubkey: solanaAddress })
    const bytes = base58.decode(signature)
    expect(bytes).toHaveLength(64)
    expect(ed25519.verify(bytes, message, base58.decode(solanaAddress))).toBe(true)
    expect(ed25519.verify(bytes, new TextEncoder().encode('another message'), base58.decode(solanaAddress))).toBe(false)

    await expect(request('solana:localnet', 'solana_getAccounts', {})).resolves.toEqual([{ pubkey: solanaAddress }])
    await expect(request('solana:localnet', 'solana_requestAccounts', {})).resolves.toEqual([{ pubkey: solanaAddress }])
  })

  it('refuses solana_signMessage for another pubkey (4100) and a message that is not base58 (-32602)', async () => {
    const other = addressOfSeed('00'.repeat(32))
    await expect(request('solana:localnet', 'solana_signMessage', { message: base58.encode(Uint8Array.of(1)), pubkey: other })).rejects.toMatchObject({ code: 4100 })
    await expect(request('solana:localnet', 'solana_signMessage', { message: '0OIl', pubkey: solanaAddress })).rejects.toMatchObject({ code: -32602 })
  })

  it('signs bip122 signMessage with ECDSA (the default, BIP-137 form) and BIP-322, both verified by bip322-js', async () => {
    const message = 'hello Latch on Bitcoin'
    const verify = (address: string, signature: string, text = message, strict = false) => Verifier.verifySignature(address, text, base64.encode(hex.decode(signature)), strict)

    const ecdsa = await request<{ address: string; signature: string }>(regtest, 'signMessage', { account: bitcoinAddress, address: bitcoinAddress, message })
    expect(ecdsa.address).toBe(bitcoinAddress)
    expect(ecdsa.signature).toMatch(/^[0-9a-f]{130}$/)
    // Strict: the header byte must say P2WPKH.
    expect(verify(bitcoinAddress, ecdsa.signature, message, true)).toBe(true)
    expect(verify(bitcoinAddress, ecdsa.signature, 'another message')).toBe(false)

    const bip322 = await request<{ address: string; signature: string }>(regtest, 'signMessage', { account: bitcoinAddress, message, protocol: 'bip322' })
    expect(bip322.address).toBe(bitcoinAddress)
    expect(verify(bitcoinAddress, bip322.signature)).toBe(true)
    expect(verify(bitcoinAddress, bip322.signature, 'another message')).toBe(false)

    // On testnet the same key signs for its tb1 address.
    const onTestnet = await request<{ address: string; signature: string }>(testnet, 'signMessage', { message, protocol: 'bip322' })
    expect(onTestnet.address).toBe(wallet.bitcoinAddresses[testnet])
    expect(verify(onTestnet.address, onTestnet.signature)).toBe(true)
  })

  it('refuses signMessage for an address that is not its own on that chain (4100), and a protocol it does not know (-32602)', async () => {
    await expect(request(regtest, 'signMessage', { account: legacy!.address, message: 'hi' })).rejects.toMatchObject({ code: 4100 })
    await expect(request(regtest, 'signMessage', { account: bitcoinAddress, address: legacy!.address, message: 'hi' })).rejects.toMatchObject({ code: 4100 })
    await expect(request(testnet, 'signMessage', { account: bitcoinAddress, message: 'hi' })).rejects.toMatchObject({ code: 4100 })
    await expect(request(regtest, 'signMessage', { account: bitcoinAddress, message: 'hi', protocol: 'schnorr' })).rejects.toMatchObject({ code: -32602 })
  })

  it('answers getAccountAddresses with its payment address and public key', async () => {
    const mine = [{ address: bitcoinAddress, publicKey: payment!.publicKey, intention: 'payment' }]
    await expect(request(regtest, 'getAccountAddresses', { account: bitcoinAddress })).resolves.toEqual(mine)
    await expect(request(regtest, 'getAccountAddresses', { account: bitcoinAddress, intentions: ['payment', 'ordinal'] })).resolves.toEqual(mine)
    await expect(request(regtest, 'getAccountAddresses', { account: bitcoinAddress, intentions: ['ordinal'] })).resolves.toEqual([])
    await expect(request(regtest, 'getAccountAddresses', { account: legacy!.address })).rejects.toMatchObject({ code: 4100 })
  })

  it('asks decide about every namespace’s requests, with the request’s CAIP-2 chain', async () => {
    expect(asks).toContainEqual(expect.objectContaining({ kind: 'request', method: 'solana_signMessage', chainId: 'solana:localnet' }))
    expect(asks).toContainEqual(expect.objectContaining({ kind: 'request', method: 'signMessage', chainId: testnet }))
    decide = (ask) => ask.kind !== 'request'
    try {
      await expect(request(regtest, 'getAccountAddresses', {})).rejects.toMatchObject({ code: 4001 })
      await expect(request('solana:localnet', 'solana_getAccounts', {})).rejects.toMatchObject({ code: 4001 })
    } finally {
      decide = () => true
    }
  })

  it('leaves solana out for a wallet that serves none, and rejects a proposal it can meet in no namespace (5100)', async () => {
    const evmOnly = await startWcWallet({ relayUrl: relay.url, chains: evmChains, storagePrefix: 'latch-test-wallet-evm-only' })
    try {
      const both = await dapp.connect({ optionalNamespaces: { eip155: namespaces.eip155, solana: namespaces.solana } })
      await evmOnly.pair(both.uri!)
      expect(Object.keys((await both.approval()).namespaces)).toEqual(['eip155'])

      const solanaOnly = await dapp.connect({ optionalNamespaces: { solana: namespaces.solana } })
      const [paired, approval] = await Promise.all([evmOnly.pair(solanaOnly.uri!), solanaOnly.approval().catch((error: unknown) => error)])
      expect(paired).toBeUndefined()
      expect(approval).toMatchObject({ code: 5100 })

      // A dapp that requires a cluster the wallet does not serve: sign-client's connect() moves required namespaces
      // into the optional ones (and warns), so this proposal is rejected as one with nothing to approve. The rule for
      // required namespaces themselves is namespaces.test.ts's.
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      const required = await dapp.connect({ requiredNamespaces: { solana: { ...namespaces.solana, chains: ['solana:devnet'] } } })
      warn.mockRestore()
      const [pairedRequired, approvalRequired] = await Promise.all([wallet.pair(required.uri!), required.approval().catch((error: unknown) => error)])
      expect(pairedRequired).toBeUndefined()
      expect(approvalRequired).toMatchObject({ code: 5100 })
    } finally {
      await evmOnly.stop()
    }
  })

  it('contacted no host outside 127.0.0.1', () => {
    expect(outside.contacted).toEqual([])
  })
})
