import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceWatchStarted, connect, pageVisibilityChanged, sendTransaction } from '../../kernel/index'
import { formatUnitsToDecimalString } from '../../kernel/rules/display'
import { countingFetch } from '../../scripts/testing/counting-fetch'
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

  it('refreshes as EVM balances do: the native balance every poll while shown and visible, the tokens at most every 30 s, none while hidden', async () => {
    const wallet = createSolanaTestWallet({ seed: 27 })
    svm.airdrop(wallet.keypair.address, 2_000_000_000n)
    const rpcLog = countingFetch()
    const s = setupSolana({ wallets: [wallet.wallet], networks: [solanaLocalnet({ rpcUrl: svm.url })], fetch: rpcLog.fetch })
    await connect(s.latch, { connectorId: wallet.wallet.name, ns: 'solana' })
    await rpcLog.idle()
    const reads = () => [rpcLog.count('getBalance'), rpcLog.count('getTokenAccountsByOwner')]
    expect(reads()).toEqual([1, 2])
    // Nothing shows the balance: no poll, however long.
    s.t.advance(60_000)
    await rpcLog.idle()
    expect(reads()).toEqual([1, 2])

    // Shown: the native balance every 4 s (the cache, 60 s old, has expired, so the first look reads too);
    // the tokens on the first look, then not again within 30 s of that read.
    s.latch.dispatch(balanceWatchStarted({ kind: 'native' }))
    s.latch.dispatch(balanceWatchStarted({ kind: 'tokens' }))
    await rpcLog.idle()
    expect(reads()).toEqual([2, 4])
    for (let i = 0; i < 3; i++) {
      s.t.advance(4_000)
      await rpcLog.idle()
    }
    expect(reads()).toEqual([5, 4])
    const funded = 2_000_000_000n + 500_000_000n
    svm.airdrop(wallet.keypair.address, 500_000_000n)
    s.t.advance(4_000)
    await rpcLog.idle()
    expect(s.latch.getState().chains.solana.account.balance).toBe(formatUnitsToDecimalString(funded, 9))
    for (let i = 0; i < 4; i++) {
      s.t.advance(4_000)
      await rpcLog.idle()
    }
    expect(reads()).toEqual([10, 6])

    // Hidden page: no poll; visible again: one read of each at once.
    s.latch.dispatch(pageVisibilityChanged({ visible: false }))
    s.t.advance(40_000)
    await rpcLog.idle()
    expect(reads()).toEqual([10, 6])
    s.latch.dispatch(pageVisibilityChanged({ visible: true }))
    await rpcLog.idle()
    expect(reads()).toEqual([11, 8])
  })
})
