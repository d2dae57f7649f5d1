import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSvm, svmGenesisHash, svmMethods, tokenProgramId, type Svm } from './svm'

// The local Solana network as web3.js 1.x sees it: the methods Connection needs, and nothing answered by default.
describe('the local SVM front end', () => {
  let svm: Svm
  let connection: Connection
  beforeAll(async () => {
    svm = await startSvm()
    connection = new Connection(svm.url, { commitment: 'confirmed', wsEndpoint: svm.wsUrl })
  })
  afterAll(() => svm.stop())

  const post = async (body: unknown) => (await fetch(svm.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<any>

  it('answers getVersion, getGenesisHash, getSlot, getBlockHeight and getLatestBlockhash', async () => {
    expect(await connection.getVersion()).toMatchObject({ 'solana-core': expect.any(String) })
    expect(await connection.getGenesisHash()).toBe(svmGenesisHash)
    expect(await connection.getSlot()).toBeGreaterThanOrEqual(0)
    expect(await connection.getBlockHeight()).toBeGreaterThanOrEqual(0)
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    expect(new PublicKey(blockhash).toBytes()).toHaveLength(32)
    expect(lastValidBlockHeight).toBeGreaterThan(0)
  })

  it('airdrops, then a transfer confirmed over the websocket moves the lamports', async () => {
    const from = Keypair.generate()
    const to = Keypair.generate().publicKey
    await connection.confirmTransaction({ signature: await connection.requestAirdrop(from.publicKey, 2 * LAMPORTS_PER_SOL), ...(await connection.getLatestBlockhash()) })
    expect(await connection.getBalance(from.publicKey)).toBe(2 * LAMPORTS_PER_SOL)
    const rent = await connection.getMinimumBalanceForRentExemption(0)
    const transaction = new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: rent + 1234 }))
    const signature = await sendAndConfirmTransaction(connection, transaction, [from])
    expect(await connection.getBalance(to)).toBe(rent + 1234)
    expect((await connection.getSignatureStatuses([signature])).value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(await connection.getAccountInfo(to)).toMatchObject({ lamports: rent + 1234, owner: SystemProgram.programId })
    expect(svm.calls).toContain('signatureSubscribe')
  })

  it('lists SPL token accounts by owner, parsed, summing nothing it should not', async () => {
    const owner = Keypair.generate().publicKey.toBase58()
    const mint = svm.createMint(6)
    svm.mintTo(mint, owner, 1_500_000n)
    svm.mintTo(svm.createMint(9), Keypair.generate().publicKey.toBase58(), 7n)
    const { value } = await connection.getParsedTokenAccountsByOwner(new PublicKey(owner), { programId: new PublicKey(tokenProgramId) })
    expect(value.map((v) => v.account.data.parsed.info)).toEqual([
      expect.objectContaining({ mint, owner, tokenAmount: expect.objectContaining({ amount: '1500000', decimals: 6, uiAmountString: '1.5' }) }),
    ])
  })

  it('answers -32601 for anything else, and rejects a transaction that fails', async () => {
    expect(await post({ jsonrpc: '2.0', id: 7, method: 'getProgramAccounts', params: [] })).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found' } })
    expect(svmMethods).not.toContain('getProgramAccounts')
    const broke = Keypair.generate()
    const transaction = new Transaction({ feePayer: broke.publicKey, ...(await connection.getLatestBlockhash()) }).add(SystemProgram.transfer({ fromPubkey: broke.publicKey, toPubkey: broke.publicKey, lamports: 1 }))
    transaction.sign(broke)
    const answer = await post({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [transaction.serialize().toString('base64'), { encoding: 'base64' }] })
    expect(answer.error).toMatchObject({ code: -32002 })
  })

  it('answers a batch, and a body that is not JSON with a parse error', async () => {
    expect(await post([{ jsonrpc: '2.0', id: 1, method: 'getHealth' }, { jsonrpc: '2.0', id: 2, method: 'nope' }])).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'ok' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
    ])
    const response = await fetch(svm.url, { method: 'POST', body: '{' })
    expect(await response.json()).toMatchObject({ error: { code: -32700 } })
  })
})
