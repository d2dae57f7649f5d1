/**
 * The Solana dev wallet: a wallet-standard wallet with a real ed25519 key (@noble/curves) that asks before it
 * connects, signs or sends (the EVM dev wallet's prompt), and sends to the local SVM's RPC. Built for the browser by
 * build.ts; this module makes the wallet object, so node tests can drive it too.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { decodeBase58, encodeBase58 } from '../../../kernel/rules/base58'
import { parseTransaction, signerIndex } from '../../../plugins/solana/wire'
import type { PromptRequest } from '../dev-wallet/provider'
import { hexBytes, solanaDevWalletInfo, solanaStorageKeys, type SolanaDevWalletConfig } from './config'
import { solanaDevWalletIcon } from './icon'

/** What the wallet needs from its surroundings (the page, or a test). */
export type SolanaDevWalletDeps = {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  origin: string
  confirm(request: PromptRequest): Promise<boolean>
  fetch: typeof fetch
}

type Listener = (properties: { accounts?: readonly unknown[] }) => void

const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

/** The wallet object to register, and `emit` for its change events. */
export function createSolanaDevWallet(config: SolanaDevWalletConfig, deps: SolanaDevWalletDeps) {
  const secret = hexBytes(config.seed)
  const publicKey = ed25519.getPublicKey(secret)
  const address = encodeBase58(publicKey)
  const features = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const
  const account = Object.freeze({ address, publicKey, chains: [config.chain] as const, features, label: 'Dev account', icon: solanaDevWalletIcon })
  const listeners = new Set<Listener>()
  const emit = (properties: { accounts?: readonly unknown[] }) => listeners.forEach((listener) => listener(properties))
  const authorised = () => deps.storage.getItem(solanaStorageKeys.authorised) === '1'
  const chainName = config.chain === 'solana:localnet' ? 'Solana Localnet' : config.chain

  async function ask(request: Omit<PromptRequest, 'chain'>): Promise<void> {
    const auto = deps.storage.getItem(solanaStorageKeys.auto)
    const approved = auto === 'approve' ? true : auto === 'reject' ? false : await deps.confirm({ ...request, chain: chainName })
    if (!approved) throw rejected()
  }

  const own = (input: { account?: { address?: unknown } }) => {
    if (!authorised() || input.account?.address !== address) throw Object.assign(new Error('The account is not authorised for this site.'), { code: 4100 })
  }

  /** The transaction with this key's signature in its slot. */
  function sign(transaction: Uint8Array): Uint8Array {
    const parsed = parseTransaction(transaction)
    if (!parsed) throw Object.assign(new Error('Not a transaction.'), { code: -32602 })
    const index = signerIndex(parsed, publicKey)
    if (index < 0) throw Object.assign(new Error('The transaction does not need this account.'), { code: -32602 })
    const signed = Uint8Array.from(transaction)
    signed.set(ed25519.sign(parsed.message, secret), transaction.length - parsed.message.length - 64 * (parsed.signatures.length - index))
    return signed
  }

  async function send(signed: Uint8Array, options: Record<string, unknown> = {}): Promise<Uint8Array> {
    const body = { jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [btoa(String.fromCharCode(...signed)), { encoding: 'base64', ...options }] }
    const answer = (await (await deps.fetch(config.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { result?: unknown; error?: { code: number; message: string } }
    if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
    const signature = decodeBase58(answer.result)
    if (signature?.length !== 64) throw new Error('the RPC answered no signature')
    return signature
  }

  const wallet = {
    version: '1.0.0' as const,
    name: solanaDevWalletInfo.name,
    icon: solanaDevWalletIcon,
    chains: [config.chain],
    get accounts() {
      return authorised() ? [account] : []
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          if (!authorised()) {
            // A silent connect never prompts: the site is authorised already, or it gets no account.
            if (input?.silent) return { accounts: [] }
            await ask({ title: `Connect to ${deps.origin}?`, rows: [['Account', address]] })
            deps.storage.setItem(solanaStorageKeys.authorised, '1')
            emit({ accounts: [account] })
          }
          return { accounts: [account] }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          deps.storage.removeItem(solanaStorageKeys.authorised)
          emit({ accounts: [] })
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: Listener) {
          if (event !== 'change') return () => undefined
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        async signMessage(...inputs: { account: { address?: unknown }; message: Uint8Array }[]) {
          for (const input of inputs) own(input)
          await ask({ title: 'Sign a message?', details: inputs.map(({ message }) => readable(message)).join('\n—\n') })
          return inputs.map(({ message }) => ({ signedMessage: message, signature: ed25519.sign(message, secret), signatureType: 'ed25519' as const }))
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        async signTransaction(...inputs: { account: { address?: unknown }; transaction: Uint8Array }[]) {
          for (const input of inputs) own(input)
          await ask(describe(inputs.map((input) => input.transaction), inputs.length === 1 ? 'Sign a transaction?' : `Sign ${inputs.length} transactions?`))
          return inputs.map(({ transaction }) => ({ signedTransaction: sign(transaction) }))
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        async signAndSendTransaction(...inputs: { account: { address?: unknown }; transaction: Uint8Array; chain: string; options?: Record<string, unknown> }[]) {
          for (const input of inputs) {
            own(input)
            if (input.chain !== config.chain) throw Object.assign(new Error(`This wallet sends on ${config.chain} only.`), { code: 4100 })
          }
          await ask(describe(inputs.map((input) => input.transaction), `Send ${inputs.length === 1 ? 'a transaction' : `${inputs.length} transactions`} on ${chainName}?`))
          const outputs = []
          for (const { transaction, options } of inputs) outputs.push({ signature: await send(sign(transaction), options) })
          return outputs
        },
      },
    },
  }
  return { wallet, address, emit, account }
}

/** UTF-8 text when the bytes are readable, else their base58. */
function readable(message: Uint8Array): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(message)
    return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? encodeBase58(message) : text
  } catch {
    return encodeBase58(message)
  }
}

/** A prompt for transactions: SOL transfers spelled out (amount and recipient), anything else by its size. */
function describe(transactions: readonly Uint8Array[], title: string): Omit<PromptRequest, 'chain'> {
  const rows: [string, string][] = []
  transactions.forEach((bytes, i) => {
    const transfer = readTransfer(bytes)
    const prefix = transactions.length > 1 ? `#${i + 1} ` : ''
    if (transfer) rows.push([`${prefix}Send`, `${formatSol(transfer.lamports)} SOL`], [`${prefix}To`, transfer.to])
    else rows.push([`${prefix}Transaction`, `${bytes.length} bytes`])
  })
  return { title, rows }
}

/** A lone system-program transfer's amount and recipient, if the transaction is one. */
export function readTransfer(bytes: Uint8Array): { lamports: bigint; to: string } | undefined {
  const parsed = parseTransaction(bytes)
  if (!parsed || parsed.version !== 'legacy') return undefined
  // The instructions follow the blockhash: their count, then the program's index, 2 account indexes, 12 bytes of data.
  const m = parsed.message
  const at = parsed.recentBlockhash.byteOffset - m.byteOffset + 32
  if (m[at] !== 1) return undefined
  const program = parsed.staticAccountKeys[m[at + 1] as number]
  if (!program || program.some((b) => b !== 0) || m[at + 2] !== 2) return undefined
  const to = parsed.staticAccountKeys[m[at + 4] as number]
  if (m[at + 5] !== 12 || !to) return undefined
  const data = new DataView(m.buffer, m.byteOffset + at + 6, 12)
  return data.getUint32(0, true) === 2 ? { lamports: data.getBigUint64(4, true), to: encodeBase58(to) } : undefined
}

function formatSol(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n
  const fraction = (lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}
