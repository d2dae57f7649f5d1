/**
 * A wallet-standard Solana wallet for tests in node: real ed25519 keys (node:crypto), the features Latch calls, and
 * controls to approve, reject or hold each prompt, emit change events, and misbehave on purpose.
 */
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto'
import { decodeBase58, encodeBase58 } from '../../kernel/rules/base58'
import { parseTransaction, signerIndex } from '../../plugins/solana/wire'

/** An ed25519 key pair from a 32-byte seed. */
export type Keypair = { publicKey: Uint8Array; address: string; sign(message: Uint8Array): Uint8Array }

const pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex')
const spkiPrefix = Buffer.from('302a300506032b6570032100', 'hex')

export function keypairFromSeed(seed: Uint8Array): Keypair {
  const privateKey: KeyObject = createPrivateKey({ key: Buffer.concat([pkcs8Prefix, seed]), format: 'der', type: 'pkcs8' })
  const publicKey = new Uint8Array(createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(spkiPrefix.length))
  return { publicKey, address: encodeBase58(publicKey), sign: (message) => new Uint8Array(sign(null, message, privateKey)) }
}

/** True when `signature` is `address`'s ed25519 signature of `message`. */
export function verifySignature(message: Uint8Array, signature: Uint8Array, address: string): boolean {
  const key = createPublicKey({ key: Buffer.concat([spkiPrefix, decodeBase58(address) as Uint8Array]), format: 'der', type: 'spki' })
  return verify(null, message, key, signature)
}

/** Signs a wire transaction in the slot of `keypair` (it must be a required signer). */
export function signWireTransaction(bytes: Uint8Array, keypair: Keypair): Uint8Array {
  const parsed = parseTransaction(bytes)
  if (!parsed) throw new Error('not a transaction')
  const index = signerIndex(parsed, keypair.publicKey)
  if (index < 0) throw new Error('the transaction does not ask this key to sign')
  const signed = Uint8Array.from(bytes)
  const offset = bytes.length - parsed.message.length - 64 * (parsed.signatures.length - index)
  signed.set(keypair.sign(parsed.message), offset)
  return signed
}

/** How the wallet answers its prompts: approve, reject (4001), or never (held until the test releases it). */
export type Answer = 'approve' | 'reject' | 'hold'

export type SolanaTestWalletOptions = {
  name?: string
  /** Seed byte of the key (default 1). */
  seed?: number
  chains?: readonly string[]
  /** Leave out these features. */
  without?: readonly string[]
  /** Sends a signed transaction for `solana:signAndSendTransaction`; its signature (default: the first signature). */
  send?(signed: Uint8Array, chain: string): Promise<void> | void
}

const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

export function createSolanaTestWallet(options: SolanaTestWalletOptions = {}) {
  const keypair = keypairFromSeed(new Uint8Array(32).fill(options.seed ?? 1))
  const chains = options.chains ?? ['solana:mainnet', 'solana:devnet', 'solana:localnet']
  const account = { address: keypair.address, publicKey: keypair.publicKey, chains, features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'], label: 'Test' }
  const listeners = new Set<(properties: unknown) => void>()
  const held: (() => void)[] = []
  const control = {
    answer: 'approve' as Answer,
    authorised: false,
    /** Every feature call: its name and inputs. */
    calls: [] as { feature: string; inputs: unknown[] }[],
    /** Releases every held prompt (each then answers as `answer` says). */
    release() {
      for (const go of held.splice(0)) go()
    },
  }
  const gate = async () => {
    if (control.answer === 'hold') await new Promise<void>((go) => held.push(go))
    if (control.answer === 'reject') throw rejected()
  }
  const features: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input?: { silent?: boolean }) {
        control.calls.push({ feature: 'standard:connect', inputs: [input] })
        if (input?.silent) return { accounts: control.authorised ? [account] : [] }
        await gate()
        control.authorised = true
        return { accounts: [account] }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        control.calls.push({ feature: 'standard:disconnect', inputs: [] })
        control.authorised = false
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event: string, listener: (properties: unknown) => void) {
        if (event !== 'change') return () => undefined
        listeners.add(listener)
        return () => void listeners.delete(listener)
      },
    },
    'solana:signMessage': {
      version: '1.1.0',
      async signMessage(...inputs: { message: Uint8Array }[]) {
        control.calls.push({ feature: 'solana:signMessage', inputs })
        await gate()
        return inputs.map(({ message }) => ({ signedMessage: message, signature: keypair.sign(message), signatureType: 'ed25519' }))
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signTransaction(...inputs: { transaction: Uint8Array }[]) {
        control.calls.push({ feature: 'solana:signTransaction', inputs })
        await gate()
        return inputs.map(({ transaction }) => ({ signedTransaction: signWireTransaction(transaction, keypair) }))
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signAndSendTransaction(...inputs: { transaction: Uint8Array; chain: string }[]) {
        control.calls.push({ feature: 'solana:signAndSendTransaction', inputs })
        await gate()
        const outputs = []
        for (const { transaction, chain } of inputs) {
          const signed = signWireTransaction(transaction, keypair)
          await options.send?.(signed, chain)
          outputs.push({ signature: (parseTransaction(signed)?.signatures[0] as Uint8Array).slice() })
        }
        return outputs
      },
    },
  }
  for (const name of options.without ?? []) delete features[name]
  const wallet = {
    version: '1.0.0' as const,
    name: options.name ?? 'Test Solana Wallet',
    icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>' as const,
    chains,
    features,
    get accounts() {
      return control.authorised ? [account] : []
    },
  }
  return {
    wallet,
    keypair,
    account,
    control,
    /** Emits `standard:events` 'change' with these properties. */
    emitChange(properties: unknown) {
      for (const listener of [...listeners]) listener(properties)
    },
    listenerCount: () => listeners.size,
  }
}

/** A wallet-standard registry for one test: `register` returns `unregister`, as `@wallet-standard/app`'s does. */
export function createWalletsSource(...initial: unknown[]) {
  const wallets = new Set<unknown>(initial)
  const listeners = { register: new Set<(...w: never[]) => void>(), unregister: new Set<(...w: never[]) => void>() }
  return {
    get: () => [...wallets],
    on(event: 'register' | 'unregister', listener: (...wallets: never[]) => void) {
      listeners[event].add(listener)
      return () => void listeners[event].delete(listener)
    },
    register(...added: unknown[]) {
      for (const wallet of added) wallets.add(wallet)
      for (const listener of listeners.register) listener(...(added as never[]))
      return () => {
        for (const wallet of added) wallets.delete(wallet)
        for (const listener of listeners.unregister) listener(...(added as never[]))
      }
    },
  }
}
