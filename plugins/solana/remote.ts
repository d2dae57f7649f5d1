import type { RemoteWallet } from '../../kernel/family/wallets'
import { decodeBase58, encodeBase58 } from '../../kernel/rules/base58'
import { fromBase64, toBase64 } from './bytes'
import type { StandardWallet, StandardWalletAccount } from './wallet-schema'
import { parseTransaction, signerIndex } from './wire'

const adapted = new WeakMap<RemoteWallet, StandardWallet>()

type Input = { account: StandardWalletAccount; message?: Uint8Array; transaction?: Uint8Array; options?: unknown }

/**
 * A connector's remote wallet (a WalletConnect session's Solana part; docs/plugins.md, "The family kit") as the
 * wallet-standard wallet this family calls for its own wallets, its features sent as the standard remote Solana
 * methods (docs/walletconnect.md, "Requests"): `solana_signMessage` (the message and signature in base58),
 * `solana_signTransaction` and `solana_signAndSendTransaction` (transactions in base64). The plugin checks every answer
 * as it checks any wallet's. One wallet object per remote wallet, so identical calls join.
 */
export function remoteStandardWallet(remote: RemoteWallet): StandardWallet {
  const known = adapted.get(remote)
  if (known) return known
  const wallet: StandardWallet = {
    version: '1.0.0',
    name: 'WalletConnect',
    icon: 'data:image/svg+xml,',
    chains: [],
    get accounts() {
      return remote.accounts.map((caip) => {
        const address = caip.split(':')[2] ?? ''
        // No chains: the account serves whichever cluster the session approved (docs/solana.md, "Networks").
        return { address, publicKey: decodeBase58(address) ?? new Uint8Array(), chains: [], features: [] } as unknown as StandardWalletAccount
      })
    },
    features: {
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: (...inputs: Input[]) =>
          each(inputs, async ({ account, message }) => {
            const answer = await remote.request('solana_signMessage', { message: encodeBase58(message ?? new Uint8Array()), pubkey: account.address })
            return { signedMessage: message, signature: decodeBase58(String(field(answer, 'signature'))) }
          }),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        signTransaction: (...inputs: Input[]) =>
          each(inputs, async ({ account, transaction }) => {
            const answer = await remote.request('solana_signTransaction', { transaction: toBase64(transaction ?? new Uint8Array()) })
            return { signedTransaction: signed(transaction ?? new Uint8Array(), account, answer) }
          }),
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        signAndSendTransaction: (...inputs: Input[]) =>
          each(inputs, async ({ transaction, options }) => {
            const answer = await remote.request('solana_signAndSendTransaction', { transaction: toBase64(transaction ?? new Uint8Array()), ...(options ? { sendOptions: options } : {}) })
            return { signature: decodeBase58(String(field(answer, 'signature'))) }
          }),
      },
    },
  }
  adapted.set(remote, wallet)
  return wallet
}

/** One remote request per input, in order (a wallet-standard feature takes several). */
async function each<T>(inputs: Input[], run: (input: Input) => Promise<T>): Promise<T[]> {
  const outputs: T[] = []
  for (const input of inputs) outputs.push(await run(input))
  return outputs
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined
}

/**
 * The signed transaction a `solana_signTransaction` answer gives: its `transaction` (base64) when the wallet sends it,
 * else the asked transaction with the account's `signature` (base58) put in its slot. The plugin checks the result.
 */
function signed(transaction: Uint8Array, account: StandardWalletAccount, answer: unknown): Uint8Array | undefined {
  const whole = field(answer, 'transaction')
  if (typeof whole === 'string') return fromBase64(whole)
  const signature = decodeBase58(String(field(answer, 'signature')))
  const parsed = parseTransaction(transaction)
  const publicKey = decodeBase58(account.address)
  if (!parsed || !publicKey || signature?.length !== 64) return undefined
  const index = signerIndex(parsed, publicKey)
  if (index < 0) return undefined
  const copy = Uint8Array.from(transaction)
  const slot = parsed.signatures[index] as Uint8Array
  copy.set(signature, slot.byteOffset - transaction.byteOffset)
  return copy
}
