/**
 * A WalletConnect dev wallet on the real wallet-side SDK: @walletconnect/sign-client in the wallet role (the client
 * @reown/walletkit wraps; WalletKit itself posts a telemetry event to pulse.walletconnect.org on init whatever the
 * options, docs/walletconnect.md). One session may carry three namespaces (./families.ts): eip155 on the given anvil
 * chains, signing with anvil's first key (./eip155.ts), and, when the dapp proposes them, solana (./solana.ts) and
 * bip122 (./bitcoin.ts) on the chains it is told to serve. Which namespaces it approves is ./namespaces.ts; it asks
 * `decide` before each proposal and request (default: approve all).
 *
 * Nothing leaves 127.0.0.1: the relay is the given (local) one, telemetry is off, and Verify never runs because
 * the development relay marks every message as carrying no attestation (docs/walletconnect.md).
 */
import { SignClient } from '@walletconnect/sign-client'
import type { WalletChain } from './eip155'
import { answerRequest, createFamilies } from './families'
import { planSession, type Refusal } from './namespaces'
import { WalletError } from './params'

/** What the wallet is asked to allow: a session proposal or one request. */
export type WalletAsk =
  | { kind: 'session'; dapp: string; chains: string[] }
  | { kind: 'request'; method: string; params: unknown; chainId: string }

export type WcWalletOptions = {
  /** The relay's ws:// URL (scripts/devnet/wc-relay.ts). */
  relayUrl: string
  /** The anvil chains the wallet serves (their ids and RPC URLs). */
  chains: readonly WalletChain[]
  /** The Solana clusters it serves (CAIP-2, such as `solana:localnet`); default none. */
  solana?: { chains: readonly string[] }
  /** The Bitcoin networks it serves (CAIP-2, such as regtest's `bip122:0f9188f13cb7b2c71f2a335e3a4fc328`); default none. */
  bip122?: { chains: readonly string[] }
  /** Answers each proposal and request; false rejects it (4001 / USER_REJECTED). Default: approve everything. */
  decide?: (ask: WalletAsk) => boolean | Promise<boolean>
  /** The SDK's log level (default 'silent'). */
  logLevel?: string
  /** Keeps this wallet's core apart from others in the process (default 'latch-dev-wallet'). */
  storagePrefix?: string
}

/** A running dev wallet. */
export type WcWallet = {
  /** The account it signs with (anvil's first). */
  address: `0x${string}`
  /** Its Solana account: the base58 ed25519 public key (the Solana dev wallet's). */
  solanaAddress: string
  /** Its Bitcoin payment address (P2WPKH) on each bip122 chain it serves, by CAIP-2 id. */
  bitcoinAddresses: Readonly<Record<string, string>>
  /** Every account it offers, CAIP-10, on every chain it serves. */
  accounts: string[]
  /**
   * Pairs with a `wc:` URI and handles the proposal that comes on it: resolves with the session topic once approved
   * (or undefined once rejected).
   */
  pair(uri: string): Promise<{ topic: string } | undefined>
  /** Open session topics. */
  sessions(): string[]
  /** Ends a session (the dapp gets session_delete). */
  disconnect(topic: string): Promise<void>
  /** Closes the relay connection and stops the SDK's timers. */
  stop(): Promise<void>
}

/** 5000 USER_REJECTED, 5100–5102 UNSUPPORTED_CHAINS/METHODS/EVENTS, 6000 USER_DISCONNECTED (@walletconnect/utils' SDK errors). */
const sdkErrors = {
  rejected: { code: 5000, message: 'User rejected.' },
  unsupportedChains: { code: 5100, message: 'Unsupported chains.' },
  unsupportedMethods: { code: 5101, message: 'Unsupported methods.' },
  unsupportedEvents: { code: 5102, message: 'Unsupported events.' },
  disconnected: { code: 6000, message: 'User disconnected.' },
} satisfies Record<Refusal | 'rejected' | 'disconnected', { code: number; message: string }>

