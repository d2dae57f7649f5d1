import { ed25519 } from '@noble/curves/ed25519'
import fc from 'fast-check'
import { createPublicClient, createWalletClient, defineChain, encodeFunctionData, http, parseAbi, serializeErc6492Signature, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { accountFactoryCode } from '../../scripts/devnet/contracts/smart-account-code'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeBase58 } from '../../kernel/rules/base58'
import { startAnvil, type Anvil } from '../../scripts/devnet/anvil'
import { anvilMnemonic } from '../../scripts/devnet/wc-wallet/eip155'
import { createSiwxMessage, type SiwxFields } from './message'
import { verifyEvmSignIn } from './verify'
import { verifyEd25519, verifySolanaSignIn } from './verify-solana'

// docs/siwx.md, "Verifying a signature".
const fields: SiwxFields = {
  domain: 'app.example.com',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  statement: 'Sign in to the Latch demo.',
  uri: 'https://app.example.com/login',
  version: '1',
  chainId: '31337',
  nonce: 'n0nce1234567',
  issuedAt: '2026-11-23T01:00:00.000Z',
}
const account = mnemonicToAccount(anvilMnemonic)
const other = mnemonicToAccount(anvilMnemonic, { addressIndex: 1 })

describe('EVM sign-in signatures', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
  }, 60_000)
  afterAll(() => anvil?.stop())

  it('a plain account’s signature verifies offline and through the RPC; another signer, another message or junk does not', async () => {
    const message = createSiwxMessage('eip155', fields)
    const signature = await account.signMessage({ message })
    expect(await verifyEvmSignIn({ address: account.address, message, signature })).toBe(true)
    expect(await verifyEvmSignIn({ address: account.address, message, signature, rpcUrl: anvil.url })).toBe(true)
    expect(await verifyEvmSignIn({ address: other.address, message, signature })).toBe(false)
    expect(await verifyEvmSignIn({ address: account.address, message: `${message} `, signature })).toBe(false)
    expect(await verifyEvmSignIn({ address: account.address, message, signature: await other.signMessage({ message }) })).toBe(false)
    for (const junk of ['0x', '0x1234', 'not hex', `0x${'00'.repeat(65)}`]) expect(await verifyEvmSignIn({ address: account.address, message, signature: junk })).toBe(false)
  })

  it('verifies against the account the message names: a message naming B signed by A is no sign-in of A nor of B', async () => {
    const naming = (address: string) => createSiwxMessage('eip155', { ...fields, address })
    const theirs = naming(other.address)
    const byA = await account.signMessage({ message: theirs })
    expect(await verifyEvmSignIn({ address: account.address, message: theirs, signature: byA })).toBe(false)
    expect(await verifyEvmSignIn({ address: account.address, message: theirs, signature: byA, rpcUrl: anvil.url })).toBe(false)
    expect(await verifyEvmSignIn({ address: other.address, message: theirs, signature: byA })).toBe(false)
    // B's own signature, with the caller saying A signed: refused too.
    expect(await verifyEvmSignIn({ address: account.address, message: theirs, signature: await other.signMessage({ message: theirs }) })).toBe(false)
    expect(await verifyEvmSignIn({ address: other.address, message: theirs, signature: await other.signMessage({ message: theirs }) })).toBe(true)
    // The address compared without case (the message writes it checksummed).
    const own = naming(account.address)
    expect(await verifyEvmSignIn({ address: account.address.toLowerCase(), message: own, signature: await account.signMessage({ message: own }) })).toBe(true)
    // A message that is not a sign-in message, or one of another family, is no sign-in whatever its signature.
    expect(await verifyEvmSignIn({ address: account.address, message: 'hello', signature: await account.signMessage({ message: 'hello' }) })).toBe(false)
  })

  it('a contract account (EIP-1271) verifies through the RPC, and one not yet deployed (EIP-6492) too; offline neither does', async () => {
    const chain = defineChain({ id: 31337, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } })
    const wallet = createWalletClient({ account, chain, transport: http(anvil.url) })
    const node = createPublicClient({ chain, transport: http(anvil.url) })
    const abi = parseAbi(['function deploy(address owner, bytes32 salt) returns (address)', 'function addressOf(address owner, bytes32 salt) view returns (address)'])
    const deployed = await node.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi, bytecode: accountFactoryCode }), pollingInterval: 50 })
    const factory = deployed.contractAddress as Hex
    const salt = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex

    // EIP-1271: the account exists; its owner signs for it.
    await node.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: factory, abi, functionName: 'deploy', args: [account.address, salt(1)] }), pollingInterval: 50 })
    const smart = await node.readContract({ address: factory, abi, functionName: 'addressOf', args: [account.address, salt(1)] })
    expect(await node.getCode({ address: smart })).not.toBeUndefined()
    const message = createSiwxMessage('eip155', { ...fields, address: smart })
    const signature = await account.signMessage({ message })
    expect(await verifyEvmSignIn({ address: smart, message, signature, rpcUrl: anvil.url })).toBe(true)
    expect(await verifyEvmSignIn({ address: smart, message, signature })).toBe(false)
    expect(await verifyEvmSignIn({ address: smart, message, signature: await other.signMessage({ message }), rpcUrl: anvil.url })).toBe(false)

    // EIP-6492: not deployed yet; the signature names the factory and the call that would deploy it.
    const later = await node.readContract({ address: factory, abi, functionName: 'addressOf', args: [account.address, salt(2)] })
    expect(await node.getCode({ address: later })).toBeUndefined()
    const laterMessage = createSiwxMessage('eip155', { ...fields, address: later })
    const wrap = async (signer: typeof account) =>
      serializeErc6492Signature({ address: factory, data: encodeFunctionData({ abi, functionName: 'deploy', args: [account.address, salt(2)] }), signature: await signer.signMessage({ message: laterMessage }) })
    expect(await verifyEvmSignIn({ address: later, message: laterMessage, signature: await wrap(account), rpcUrl: anvil.url })).toBe(true)
    expect(await verifyEvmSignIn({ address: later, message: laterMessage, signature: await wrap(other), rpcUrl: anvil.url })).toBe(false)
    expect(await node.getCode({ address: later })).toBeUndefined()
  })

  it('any field changed after signing breaks the signature', async () => {
    const signature = await account.signMessage({ message: createSiwxMessage('eip155', fields) })
    const change = fc.constantFrom<Partial<SiwxFields>>(
      { domain: 'evil.example.com' },
      { uri: 'https://evil.example.com' },
      { chainId: '1' },
      { nonce: 'otherNonce99' },
      { issuedAt: '2026-11-23T01:00:01.000Z' },
      { statement: 'Sign in to something else.' },
      { expirationTime: '2026-11-24T00:00:00.000Z' },
      { resources: ['https://app.example.com/extra'] },
    )
    await fc.assert(
      fc.asyncProperty(change, async (patch) => {
        expect(await verifyEvmSignIn({ address: account.address, message: createSiwxMessage('eip155', { ...fields, ...patch }), signature })).toBe(false)
      }),
    )
  })
})

