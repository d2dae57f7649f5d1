import { ed25519 } from '@noble/curves/ed25519'
import { describe, expect, it } from 'vitest'
import { createLatch, disconnect, request, signMessage } from '../../kernel/index'
import { decodeBase58, encodeBase58 } from '../../kernel/rules/base58'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { remoteConnector } from '../../scripts/testing/remote-wallet'
import { fromBase64, toBase64 } from './bytes'
import { solana } from './index'
import { buildTransfer, parseTransaction } from './wire'

const secret = ed25519.utils.randomPrivateKey()
const publicKey = ed25519.getPublicKey(secret)
const address = encodeBase58(publicKey)
const mainnet = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

describe('solana through a connector\'s remote wallet (remoteStandardWallet, docs/plugins.md "The family kit")', () => {
  it('signs messages and transactions with the remote Solana methods (base58, base64), checked as any wallet\'s answer', async () => {
    const remote = remoteConnector('solana', `solana:${mainnet}:${address}`, {
      solana_signMessage: (params) => ({ signature: encodeBase58(ed25519.sign(decodeBase58((params as { message: string }).message) as Uint8Array, secret)) }),
      // The wallet answers only the signature: the family puts it in the transaction.
      solana_signTransaction: (params) => {
        const parsed = parseTransaction(fromBase64((params as { transaction: string }).transaction) as Uint8Array)
        return { signature: encodeBase58(ed25519.sign(parsed!.message, secret)) }
      },
    })
    const latch = createLatch({ networks: [createTestNetwork('solana', mainnet)], plugins: [solana({ wallets: { get: () => [], on: () => () => undefined } }), remote.plugin], ports: createTestPorts().ports })
    const { signature } = await signMessage(latch, { message: 'hi', ns: 'solana' })
    expect(ed25519.verify(decodeBase58(signature) as Uint8Array, new TextEncoder().encode('hi'), publicKey)).toBe(true)
    expect(remote.asked[0]).toEqual({ method: 'solana_signMessage', params: { message: encodeBase58(new TextEncoder().encode('hi')), pubkey: address } })

    const transaction = buildTransfer(publicKey, new Uint8Array(32).fill(7), 5n, new Uint8Array(32).fill(1))
    const { result } = await request<{ transaction: string; signature: string }>(latch, { ns: 'solana', method: 'solana_signTransaction', params: { transaction: toBase64(transaction) } }).then((r) => ({ result: r }))
    const signed = parseTransaction(fromBase64(result.transaction) as Uint8Array)!
    expect(ed25519.verify(signed.signatures[0] as Uint8Array, signed.message, publicKey)).toBe(true)
    expect(result.signature).toBe(encodeBase58(signed.signatures[0] as Uint8Array))

    await expect(request(latch, { ns: 'solana', method: 'solana_signAndSendTransaction', params: { transaction: toBase64(transaction) } })).rejects.toMatchObject({ code: 'RPC_NOT_ALLOWED' })
    await disconnect(latch, { ns: 'solana' })
    expect(remote.events).toEqual(['disconnect'])
  })
})
