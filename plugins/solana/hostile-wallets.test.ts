import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { connect, selectIsConnected } from '../../kernel/index'
import { setupSolana } from '../../scripts/testing/solana-harness'
import { createSolanaTestWallet } from '../../scripts/testing/solana-test-wallet'
import { signAndSendTransaction, signMessage, signTransaction } from './index'
import { maxWallets } from './registry'

/**
 * Wallets that misbehave on purpose (docs/solana.md, "Discovery", "Verbs"): each gets a LatchError with a code,
 * the state stays valid, and nothing throws out of Latch.
 */
// From the exported log: wallets registered before Latch starts are judged while it starts.
const refusals = (s: ReturnType<typeof setupSolana>) => s.latch.exportLog().events.filter((e) => e.type === 'solana/walletRefused')
const refusedNames = (s: ReturnType<typeof setupSolana>) => refusals(s).map((e) => (e.payload as { name: string }).name)

function junk(overrides: Record<string, unknown>) {
  const base = createSolanaTestWallet({ name: String(overrides.name ?? 'Junk') })
  return { ...base.wallet, ...overrides }
}

describe('junk wallets at discovery', () => {
  it('refuses junk features, junk chains, a missing standard:connect and a throwing getter, with solana/walletRefused', () => {
    const good = createSolanaTestWallet()
    const wallets = [
      junk({ name: 'Null Features', features: null }),
      junk({ name: 'Connect Not A Function', features: { 'standard:connect': { version: '1.0.0', connect: 42 } } }),
      junk({ name: 'Junk Sign', features: { ...good.wallet.features, 'solana:signMessage': 'junk' } }),
      junk({ name: 'No Connect', features: { 'standard:events': { version: '1.0.0', on: () => () => undefined } } }),
      junk({ name: 'Junk Chains', chains: 'solana:mainnet' }),
      junk({ name: '' }),
      Object.defineProperty({ ...good.wallet, name: 'Throwing' }, 'features', { get: () => { throw new Error('boom') } }),
      null,
      42,
    ]
    const s = setupSolana({ wallets })
    expect(s.latch.getState().connectors.list).toEqual([])
    expect(refusedNames(s)).toEqual(['Null Features', 'Connect Not A Function', 'Junk Sign', 'No Connect', 'Junk Chains', '(unnamed)', 'Throwing', '(unnamed)', '(unnamed)'])
    const [first] = refusals(s)
    expect(first?.payload).toMatchObject({ error: { code: 'INVALID_RESPONSE', details: expect.stringContaining('features') } })
    expect(s.t.warnings.filter((w) => w.startsWith('ignored the wallet-standard wallet'))).toHaveLength(9)
  })

  it('keeps the first wallet of a name: an impostor registering the same name is refused and never asked', async () => {
    const s = setupSolana()
    const impostor = createSolanaTestWallet({ seed: 66 })
    s.source.register(impostor.wallet)
    expect(refusedNames(s)).toEqual(['Test Solana Wallet'])
    await connect(s.latch, { connectorId: 'Test Solana Wallet', ns: 'solana' })
    expect(impostor.control.calls).toEqual([])
    expect(s.latch.getState().chains.solana.account.caipAddress?.endsWith(s.test.keypair.address)).toBe(true)
  })

  it('drops a remote icon, and lists at most 100 wallets', () => {
    const remote = createSolanaTestWallet({ name: 'Remote Icon' })
    const many = Array.from({ length: maxWallets + 5 }, (_, i) => createSolanaTestWallet({ name: `Wallet ${i}` }).wallet)
    const s = setupSolana({ wallets: [{ ...remote.wallet, icon: 'https://tracker.example/icon.png' }, ...many] })
    expect(s.latch.getState().connectors.list[0]).toEqual({ id: 'Remote Icon', name: 'Remote Icon', type: 'ANNOUNCED', chain: 'solana' })
    expect(s.latch.getState().connectors.list).toHaveLength(maxWallets)
    expect(s.t.warnings.filter((w) => w.includes('more than 100 Solana wallets'))).toHaveLength(1)
  })
})