describe('Solana sign-in signatures (Ed25519, strict)', () => {
  const secret = new Uint8Array(32).map((_, i) => i + 1)
  const address = encodeBase58(ed25519.getPublicKey(secret))
  const solanaFields = { ...fields, address, chainId: 'localnet' }
  const sign = (message: string, key = secret) => encodeBase58(ed25519.sign(new TextEncoder().encode(message), key))

  it('the account’s signature verifies; another key, another message or junk does not', async () => {
    const message = createSiwxMessage('solana', solanaFields)
    const signature = sign(message)
    expect(await verifySolanaSignIn({ address, message, signature })).toBe(true)
    const stranger = encodeBase58(ed25519.getPublicKey(new Uint8Array(32).fill(9)))
    expect(await verifySolanaSignIn({ address: stranger, message, signature })).toBe(false)
    expect(await verifySolanaSignIn({ address, message: message.replace('localnet', 'devnet'), signature })).toBe(false)
    for (const junk of ['', '1', 'zz', encodeBase58(new Uint8Array(64)), '1'.repeat(500)]) expect(await verifySolanaSignIn({ address, message, signature: junk })).toBe(false)
  })

  it('verifies against the account the message names: a message naming B signed by A is no sign-in of A nor of B', async () => {
    const strangerKey = new Uint8Array(32).fill(9)
    const stranger = encodeBase58(ed25519.getPublicKey(strangerKey))
    const theirs = createSiwxMessage('solana', { ...solanaFields, address: stranger })
    expect(await verifySolanaSignIn({ address, message: theirs, signature: sign(theirs) })).toBe(false)
    expect(await verifySolanaSignIn({ address: stranger, message: theirs, signature: sign(theirs) })).toBe(false)
    expect(await verifySolanaSignIn({ address, message: theirs, signature: sign(theirs, strangerKey) })).toBe(false)
    expect(await verifySolanaSignIn({ address: stranger, message: theirs, signature: sign(theirs, strangerKey) })).toBe(true)
    expect(await verifySolanaSignIn({ address, message: 'hello', signature: sign('hello') })).toBe(false)
  })

  it('the identity key (small order) with R = identity and S = 0 verifies nothing, though the platform’s WebCrypto accepts it', async () => {
    const identity = new Uint8Array(32)
    identity[0] = 1
    const forged = new Uint8Array(64)
    forged[0] = 1
    const key = encodeBase58(identity)
    const message = createSiwxMessage('solana', { ...solanaFields, address: key })
    // What the previous check (crypto.subtle) said: any message verifies for this key.
    const subtle = globalThis.crypto.subtle
    const imported = await subtle.importKey('raw', identity, { name: 'Ed25519' }, false, ['verify'])
    expect(await subtle.verify({ name: 'Ed25519' }, imported, forged, new TextEncoder().encode(message))).toBe(true)
    expect(await verifySolanaSignIn({ address: key, message, signature: encodeBase58(forged) })).toBe(false)
    expect(verifyEd25519(identity, new TextEncoder().encode(message), forged)).toBe(false)
  })
})
