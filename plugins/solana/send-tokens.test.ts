import { describe, expect, it } from 'vitest'
import { createLatch, walletSendTransactionSucceeded, type Logged } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { sendTokens as sendBitcoin } from '../bip122/index'
import { sendTokens } from './send-tokens'
import { estimateSendFee, estimateSendFees, feeSpeeds, signatureFee } from './send-verbs'

// docs/solana.md, "Sending tokens", and docs/bitcoin.md, "Requests": what each family asks of its plugin, answered here by hand.
const owner = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const mint = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'

function kernel() {
  const networks = [createTestNetwork('solana', 'localnet', { name: 'Solana Localnet' }), createTestNetwork('bip122', '000000000933ea01ad0ee984209779ba', { name: 'Bitcoin Testnet' })]
  const latch = createLatch({ networks, ports: createTestPorts().ports })
  const asked: Logged[] = []
  latch.events$.subscribe((event) => {
    if (event.type !== 'wallet/sendTransactionRequested') return
    asked.push(event)
    latch.dispatch(walletSendTransactionSucceeded({ hash: '5'.repeat(88) }, { ns: event.ns!, requestId: event.requestId! }))
  })
  return { latch, asked }
}

describe('sendTokens (solana, bip122)', () => {
  it('sends SOL as a transfer and an SPL token by its mint and decimals', async () => {
    const { latch, asked } = kernel()
    await expect(sendTokens(latch, { token: 'native', amount: 250_000_000n, to: owner })).resolves.toEqual({ hash: '5'.repeat(88) })
    await sendTokens(latch, { token: { address: mint, decimals: 6 }, amount: 2_250_000n, to: owner })
    expect(asked.map(({ ns, payload }) => ({ ns, payload }))).toEqual([
      { ns: 'solana', payload: { to: owner, value: '250000000' } },
      { ns: 'solana', payload: { to: owner, value: '2250000', token: { mint, decimals: 6 } } },
    ])
    // The fee of one signature, whatever is sent.
    expect(await estimateSendFee(latch, { from: owner, token: { address: mint, decimals: 6 }, to: owner })).toBe(signatureFee)
    expect(signatureFee).toBe(5000n)
  })

  it("uses the Solana fee estimate for all three speeds: 'slow', 'normal' and 'fast' are each 5,000 lamports", async () => {
    const { latch } = kernel()
    expect(feeSpeeds).toEqual(['slow', 'normal', 'fast'])
    const parameters = { from: owner, token: 'native' as const, to: owner }
    for (const speed of feeSpeeds) expect(await estimateSendFee(latch, { ...parameters, speed })).toBe(5000n)
    expect(await estimateSendFees(latch, parameters)).toEqual({ slow: 5000n, normal: 5000n, fast: 5000n })
  })

  it('refuses junk with INVALID_PARAMS before anything is asked', async () => {
    const { latch, asked } = kernel()
    for (const parameters of [
      { token: 'native', amount: 1n << 64n, to: owner },
      { token: 'native', amount: 1n, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
      { token: { address: 'not base58 0OIl', decimals: 6 }, amount: 1n, to: owner },
      { token: { address: mint, decimals: 6.5 }, amount: 1n, to: owner },
    ]) {
      await expect(sendTokens(latch, parameters as never)).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    }
    for (const parameters of [
      { token: { address: mint, decimals: 6 }, amount: 1n, to: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' },
      { token: 'native', amount: 0n, to: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' },
      { token: 'native', amount: 1n, to: '' },
    ]) {
      await expect(sendBitcoin(latch, parameters as never)).rejects.toMatchObject({ code: 'INVALID_PARAMS' })
    }
    expect(asked).toEqual([])
  })

  it('sends bitcoin as a transfer of satoshis', async () => {
    const { latch, asked } = kernel()
    const to = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
    await sendBitcoin(latch, { token: 'native', amount: 1500n, to })
    expect(asked.map(({ ns, payload }) => ({ ns, payload }))).toEqual([{ ns: 'bip122', payload: { to, value: '1500' } }])
  })
})
