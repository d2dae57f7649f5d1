import { describe, expect, it } from 'vitest'
import { createLatch, disconnect, sendTransaction, signMessage } from '../../kernel/index'
import { toBase64 } from '../../kernel/rules/base64'
import { createTestNetwork, createTestPorts } from '../../kernel/testing'
import { remoteConnector } from '../../scripts/testing/remote-wallet'
import { bip122 } from './index'

const mainnet = 'bip122:000000000019d6689c085ae165831e93'
// A legacy (P2PKH) address: its messages are signed in the legacy form (ECDSA).
const address = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'
const signatureBytes = Uint8Array.from([0x1f, ...new Array(64).fill(0x22)])
const hex = [...signatureBytes].map((b) => b.toString(16).padStart(2, '0')).join('')
const txid = 'ab'.repeat(32)

describe('bip122 through a connector\'s remote wallet (remoteBitcoinWallet, docs/plugins.md "The family kit")', () => {
  it('signs and sends with the remote Bitcoin methods; a hex signature is read as base64; disconnect ends the session', async () => {
    const remote = remoteConnector('bip122', `${mainnet}:${address}`, { signMessage: () => ({ address, signature: hex }), sendTransfer: () => ({ txid }) })
    const latch = createLatch({ networks: [createTestNetwork('bip122', '000000000019d6689c085ae165831e93')], plugins: [bip122(), remote.plugin], ports: createTestPorts().ports })
    await expect(signMessage(latch, { message: 'hi', ns: 'bip122' })).resolves.toEqual({ signature: toBase64(signatureBytes) })
    await expect(sendTransaction(latch, { ns: "bip122", to: address as `0x${string}`, value: 1000n })).resolves.toMatchObject({ hash: txid })
    expect(remote.asked).toEqual([
      { method: 'signMessage', params: { account: address, address, message: 'hi', protocol: 'ecdsa' } },
      { method: 'sendTransfer', params: { account: address, recipientAddress: address, amount: '1000' } },
    ])
    await disconnect(latch, { ns: 'bip122' })
    expect(remote.events).toEqual(['disconnect'])
    expect(latch.getState().chains.bip122.connectorId).toBeUndefined()
  })
})
