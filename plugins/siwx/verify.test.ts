import { ed25519 } from '@noble/curves/ed25519'
import fc from 'fast-check'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeBase58 } from '../../kernel/rules/base58'
import { startAnvil, type Anvil } from '../../scripts/devnet/anvil'
import { anvilMnemonic } from '../../scripts/devnet/wc-wallet/eip155'
import { createSiwxMessage, type SiwxFields } from './message'
import { verifyEvmSignIn, verifySolanaSignIn } from './verify'

// docs/siwx.md, "Verifying a signature".
const fields: SiwxFields = {
  domain: 'app.example.com',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  statement: 'Sign in to the Latch demo.',
  uri: 'https://app.example.com/login',
  version: '1',
  chainId: '31337',
  nonce: 'n0nce1234567',
  issuedAt: '2026-11-23T01:00:00.000Z',
}
const account = mnemonicToAccount(anvilMnemonic)
const other = mnemonicToAccount(anvilMnemonic, { addressIndex: 1 })

describe('EVM sign-in signatures', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
  }, 60_000)
  afterAll(() => anvil?.stop())

  it('a plain account’s signature verifies offline and through the RPC; another signer, another message or junk does not', async () => {
    const message = createSiwxMessage('eip155', fields)
    const signature = await account.signMessage({ message })
    expect(await verifyEvmSignIn({ address: account.address, message, signature })).toBe(true)
    expect(await verifyEvmSignIn({ address: account.address, message, signature, rpcUrl: anvil.url })).toBe(true)
    expect(await verifyEvmSignIn({ address: other.address, message, signature })).toBe(false)
    expect(await verifyEvmSignIn({ address: account.address, message: `${message} `, signature })).toBe(false)
    expect(await verifyEvmSignIn({ address: account.address, message, signature: await other.signMessage({ message }) })).toBe(false)
    for (const junk of ['0x', '0x1234', 'not hex', `0x${'00'.repeat(65)}`]) expect(await verifyEvmSignIn({ address: account.address, message, signature: junk })).toBe(false)
  })

  it('any field changed after signing breaks the signature', async () => {
    const signature = await account.signMessage({ message: createSiwxMessage('eip155', fields) })
    const change = fc.constantFrom<Partial<SiwxFields>>(
      { domain: 'evil.example.com' },
      { uri: 'https://evil.example.com' },
      { chainId: '1' },
      { nonce: 'otherNonce99' },
      { issuedAt: '2026-11-23T01:00:01.000Z' },
      { statement: 'Sign in to something else.' },
      { expirationTime: '2026-11-24T00:00:00.000Z' },
      { resources: ['https://app.example.com/extra'] },
    )
    await fc.assert(
      fc.asyncProperty(change, async (patch) => {
        expect(await verifyEvmSignIn({ address: account.address, message: createSiwxMessage('eip155', { ...fields, ...patch }), signature })).toBe(false)
      }),
    )
  })
})

describe('Solana sign-in signatures (WebCrypto Ed25519)', () => {
  const secret = new Uint8Array(32).map((_, i) => i + 1)
  const address = encodeBase58(ed25519.getPublicKey(secret))
  const solanaFields = { ...fields, address, chainId: 'localnet' }

  it('the account’s signature verifies; another key, another message or junk does not', async () => {
    const message = createSiwxMessage('solana', solanaFields)
    const signature = encodeBase58(ed25519.sign(new TextEncoder().encode(message), secret))
    expect(await verifySolanaSignIn({ address, message, signature })).toBe(true)
    const stranger = encodeBase58(ed25519.getPublicKey(new Uint8Array(32).fill(9)))
    expect(await verifySolanaSignIn({ address: stranger, message, signature })).toBe(false)
    expect(await verifySolanaSignIn({ address, message: message.replace('localnet', 'devnet'), signature })).toBe(false)
    for (const junk of ['', '1', 'zz', encodeBase58(new Uint8Array(64))]) expect(await verifySolanaSignIn({ address, message, signature: junk })).toBe(false)
  })
})
