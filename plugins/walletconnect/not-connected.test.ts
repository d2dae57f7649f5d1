import { describe, expect, it } from 'vitest'
import { createLatch, request, signMessage } from '../../kernel/index'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { eip155 } from '../eip155/index'
import { walletConnect } from './index'

// docs/plugins.md, "Intents and `request()`": a family nobody holds fails NOT_CONNECTED at once, not after 6 minutes.
describe('a family WalletConnect serves, with no session and no other plugin holding it', () => {
  it('fails NOT_CONNECTED at once (no clock moves), its session code never asked to load', async () => {
    const t = createTestPorts()
    const networks = [createTestNetwork('eip155', 1), createTestNetwork('solana', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'), createTestNetwork('bip122', '000000000019d6689c085ae165831e93')]
    const latch = createLatch({ networks, plugins: [eip155(), walletConnect({ projectId: 'latch-test', relayUrl: 'ws://127.0.0.1:9' })], ports: t.ports })
    const code = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: { code: string; messageId?: string; details?: string }) => `${error.code}/${error.messageId}: ${error.details}`)
    expect(await code(signMessage(latch, { message: 'hi', ns: 'solana' }))).toBe('UNKNOWN/NOT_CONNECTED: solana is not configured: no plugin holds a solana connection; register its family plugin, then call connect() first')
    expect(await code(request(latch, { ns: 'bip122', method: 'signPsbt', params: { psbt: 'x' } }))).toBe('UNKNOWN/NOT_CONNECTED: bip122 is not configured: no plugin holds a bip122 connection; register its family plugin, then call connect() first')
    // The EVM family's own plugin answers for itself (no wallet connected).
    expect(await code(signMessage(latch, { message: 'hi', ns: 'eip155' }))).toBe('UNKNOWN/NOT_CONNECTED: no EVM wallet is connected')
    const answers = latch.exportLog().events.filter((e) => /(Succeeded|Failed)$/.test(e.type))
    expect(new Set(answers.map((e) => e.requestId)).size).toBe(answers.length)
  })
})