describe('junk answers', () => {
  function withConnect(answer: unknown) {
    const test = createSolanaTestWallet()
    const wallet = { ...test.wallet, features: { ...test.wallet.features, 'standard:connect': { version: '1.0.0', connect: async () => answer } } }
    return setupSolana({ wallets: [wallet] })
  }

  it.each([
    ['a 31-byte public key', (a: ReturnType<typeof createSolanaTestWallet>['account']) => ({ ...a, publicKey: a.publicKey.slice(1) })],
    ['a 33-byte public key', (a: ReturnType<typeof createSolanaTestWallet>['account']) => ({ ...a, publicKey: Uint8Array.from([...a.publicKey, 0]) })],
    ['a key that is not the address', (a: ReturnType<typeof createSolanaTestWallet>['account']) => ({ ...a, publicKey: new Uint8Array(32).fill(7) })],
    ['an address that is not base58 of 32 bytes', (a: ReturnType<typeof createSolanaTestWallet>['account']) => ({ ...a, address: 'z'.repeat(44) })],
    ['a key as an array', (a: ReturnType<typeof createSolanaTestWallet>['account']) => ({ ...a, publicKey: [...a.publicKey] })],
  ])('connect answering %s is INVALID_ADDRESS and leaves the family disconnected', async (_label, spoil) => {
    const account = createSolanaTestWallet().account
    const s = withConnect({ accounts: [spoil(account)] })
    await expect(connect(s.latch, { connectorId: 'Test Solana Wallet', ns: 'solana' })).rejects.toMatchObject({ code: 'INVALID_ADDRESS', shortMessage: 'Something went wrong' })
    expect(selectIsConnected(s.latch.getState(), 'solana')).toBe(false)
    expect(s.latch.getState().connection.status).toBe('disconnected')
  })

  it('connect answering no account, or junk, fails with a code', async () => {
    await expect(connect(withConnect({ accounts: [] }).latch, { connectorId: 'Test Solana Wallet', ns: 'solana' })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
    await expect(connect(withConnect({ accounts: 'junk' }).latch, { connectorId: 'Test Solana Wallet', ns: 'solana' })).rejects.toMatchObject({ code: 'INVALID_ADDRESS' })
  })

  it('a wallet that throws synchronously, or throws a non-error, gives a LatchError', async () => {
    const test = createSolanaTestWallet()
    const wallet = { ...test.wallet, features: { ...test.wallet.features, 'standard:connect': { version: '1.0.0', connect: () => { throw 'nope' } } } }
    const s = setupSolana({ wallets: [wallet] })
    await expect(connect(s.latch, { connectorId: 'Test Solana Wallet', ns: 'solana' })).rejects.toMatchObject({ code: 'UNKNOWN', details: 'nope' })
  })

  function withFeature(name: string, method: string, answer: unknown) {
    const test = createSolanaTestWallet()
    const features = { ...test.wallet.features, [name]: { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], [method]: async () => answer } }
    const wallet = Object.defineProperty({ ...test.wallet, features }, 'accounts', { get: () => (test.control.authorised ? [test.account] : []) })
    return { s: setupSolana({ wallets: [wallet] }), test }
  }

  it.each([
    ['no output', []],
    ['a signature of 63 bytes', [{ signature: new Uint8Array(63).fill(1) }]],
    ['an empty signature (all zeros)', [{ signature: new Uint8Array(64) }]],
    ['a signature as text', [{ signature: 'abc' }]],
    ['junk', 'junk'],
  ])('signMessage answered with %s is INVALID_RESPONSE', async (_label, answer) => {
    const { s } = withFeature('solana:signMessage', 'signMessage', answer)
    await connect(s.latch, { connectorId: 'Test Solana Wallet', ns: 'solana' })
    await expect(signMessage(s.latch, { message: 'x' })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
    expect(selectIsConnected(s.latch.getState(), 'solana')).toBe(true)
  })

  it('signTransaction answered with junk bytes, or the transaction unsigned, is INVALID_RESPONSE', async () => {
    const transaction = (from: string) =>
      new Transaction({ feePayer: new PublicKey(from), recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(SystemProgram.transfer({ fromPubkey: new PublicKey(from), toPubkey: Keypair.generate().publicKey, lamports: 1 }))
    const junkBytes = withFeature('solana:signTransaction', 'signTransaction', [{ signedTransaction: new Uint8Array([1, 2, 3]) }])
    await connect(junkBytes.s.latch, { connectorId: 'Test Solana Wallet', ns: 'solana' })
    await expect(signTransaction(junkBytes.s.latch, { transaction: transaction(junkBytes.test.keypair.address) })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })

    const unsigned = transaction(createSolanaTestWallet().keypair.address)
    const echo = withFeature('solana:signTransaction', 'signTransaction', [{ signedTransaction: new Uint8Array(unsigned.serialize({ requireAllSignatures: false })) }])
    await connect(echo.s.latch, { connectorId: 'Test Solana Wallet', ns: 'solana' })
    await expect(signTransaction(echo.s.latch, { transaction: unsigned })).rejects.toMatchObject({ code: 'INVALID_RESPONSE', details: expect.stringContaining('without') })

    const twice = withFeature('solana:signAndSendTransaction', 'signAndSendTransaction', [{ signature: new Uint8Array(64).fill(1) }, { signature: new Uint8Array(64).fill(2) }])
    await connect(twice.s.latch, { connectorId: 'Test Solana Wallet', ns: 'solana' })
    await expect(signAndSendTransaction(twice.s.latch, { transaction: transaction(twice.test.keypair.address) })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })

  it('a wallet that lacks solana:signMessage answers RPC_NOT_ALLOWED', async () => {
    const test = createSolanaTestWallet({ without: ['solana:signMessage'] })
    const s = setupSolana({ wallets: [test.wallet] })
    await connect(s.latch, { connectorId: 'Test Solana Wallet', ns: 'solana' })
    await expect(signMessage(s.latch, { message: 'x' })).rejects.toMatchObject({ code: 'RPC_NOT_ALLOWED' })
  })
})
