import { ed25519 } from '@noble/curves/ed25519.js'
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, createLatch, disconnect, sendTransaction } from '../../../kernel/index'
import { decodeBase58 } from '../../../kernel/rules/base58'
import { createTestPorts } from '../../../kernel/testing'
import { signMessage, solana, solanaLocalnet } from '../../../plugins/solana/index'
import { createWalletsSource } from '../../testing/solana-test-wallet'
import { createMemoryStorage } from '../../../kernel/engine/ports'
import { startSvm, type Svm } from '../svm'
import { addressOfSeed, solanaDevSeed, solanaDevWalletInfo } from './config'
import { createSolanaDevWallet, readTransfer } from './wallet'
import { buildSolanaDevWallet } from './build'

// The Solana dev wallet driven by Latch in node, against the local SVM: the prompt is a function here.
describe('the Solana dev wallet', () => {
  let svm: Svm
  beforeAll(async () => {
    svm = await startSvm()
    svm.airdrop(addressOfSeed(solanaDevSeed), 10_000_000_000n)
  })
  afterAll(() => svm.stop())

  function setup(answers: boolean[] = []) {
    const prompts: string[] = []
    const storage = createMemoryStorage()
    const dev = createSolanaDevWallet({ rpcUrl: svm.url, chain: 'solana:localnet', seed: solanaDevSeed }, {
      storage,
      origin: 'http://127.0.0.1:1',
      confirm: async (request) => {
        prompts.push(`${request.title} ${(request.rows ?? []).map((r) => r.join(': ')).join(', ')}`.trim())
        return answers.shift() ?? true
      },
      fetch: globalThis.fetch,
    })
    const latch = createLatch({ networks: [solanaLocalnet({ rpcUrl: svm.url })], plugins: [solana({ wallets: createWalletsSource(dev.wallet) })], ports: { ...createTestPorts().ports, fetch: globalThis.fetch } })
    return { dev, latch, prompts, storage }
  }

  it('registers with the features Latch needs, a data: icon and the address of its seed', () => {
    const { dev } = setup()
    expect(Object.keys(dev.wallet.features)).toEqual(['standard:connect', 'standard:disconnect', 'standard:events', 'solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'])
    expect(dev.wallet.icon.startsWith('data:image/svg+xml;base64,')).toBe(true)
    expect(dev.address).toBe(addressOfSeed(solanaDevSeed))
  })

  it('asks before it connects; a reject is a 4001 that Latch reads as declined', async () => {
    const { latch, prompts } = setup([false, true])
    await expect(connect(latch, { connectorId: solanaDevWalletInfo.name, ns: 'solana' })).rejects.toMatchObject({ code: 'USER_REJECTED' })
    await connect(latch, { connectorId: solanaDevWalletInfo.name, ns: 'solana' })
    expect(prompts).toEqual([`Connect to http://127.0.0.1:1? Account: ${addressOfSeed(solanaDevSeed)}`, `Connect to http://127.0.0.1:1? Account: ${addressOfSeed(solanaDevSeed)}`])
  })

  it('signs messages with its ed25519 key, and sends a transfer it spells out in the prompt', async () => {
    const { latch, prompts, dev } = setup()
    await connect(latch, { connectorId: solanaDevWalletInfo.name, ns: 'solana' })
    const { signature } = await signMessage(latch, { message: 'dev wallet' })
    expect(ed25519.verify(decodeBase58(signature)!, new TextEncoder().encode('dev wallet'), decodeBase58(dev.address)!)).toBe(true)
    const to = Keypair.generate().publicKey.toBase58()
    await sendTransaction(latch, { to: to as `0x${string}`, value: 1_500_000_000n, ns: 'solana' })
    expect(prompts.at(-1)).toBe(`Send a transaction on Solana Localnet? Send: 1.5 SOL, To: ${to}`)
    expect(svm.svm.getBalance(to as never)).toBe(1_500_000_000n)
  })

  it('forgets the site on disconnect: a silent connect then gets no account', async () => {
    const { latch, dev, storage } = setup()
    await connect(latch, { connectorId: solanaDevWalletInfo.name, ns: 'solana' })
    await disconnect(latch, { ns: 'solana' })
    expect(storage.dump()).toEqual({})
    expect(await dev.wallet.features['standard:connect'].connect({ silent: true })).toEqual({ accounts: [] })
  })

  it('reads a lone transfer for its prompt, and nothing else', () => {
    const from = Keypair.generate().publicKey
    const to = Keypair.generate().publicKey
    const blockhash = Keypair.generate().publicKey.toBase58()
    const transfer = new Transaction({ feePayer: from, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 42 }))
    expect(readTransfer(transfer.serialize({ requireAllSignatures: false }))).toEqual({ lamports: 42n, to: to.toBase58() })
    const two = new Transaction({ feePayer: from, recentBlockhash: blockhash }).add(transfer.instructions[0]!, SystemProgram.transfer({ fromPubkey: from, toPubkey: new PublicKey(from), lamports: 1 }))
    expect(readTransfer(two.serialize({ requireAllSignatures: false }))).toBeUndefined()
  })

  it('builds into one classic script that registers through the wallet standard', async () => {
    const js = await buildSolanaDevWallet({ rpcUrl: svm.url, chain: 'solana:localnet', seed: solanaDevSeed })
    expect(js).toContain('wallet-standard:register-wallet')
    expect(js).not.toMatch(/^import |\bimport\(/m)
    await expect(buildSolanaDevWallet({ rpcUrl: 'http://example.com', chain: 'solana:localnet', seed: solanaDevSeed })).rejects.toThrow(/127\.0\.0\.1/)
  })
})