export async function startWcWallet(options: WcWalletOptions): Promise<WcWallet> {
  const { families, evmAddress, solanaAddress } = createFamilies({ eip155: options.chains, solana: options.solana?.chains, bip122: options.bip122?.chains })
  const decide = options.decide ?? (() => true)
  const client = await SignClient.init({
    projectId: 'latch-dev-wallet',
    relayUrl: options.relayUrl,
    customStoragePrefix: options.storagePrefix ?? 'latch-dev-wallet',
    telemetryEnabled: false,
    // Requests are emitted as they arrive (the queue waits 1 s after each answer); emitSessionRequest still drops duplicates by id.
    signConfig: { disableRequestQueue: true },
    logger: options.logLevel ?? 'silent',
    metadata: { name: 'Latch Dev Wallet (WalletConnect)', description: 'The local stack’s WalletConnect wallet', url: 'http://127.0.0.1', icons: [] },
  })
  const waiting = new Map<string, (result: { topic: string } | undefined) => void>()

  client.on('session_proposal', ({ id, params }) => {
    const done = waiting.get(params.pairingTopic) ?? (() => undefined)
    waiting.delete(params.pairingTopic)
    void (async () => {
      const asked = (namespaces: typeof params.requiredNamespaces) => Object.entries(namespaces ?? {}).flatMap(([key, ns]) => ns.chains ?? [key])
      const plan = planSession(params, families)
      if ('reject' in plan) {
        await client.reject({ id, reason: sdkErrors[plan.reject] })
        return done(undefined)
      }
      if (!(await decide({ kind: 'session', dapp: params.proposer.metadata.name, chains: [...asked(params.requiredNamespaces), ...asked(params.optionalNamespaces)] }))) {
        await client.reject({ id, reason: sdkErrors.rejected })
        return done(undefined)
      }
      const { topic } = await client.approve({ id, namespaces: plan.approve })
      done({ topic })
    })().catch(() => done(undefined))
  })

  client.on('session_request', ({ id, topic, params }) => {
    const { request, chainId } = params
    const respond = (body: { result: unknown } | { error: { code: number; message: string } }) =>
      client.respond({ topic, response: { id, jsonrpc: '2.0', ...body } }).catch(() => undefined)
    const switchTo = (caip: string) => client.emit({ topic, chainId: caip, event: { name: 'chainChanged', data: Number(caip.split(':')[1]) } })
    void (async () => {
      if (!(await decide({ kind: 'request', method: request.method, params: request.params, chainId }))) throw new WalletError(4001, 'User rejected the request.')
      return answerRequest(families, request.method, request.params, chainId, { switchTo })
    })().then(
      (result) => respond({ result }),
      (error: unknown) => respond({ error: error instanceof WalletError ? { code: error.code, message: error.message } : { code: -32603, message: String((error as Error)?.message ?? error) } }),
    )
  })

  const offered = Object.values(families).flatMap((family) => family.chains.map((chain) => `${chain}:${family.addressOn(chain)}`))
  return {
    address: evmAddress,
    solanaAddress,
    bitcoinAddresses: Object.fromEntries(families.bip122.chains.map((chain) => [chain, families.bip122.addressOn(chain)])),
    accounts: offered,
    pair(uri) {
      const topic = /^wc:([0-9a-f]+)@2/.exec(uri)?.[1]
      if (!topic) return Promise.reject(new Error(`not a WalletConnect v2 URI: ${uri}`))
      const settled = new Promise<{ topic: string } | undefined>((resolve) => waiting.set(topic, resolve))
      return client.pair({ uri }).then(() => settled)
    },
    sessions: () => client.session.getAll().map((s) => s.topic),
    disconnect: (topic) => client.disconnect({ topic, reason: sdkErrors.disconnected }),
    async stop() {
      await client.core.relayer.transportClose().catch(() => undefined)
      client.core.heartbeat.stop()
    },
  }
}
