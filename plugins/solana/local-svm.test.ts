import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, formatUnitsToDecimalString, sendTransaction } from '../../kernel/index'
import { decodeBase58 } from '../../kernel/rules/base58'
import { startSvm, type Svm } from '../../scripts/devnet/svm'
import { setupSolana } from '../../scripts/testing/solana-harness'
import { createSolanaTestWallet, verifySignature } from '../../scripts/testing/solana-test-wallet'
import { signAndSendTransaction, signMessage, solanaCaipNetworkIds, solanaLocalnet } from './index'

// The plugin against the local SVM (scripts/devnet/svm.ts): real RPC, real ed25519 signatures, real transfers.
describe('on the local SVM', () => {
  let svm: Svm
  let rpc: Connection
  beforeAll(async () => {
    svm = await startSvm()
    rpc = new Connection(svm.url, { commitment: 'confirmed', wsEndpoint: svm.wsUrl })
  })
  afterAll(() => svm.stop())

  /** A funded test wallet whose signAndSendTransaction sends to the SVM, and a Latch on the local network. */
  async function setup(seed: number, tokens?: { address: string; symbol: string; name: string }[]) {
    const wallet = createSolanaTestWallet({
      seed,
      send: async (signed) => {
        await rpc.sendRawTransaction(signed)
      },
    })
    svm.airdrop(wallet.keypair.address, 5_000_000_000n)
    const s = setupSolana({ wallets: [wallet.wallet], networks: [solanaLocalnet({ rpcUrl: svm.url })], fetch: globalThis.fetch, ...(tokens ? { tokens } : {}) })
    await connect(s.latch, { connectorId: wallet.wallet.name, ns: 'solana' })
    return { ...s, wallet }
  }

  const shown = (s: ReturnType<typeof setupSolana>) => s.until((state) => state.chains.solana.account.balance, (balance) => balance !== undefined)

  it('shows the balance the SVM holds, in SOL with 9 decimals, and the SPL tokens it holds', async () => {
    const owner = createSolanaTestWallet({ seed: 21 }).keypair.address
    const usdc = svm.createMint(6)
    const points = svm.createMint(0)
    svm.mintTo(usdc, owner, 1_250_000n)
    svm.mintTo(usdc, owner, 250_000n)
    svm.mintTo(points, owner, 99n)
    const s = await setup(21, [{ address: usdc, symbol: 'USDC', name: 'USD Coin' }])
    const lamports = BigInt(await rpc.getBalance(new PublicKey(owner)))
    expect(await shown(s)).toBe(formatUnitsToDecimalString(lamports, 9))
    expect(s.latch.getState().chains.solana.account.balanceSymbol).toBe('SOL')
    const tokens = await s.until((state) => state.chains.solana.account.tokenBalance, (list) => list.length > 0)
    // Two accounts of one mint are one balance; a token with zero decimals is not shown.
    expect(tokens).toEqual([{ name: 'USD Coin', symbol: 'USDC', chainId: solanaCaipNetworkIds.localnet, address: usdc, quantity: { decimals: '6', numeric: '1.5' } }])
  })

  it('signs a message whose ed25519 signature verifies against the account', async () => {
    const s = await setup(22)
    const { signature } = await signMessage(s.latch, { message: 'Latch on the local SVM' })
    expect(verifySignature(new TextEncoder().encode('Latch on the local SVM'), decodeBase58(signature)!, s.wallet.keypair.address)).toBe(true)
  })

  it('a SOL transfer (sendTransaction) lands, and the balance shown is read again once confirmed', async () => {
    const s = await setup(23)
    const before = await shown(s)
    const to = Keypair.generate().publicKey
    const { hash } = await sendTransaction(s.latch, { to: to.toBase58() as `0x${string}`, value: 1_000_000_000n, ns: 'solana' })
    expect((await rpc.getSignatureStatuses([hash])).value[0]).toMatchObject({ err: null })
    expect(await rpc.getBalance(to)).toBe(1_000_000_000)
    s.t.advance(0)
    const after = await s.until((state) => state.chains.solana.account.balance, (balance) => balance !== before)
    expect(after).toBe(formatUnitsToDecimalString(BigInt(await rpc.getBalance(new PublicKey(s.wallet.keypair.address))), 9))
    expect(Number(before) - Number(after)).toBeCloseTo(1.000005, 9)
  })

  it('signAndSendTransaction sends a web3.js transaction built with a Connection', async () => {
    const s = await setup(24)
    const from = new PublicKey(s.wallet.keypair.address)
    const to = Keypair.generate().publicKey
    const { blockhash } = await rpc.getLatestBlockhash()
    const transaction = new Transaction({ feePayer: from, recentBlockhash: blockhash }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 2_000_000 }))
    const { signature } = await signAndSendTransaction(s.latch, { transaction })
    await rpc.confirmTransaction({ signature, blockhash, lastValidBlockHeight: (await rpc.getBlockHeight()) + 150 })
    expect(await rpc.getBalance(to)).toBe(2_000_000)
  })

  it('without solana:signAndSendTransaction, Latch signs with the wallet and sends over RPC itself', async () => {
    const wallet = createSolanaTestWallet({ seed: 25, without: ['solana:signAndSendTransaction'] })
    svm.airdrop(wallet.keypair.address, 1_000_000_000n)
    const s = setupSolana({ wallets: [wallet.wallet], networks: [solanaLocalnet({ rpcUrl: svm.url })], fetch: globalThis.fetch })
    await connect(s.latch, { connectorId: wallet.wallet.name, ns: 'solana' })
    const to = Keypair.generate().publicKey
    await sendTransaction(s.latch, { to: to.toBase58() as `0x${string}`, value: 3_000_000n, ns: 'solana' })
    expect(await rpc.getBalance(to)).toBe(3_000_000)
    expect(wallet.control.calls.map((c) => c.feature)).toEqual(['standard:connect', 'solana:signTransaction'])
  })

  it('an RPC answering junk leaves the balance empty with a warning, and token balances unavailable with the toast', async () => {
    const junk: typeof fetch = async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { value: 'lots' } }), { headers: { 'content-type': 'application/json' } })
    const wallet = createSolanaTestWallet({ seed: 26 })
    const s = setupSolana({ wallets: [wallet.wallet], networks: [solanaLocalnet({ rpcUrl: svm.url })], fetch: junk })
    const failed = s.next('solana/tokenBalancesFailed')
    await connect(s.latch, { connectorId: wallet.wallet.name, ns: 'solana' })
    await failed
    const state = s.latch.getState()
    expect(state.chains.solana.account.balance).toBeUndefined()
    expect(state.chains.solana.account.tokenBalance).toEqual([])
    expect(state.chains.solana.account.lastRetry).toBeDefined()
    expect(s.t.warnings).toContain('native balance unavailable')
    expect(s.types()).toContain('toast/requested')
    expect(s.latch.exportLog().events.find((e) => e.type === 'solana/tokenBalancesFailed')?.payload).toMatchObject({ error: { code: 'TOKEN_BALANCE_UNAVAILABLE', shortMessage: 'Token Balance Unavailable' } })
  })
})
