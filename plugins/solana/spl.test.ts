import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, sendTransaction, type LatchErrorData } from '../../kernel/index'
import { decodeBase58, encodeBase58 } from '../../kernel/rules/base58'
import { startSvm, type Svm } from '../../scripts/devnet/svm'
import { setupSolana } from '../../scripts/testing/solana-harness'
import { createSolanaTestWallet } from '../../scripts/testing/solana-test-wallet'
import { solanaLocalnet } from './index'
import { associatedTokenAddress, associatedTokenProgram, findProgramAddress, isOnCurve } from './spl'

const tokenProgram = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const token2022Program = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/** The associated token account as web3.js derives it: the reference the hand-written derivation is checked against. */
const ataOf = (owner: string, mint: string, program = tokenProgram) =>
  PublicKey.findProgramAddressSync([new PublicKey(owner).toBuffer(), new PublicKey(program).toBuffer(), new PublicKey(mint).toBuffer()], new PublicKey(associatedTokenProgram))[0].toBase58()

describe('program-derived addresses (docs/solana.md, "Sending tokens")', () => {
  it('the off-curve check and findProgramAddress agree with web3.js', () => {
    for (let i = 0; i < 200; i++) {
      const bytes = Keypair.generate().publicKey.toBytes()
      expect(isOnCurve(bytes)).toBe(true)
      const random = crypto.getRandomValues(new Uint8Array(32))
      expect(isOnCurve(random)).toBe(PublicKey.isOnCurve(random))
    }
    for (let i = 0; i < 20; i++) {
      const owner = Keypair.generate().publicKey.toBase58()
      const mint = Keypair.generate().publicKey.toBase58()
      for (const program of [tokenProgram, token2022Program]) {
        expect(encodeBase58(associatedTokenAddress(decodeBase58(owner)!, decodeBase58(mint)!, decodeBase58(program)!))).toBe(ataOf(owner, mint, program))
      }
    }
    const seeds = [new TextEncoder().encode('latch')]
    expect(encodeBase58(findProgramAddress(seeds, decodeBase58(tokenProgram)!))).toBe(PublicKey.findProgramAddressSync([Buffer.from('latch')], new PublicKey(tokenProgram))[0].toBase58())
  })
})

// The plugin against the local SVM (scripts/devnet/svm.ts): the token program itself moves the tokens.
describe('SPL token sends on the local SVM', () => {
  let svm: Svm
  let rpc: Connection
  beforeAll(async () => {
    svm = await startSvm()
    rpc = new Connection(svm.url, { commitment: 'confirmed' })
  })
  afterAll(() => svm.stop())

  /** A funded test wallet holding `amount` of a new 6-decimal mint in its associated token account. */
  async function setup(seed: number, amount = 5_000_000n) {
    const wallet = createSolanaTestWallet({ seed, send: async (signed) => void (await rpc.sendRawTransaction(signed)) })
    svm.airdrop(wallet.keypair.address, 1_000_000_000n)
    const mint = svm.createMint(6)
    svm.mintTo(mint, wallet.keypair.address, amount, ataOf(wallet.keypair.address, mint))
    const s = setupSolana({ wallets: [wallet.wallet], networks: [solanaLocalnet({ rpcUrl: svm.url })], fetch: globalThis.fetch })
    await connect(s.latch, { connectorId: wallet.wallet.name, ns: 'solana' })
    return { ...s, wallet, mint, token: { mint, decimals: 6 } }
  }

  const tokens = async (owner: string, mint: string) => {
    const info = await rpc.getAccountInfo(new PublicKey(ataOf(owner, mint)))
    return info ? new DataView(info.data.buffer, info.data.byteOffset).getBigUint64(64, true) : undefined
  }

  it('sends to an address without a token account (created first, the sender pays its rent), then to one with', async () => {
    const s = await setup(41)
    const from = s.wallet.keypair.address
    const to = Keypair.generate().publicKey.toBase58()
    expect(await tokens(to, s.mint)).toBeUndefined()
    const lamports = await rpc.getBalance(new PublicKey(from))
    const { hash } = await sendTransaction(s.latch, { to: to as `0x${string}`, value: 1_250_000n, token: s.token, ns: 'solana' })
    expect((await rpc.getSignatureStatuses([hash])).value[0]).toMatchObject({ err: null })
    expect(await tokens(to, s.mint)).toBe(1_250_000n)
    expect(await tokens(from, s.mint)).toBe(3_750_000n)
    // The fee of one signature, and the new account's rent-exempt deposit (165 bytes).
    const rent = await rpc.getMinimumBalanceForRentExemption(165)
    expect(lamports - (await rpc.getBalance(new PublicKey(from)))).toBe(5000 + rent)

    // The account exists now: CreateIdempotent leaves it, and no rent is paid again.
    const before = await rpc.getBalance(new PublicKey(from))
    await sendTransaction(s.latch, { to: to as `0x${string}`, value: 750_000n, token: { ...s.token, program: tokenProgram }, ns: 'solana' })
    expect(await tokens(to, s.mint)).toBe(2_000_000n)
    expect(await tokens(from, s.mint)).toBe(3_000_000n)
    expect(before - (await rpc.getBalance(new PublicKey(from)))).toBe(5000)

    // To itself: one account, the balance unchanged.
    await sendTransaction(s.latch, { to: from as `0x${string}`, value: 1n, token: s.token, ns: 'solana' })
    expect(await tokens(from, s.mint)).toBe(3_000_000n)
    expect(s.wallet.control.calls.map((c) => c.feature)).toEqual(['standard:connect', 'solana:signAndSendTransaction', 'solana:signAndSendTransaction', 'solana:signAndSendTransaction'])
  })

  it('refuses, before asking the wallet, a recipient that is not an address, more than the balance, the wrong decimals or program', async () => {
    const s = await setup(42)
    const to = Keypair.generate().publicKey.toBase58()
    const refusal = (parameters: Partial<Parameters<typeof sendTransaction>[1]>) =>
      sendTransaction(s.latch, { to: to as `0x${string}`, value: 1n, token: s.token, ns: 'solana', ...parameters }).then(
        () => undefined,
        (error: { toData(): LatchErrorData }) => error.toData(),
      )
    expect(await refusal({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })).toMatchObject({ code: 'INVALID_ADDRESS' })
    expect(await refusal({ to: 'not base58 0OIl' as `0x${string}` })).toMatchObject({ code: 'INVALID_ADDRESS' })
    expect(await refusal({ value: 5_000_001n })).toMatchObject({ code: 'INVALID_PARAMS', details: expect.stringContaining('holds 5000000 base units') })
    expect(await refusal({ token: { mint: s.mint, decimals: 9 } })).toMatchObject({ code: 'INVALID_PARAMS', details: expect.stringContaining('has 6 decimals, not 9') })
    expect(await refusal({ token: { mint: s.mint, decimals: 6, program: token2022Program } })).toMatchObject({ code: 'INVALID_PARAMS' })
    expect(await refusal({ token: { mint: to, decimals: 6 } })).toMatchObject({ code: 'INVALID_PARAMS', details: expect.stringContaining('is not a mint') })
    expect(await refusal({ token: { mint: 'junk', decimals: 6 } })).toMatchObject({ code: 'INVALID_PARAMS' })
    // The kernel's intent refuses a token that is not { mint, decimals, program? }.
    expect(await refusal({ token: { mint: s.mint, decimals: 1.5 } })).toMatchObject({ code: 'INVALID_EVENT' })
    expect(s.wallet.control.calls.map((c) => c.feature)).toEqual(['standard:connect'])
    expect(await tokens(s.wallet.keypair.address, s.mint)).toBe(5_000_000n)
    expect(await tokens(to, s.mint)).toBeUndefined()
  })

  it('a Token-2022 mint is sent with the Token-2022 program', async () => {
    const wallet = createSolanaTestWallet({ seed: 43, send: async (signed) => void (await rpc.sendRawTransaction(signed)) })
    svm.airdrop(wallet.keypair.address, 1_000_000_000n)
    // A Token-2022 mint and account without extensions have the Token program's layout.
    const mint = Keypair.generate().publicKey.toBase58()
    const mintData = new Uint8Array(82)
    mintData[44] = 2
    mintData[45] = 1
    new DataView(mintData.buffer).setBigUint64(36, 500n, true)
    const account = new Uint8Array(165)
    account.set(decodeBase58(mint)!, 0)
    account.set(wallet.keypair.publicKey, 32)
    new DataView(account.buffer).setBigUint64(64, 500n, true)
    account[108] = 1
    const source = ataOf(wallet.keypair.address, mint, token2022Program)
    const rentOf = (size: bigint) => svm.svm.minimumBalanceForRentExemption(size)
    svm.svm.setAccount({ address: mint, data: mintData, executable: false, lamports: rentOf(82n), programAddress: token2022Program, space: 82n } as never)
    svm.svm.setAccount({ address: source, data: account, executable: false, lamports: rentOf(165n), programAddress: token2022Program, space: 165n } as never)
    const s = setupSolana({ wallets: [wallet.wallet], networks: [solanaLocalnet({ rpcUrl: svm.url })], fetch: globalThis.fetch })
    await connect(s.latch, { connectorId: wallet.wallet.name, ns: 'solana' })
    const to = Keypair.generate().publicKey.toBase58()
    await sendTransaction(s.latch, { to: to as `0x${string}`, value: 125n, token: { mint, decimals: 2 }, ns: 'solana' })
    const received = await rpc.getAccountInfo(new PublicKey(ataOf(to, mint, token2022Program)))
    expect(received?.owner.toBase58()).toBe(token2022Program)
    expect(new DataView(received!.data.buffer, received!.data.byteOffset).getBigUint64(64, true)).toBe(125n)
  })
})
