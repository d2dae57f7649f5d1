import { hashMessage, hashTypedData, type Hex, type TypedDataDefinition } from 'viem'
import * as z from 'zod/mini'
import { fromBase64, toBase64 } from '../../kernel/rules/base64'
import { frameTimeouts } from '../../plugins/embedded/protocol'
import { FrameRequestError, type FrameHandlers } from '../channel'
import { farcasterLogin, realSleep, showableName } from './farcaster-login'
import { openSealedShare, ServiceError, type FrameKeys, type ServiceClient, type Session } from './service-client'
import { SmartAccountError, type SmartAccounts, type UserOperationCall, type UserOperationReceipt } from './smart-account'
import { decodeBase58, describeSolanaTransaction, encodeBase58, readSolanaTransaction, signSolanaTransaction, solanaAccount, transactionId, type SolanaTransaction } from './solana'
import { evmAccount, newWalletSecret, rebuildSecret } from './wallet-secret'

/**
 * The wallet application inside the frame (docs/embedded-frame.md): it answers the page's requests over the channel
 * (frame/channel.ts) with the wallet service (service-client.ts) and the wallet's shares (wallet-secret.ts). The secret
 * is rebuilt only in memory, only while an approved request is signed, and dropped after. Every signature and
 * transaction waits for the visitor's approval in the frame's own UI (`approve`); a refusal answers
 * 'User rejected the request'.
 */

/** What the frame keeps in its own origin (IndexedDB in the browser, a map in tests). */
export type FrameStorage = {
  /** The device share of an account: stored wrapped by a non-extractable AES-GCM key. */
  getDeviceShare(accountId: string): Promise<string | undefined>
  putDeviceShare(accountId: string, share: string): Promise<void>
  /** The session (its token and the non-extractable keys it is bound to), kept across reloads. */
  getSession(): Promise<Session | undefined>
  putSession(session: Session | undefined): Promise<void>
  /** The networks chosen by SWITCH_NETWORK and the preferred account type, kept across reloads. */
  getPreferences(): Promise<unknown>
  putPreferences(preferences: Preferences): Promise<void>
}

/** The two families the frame's wallet has an account in. */
export type Family = 'eip155' | 'solana'
type Network = `${string}:${string}`
export type Preferences = { current: Network; networks: Partial<Record<Family, Network>>; preferredAccountType: 'eoa' | 'smartAccount' }
const networkSchema = z.string().check(z.regex(/^(eip155|solana):[-_a-zA-Z0-9]{1,32}$/)) as unknown as z.ZodMiniType<Network>
const preferencesSchema = z.object({
  current: networkSchema,
  networks: z.object({ eip155: z.optional(networkSchema), solana: z.optional(networkSchema) }),
  preferredAccountType: z.enum(['eoa', 'smartAccount']),
})

/**
 * What the visitor is asked to approve: a title and the lines shown as they are (never a secret), and who asks: the
 * page's verified origin, with the dapp's name only when the dapp data it synced names that same origin.
 */
export type ApprovalRequest = { title: string; lines: string[]; dapp: { origin: string; name?: string } }

/** Who asks for an approval: the page's verified origin, and the signal of the request's withdrawal. */
type Asker = { origin: string; signal: AbortSignal }

/** The theme the page synced (SYNC_THEME): the frame applies what it accepts of it (docs/embedded-frame.md, "Theme"). */
export type ThemeSync = { themeMode: 'light' | 'dark'; themeVariables?: Record<string, string | number> }

export type WalletAppOptions = {
  client: ServiceClient
  storage: FrameStorage
  /**
   * Shows the request in the frame's UI; resolves true on Approve, false on Reject. `signal` aborts when the page
   * withdraws the request (RPC_ABORT): the UI drops it and resolves false.
   */
  approve(request: ApprovalRequest, signal: AbortSignal): Promise<boolean>
  /** The JSON-RPC node of an EVM chain (its numeric id), for eth_sendTransaction. */
  rpcUrl(chainId: number): string | undefined
  /** The JSON-RPC node of a Solana network (its CAIP-2 id), for solana_signAndSendTransaction. */
  solanaRpcUrl?(caipNetworkId: string): string | undefined
  /** The network until the page switches it. */
  defaultChainId: Network
  /** The Solana network until the page switches to another (default: mainnet). */
  defaultSolanaChainId?: Network
  /** Applies the page's theme to the frame's panel. */
  theme?(theme: ThemeSync): void
  fetch?: typeof fetch
  /** Waits `ms`, or less when `signal` aborts (a social or Farcaster login's polling); default setTimeout. Tests pass a virtual one. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>
  /** The frame's clock (ms), for a social login's time limit; default Date.now. */
  now?(): number
  /**
   * The embedded wallet's smart accounts (frame/app/smart-account.ts) on the networks with a bundler; without it the
   * wallet has only its EOA (docs/embedded-frame.md, "Smart accounts: the frame's requests").
   */
  smartAccounts?: SmartAccounts
}

export type AccountType = 'eoa' | 'smartAccount'

/**
 * The active account's type (docs/embedded-frame.md, "Smart accounts: the frame's requests"): the smart account on an
 * EVM network with smart accounts when the preference is smartAccount; the EOA otherwise (any other family, any other
 * network, or the preference eoa).
 */
export function activeAccountType(preference: AccountType, family: Family, smartAccountEnabled: boolean): AccountType {
  return family === 'eip155' && preference === 'smartAccount' && smartAccountEnabled ? 'smartAccount' : 'eoa'
}

/** How often the frame asks the service whether a social login's provider answered (docs/embedded-frame.md, "Login"). */
export const socialPollMs = 1000

const solanaMainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const familyOf = (chainId: string): Family | undefined => (chainId.startsWith('eip155:') ? 'eip155' : chainId.startsWith('solana:') ? 'solana' : undefined)

// The Solana requests' parameters (docs/embedded-frame.md, "Solana"): messages in base58, transactions in base64.
const base58Text = z.string().check(z.minLength(1), z.maxLength(6000), z.regex(/^[1-9A-HJ-NP-Za-km-z]+$/))
const base64Text = z.string().check(z.minLength(4), z.maxLength(90_000))
const sendOptionsSchema = z.strictObject({
  skipPreflight: z.optional(z.boolean()),
  preflightCommitment: z.optional(z.enum(['processed', 'confirmed', 'finalized'])),
  maxRetries: z.optional(z.number().check(z.int(), z.gte(0), z.lte(100))),
  minContextSlot: z.optional(z.number().check(z.int(), z.gte(0))),
})
const solanaParams = {
  solana_signMessage: z.object({ message: base58Text, pubkey: z.string().check(z.maxLength(64)) }),
  solana_signTransaction: z.object({ transaction: base64Text }),
  solana_signAllTransactions: z.object({ transactions: z.array(base64Text).check(z.minLength(1), z.maxLength(100)) }),
  // `options` as the specification names them; `sendOptions` as WalletConnect's remote wallets send them.
  solana_signAndSendTransaction: z.object({ transaction: base64Text, options: z.optional(sendOptionsSchema), sendOptions: z.optional(sendOptionsSchema) }),
} as const


// The EVM requests' parameters (docs/embedded-frame.md, "Smart accounts: the frame's requests").
const hexData = z.string().check(z.maxLength(200_000), z.regex(/^0x([0-9a-fA-F]{2})*$/))
const hexQuantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const evmAddressText = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
/** A capability of a request: a wallet may ignore it only when it is marked optional (EIP-5792). */
const capabilitiesSchema = z.optional(z.record(z.string().check(z.maxLength(100)), z.unknown()))
const evmParams = {
  typedData: z.object({
    types: z.record(z.string().check(z.maxLength(200)), z.array(z.object({ name: z.string().check(z.maxLength(200)), type: z.string().check(z.maxLength(200)) })).check(z.maxLength(200))),
    primaryType: z.string().check(z.minLength(1), z.maxLength(200)),
    domain: z.optional(z.record(z.string(), z.unknown())),
    message: z.record(z.string(), z.unknown()),
  }),
  transaction: z.object({
    from: z.string().check(z.maxLength(64)),
    to: z.optional(z.nullable(z.string())),
    value: z.optional(hexQuantity),
    data: z.optional(hexData),
    gas: z.optional(hexQuantity),
  }),
  // EIP-5792 2.0.0: one batch of calls on one network.
  sendCalls: z.object({
    version: z.string().check(z.maxLength(20)),
    id: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
    chainId: hexQuantity,
    from: z.optional(evmAddressText),
    calls: z.array(z.object({ to: evmAddressText, data: z.optional(hexData), value: z.optional(hexQuantity), capabilities: capabilitiesSchema })).check(z.minLength(1), z.maxLength(100)),
    capabilities: capabilitiesSchema,
    atomicRequired: z.optional(z.boolean()),
  }),
  callsId: z.string().check(z.minLength(1), z.maxLength(4096)),
  chainIds: z.optional(z.array(hexQuantity).check(z.maxLength(100))),
} as const

/** EIP-5792 2.0.0's batch status codes. */
const callsStatus = { pending: 100, confirmed: 200, reverted: 500, partiallyReverted: 600 } as const
type CallsStatusAnswer = { version: '2.0.0'; id: string; chainId: Hex; status: number; atomic: boolean; receipts?: UserOperationReceipt[] }

export const userRejected = 'User rejected the request'
export const notOurAddress = 'Invalid params: not this wallet’s address'
export const unknownBundle = 'Unknown bundle id'
export const atomicUnsupported = 'Atomic execution is not supported for this account'
export const missingCapabilitiesAddress = 'Missing address parameter in `wallet_getCapabilities` request'
export const sponsoredFee = 'Network fee: paid by the app (paymaster)'

/** Characters that make text read otherwise than it is: C1 controls, line/paragraph separators, bidi and zero-width ones. */
const invisible = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/g

export function walletApp(options: WalletAppOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  let pendingEmail: string | undefined
  /** The social login started by GET_SOCIAL_REDIRECT_URI: its state, the keys its session will be bound to, its poll. */
  let pendingSocial: { state: string; keys: FrameKeys; poll?: AbortController } | undefined
  const sleep = options.sleep ?? realSleep
  const now = options.now ?? Date.now
  let session: Session | undefined
  let addresses: Record<Family, string> | undefined
  const startFamily = familyOf(options.defaultChainId)
  let preferences: Preferences = {
    current: options.defaultChainId,
    networks: { ...(startFamily ? { [startFamily]: options.defaultChainId } : {}) },
    preferredAccountType: 'smartAccount',
  }
  let dapp: { name?: string } = {}
  const smart = options.smartAccounts

  /** The service's and the smart-account library's refusals are shown as they are; anything else without its text. */
  const visible = (error: unknown): never => {
    if (error instanceof ServiceError || error instanceof SmartAccountError) throw new FrameRequestError(error.message)
    throw error
  }

  /** The secret, rebuilt from the device share and the auth share (sealed to this frame), for one use. */
  async function withSecret<T>(use: (secret: Uint8Array) => Promise<T>): Promise<T> {
    if (!session) throw new FrameRequestError('Not connected')
    let device = await options.storage.getDeviceShare(session.account.id)
    const auth = await openSealedShare(session.keys.encryption.privateKey, 'auth', await options.client.share(session, 'auth'))
    if (device === undefined) {
      // The frame's storage was wiped: the recovery share stands in for the device share from now on.
      device = await openSealedShare(session.keys.encryption.privateKey, 'recovery', await options.client.share(session, 'recovery'))
      await options.storage.putDeviceShare(session.account.id, device)
    }
    const secret = await rebuildSecret(device, auth)
    try {
      return await use(secret)
    } finally {
      secret.fill(0)
    }
  }

  async function loadAddresses(): Promise<void> {
    addresses = await withSecret(async (secret) => ({ eip155: (await evmAccount(secret)).address, solana: (await solanaAccount(secret)).address }))
  }

  function requireAddress(family: Family = 'eip155'): string {
    if (!session || !addresses) throw new FrameRequestError('Not connected')
    return addresses[family]
  }
  const evmAddress = () => requireAddress('eip155') as `0x${string}`

  /** The network of a request of `family`: the one the request names when it is of that family, else the family's current one. */
  const networkOf = (family: Family, asked?: string): Network =>
    asked !== undefined && familyOf(asked) === family ? (asked as Network) : (preferences.networks[family] ?? (family === 'solana' ? (options.defaultSolanaChainId ?? solanaMainnet) : options.defaultChainId))

  const evmChain = (asked?: string) => {
    const match = /^eip155:(\d+)$/.exec(networkOf('eip155', asked))
    if (!match) throw new FrameRequestError('The current network is not an EVM network')
    return Number(match[1])
  }

  async function jsonRpc(url: string | undefined, method: string, params: unknown[]): Promise<unknown> {
    if (!url) throw new FrameRequestError('No RPC node for this network')
    let body: { result?: unknown; error?: { message?: unknown } }
    try {
      const response = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
      body = (await response.json()) as typeof body
    } catch {
      throw new FrameRequestError('The network cannot be reached')
    }
    if (body.error) throw new FrameRequestError(`The network refused the request: ${String(body.error.message ?? '').slice(0, 200)}`)
    return body.result
  }
  const rpc = (chain: number, method: string, params: unknown[]) => jsonRpc(options.rpcUrl(chain), method, params)

  async function approveOrReject({ origin, signal }: Asker, title: string, lines: string[]): Promise<void> {
    // What could make a line read otherwise than it is (bidi, zero-width, control characters) is shown as an escape.
    const shown = lines.map((line) => line.replace(invisible, (char) => `\\u{${(char.codePointAt(0) as number).toString(16)}}`))
    const request: ApprovalRequest = { title, lines: shown, dapp: { origin, ...(dapp.name ? { name: dapp.name } : {}) } }
    if (signal.aborted || !(await options.approve(request, signal))) throw new FrameRequestError(userRejected)
  }

  /** A parameter checked with its schema; `message` says what is wrong with it. */
  const field = <T>(schema: z.ZodMiniType<T>, value: unknown, message: string): T => {
    const parsed = z.safeParse(schema, value)
    if (!parsed.success) throw new FrameRequestError(message)
    return parsed.data
  }
  /**
   * UTF-8 text when the bytes are printable text, else their hex: control characters, and the bidi and zero-width ones
   * that could make the text read otherwise than it is signed, show the hex.
   */
  const readableBytes = (bytes: Uint8Array, hex: string) => {
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      return /[\u0000-\u0008\u000e-\u001f]/.test(text) || new RegExp(invisible.source).test(text) ? hex : text
    } catch {
      return hex
    }
  }
  const readable = (data: Hex) => readableBytes(new Uint8Array((data.length - 2) / 2).map((_, i) => parseInt(data.slice(2 + 2 * i, 4 + 2 * i), 16)), data)

  const parseParams = <T>(schema: z.ZodMiniType<T>, params: unknown, method: string): T => {
    const parsed = z.safeParse(schema, Array.isArray(params) ? params[0] : params)
    if (!parsed.success) throw new FrameRequestError(`Invalid params: ${method} takes ${parsed.error.issues[0]?.path.join('.') || 'an object'} as the specification names it`)
    return parsed.data
  }
  const readTransaction = (text: string): SolanaTransaction => {
    const bytes = fromBase64(text)
    const transaction = bytes ? readSolanaTransaction(bytes) : undefined
    if (!transaction) throw new FrameRequestError('Invalid params: the transaction is not a Solana transaction in base64')
    const own = decodeBase58(requireAddress('solana')) as Uint8Array
    const signs = transaction.accountKeys.slice(0, transaction.numRequiredSignatures).some((key) => key.every((byte, i) => byte === own[i]))
    if (!signs) throw new FrameRequestError('Invalid params: this wallet is not a signer of the transaction')
    return transaction
  }
  /** True when the bytes would be read as a transaction's message: such a message is refused, never signed as text. */
  const isTransactionMessage = (bytes: Uint8Array) => {
    const signers = (bytes[0] as number) & 0x80 ? bytes[1] : bytes[0]
    return signers !== undefined && signers > 0 && signers < 128 && readSolanaTransaction(new Uint8Array([signers, ...new Uint8Array(64 * signers), ...bytes])) !== undefined
  }

  async function solanaRequest(method: string, params: unknown, asked: string | undefined, origin: Asker): Promise<unknown> {
    const account = () => requireAddress('solana')
    const network = networkOf('solana', asked)
    const signLines = (transaction: SolanaTransaction) => [...describeSolanaTransaction(transaction), `Network: ${network}`, `Account: ${account()}`]
    switch (method) {
      case 'solana_getAccounts':
      case 'solana_requestAccounts':
        return session && addresses ? [{ pubkey: addresses.solana }] : []
      case 'solana_signMessage': {
        const { message, pubkey } = parseParams(solanaParams.solana_signMessage, params, method)
        if (pubkey !== account()) throw new FrameRequestError('Invalid params: not this wallet’s address')
        const bytes = decodeBase58(message) as Uint8Array
        if (isTransactionMessage(bytes)) throw new FrameRequestError('Invalid params: the message is a Solana transaction; ask to sign it as a transaction')
        const hex = `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
        await approveOrReject(origin, 'Sign this message?', [readableBytes(bytes, hex).slice(0, 2000), `Account: ${account()}`])
        const signature = await withSecret(async (secret) => (await solanaAccount(secret)).sign(bytes))
        return { signature: encodeBase58(signature) }
      }
      case 'solana_signTransaction': {
        const transaction = readTransaction(parseParams(solanaParams.solana_signTransaction, params, method).transaction)
        await approveOrReject(origin, 'Sign this transaction?', signLines(transaction))
        const { signed, signature } = await withSecret(async (secret) => signSolanaTransaction(transaction, await solanaAccount(secret)))
        return { signature: encodeBase58(signature), transaction: toBase64(signed) }
      }
      case 'solana_signAllTransactions': {
        const transactions = parseParams(solanaParams.solana_signAllTransactions, params, method).transactions.map(readTransaction)
        const lines = transactions.flatMap((transaction, i) => [`Transaction ${i + 1} of ${transactions.length}`, ...describeSolanaTransaction(transaction)])
        await approveOrReject(origin, transactions.length === 1 ? 'Sign this transaction?' : `Sign these ${transactions.length} transactions?`, [...lines, `Network: ${network}`, `Account: ${account()}`])
        const signed = await withSecret(async (secret) => {
          const signer = await solanaAccount(secret)
          const out: string[] = []
          for (const transaction of transactions) out.push(toBase64((await signSolanaTransaction(transaction, signer)).signed))
          return out
        })
        return { transactions: signed }
      }
      case 'solana_signAndSendTransaction': {
        const parsed = parseParams(solanaParams.solana_signAndSendTransaction, params, method)
        const transaction = readTransaction(parsed.transaction)
        const url = options.solanaRpcUrl?.(network)
        if (!url) throw new FrameRequestError('No RPC node for this network')
        await approveOrReject(origin, 'Send this transaction?', signLines(transaction))
        const { signed } = await withSecret(async (secret) => signSolanaTransaction(transaction, await solanaAccount(secret)))
        const sendOptions = parsed.options ?? parsed.sendOptions ?? {}
        await jsonRpc(url, 'sendTransaction', [toBase64(signed), { ...sendOptions, encoding: 'base64' }])
        return { signature: transactionId(signed) }
      }
      default:
        throw new FrameRequestError(`This method is not supported: ${method}`)
    }
  }

  // The smart account (docs/embedded-frame.md, "Smart accounts: the frame's requests").
  const smartEnabled = (chain: number) => smart !== undefined && smart.enabled.includes(chain)
  /** This wallet's smart account on `chain` when the chain has smart accounts, else undefined. */
  async function smartAddress(chain: number): Promise<Hex | undefined> {
    const owner = evmAddress()
    if (!smart || !smartEnabled(chain)) return undefined
    return smart.address(chain, owner)
  }
  /** The active EVM account on `chain`: see activeAccountType. */
  async function activeEvm(chain: number): Promise<{ type: AccountType; address: Hex }> {
    const eoa = evmAddress()
    const account = await smartAddress(chain)
    return account && activeAccountType(preferences.preferredAccountType, 'eip155', true) === 'smartAccount' ? { type: 'smartAccount', address: account } : { type: 'eoa', address: eoa }
  }
  /** The account a request names: the EOA or, on a network with smart accounts, the smart account; else refused. */
  async function namedAccount(value: unknown, chain: number): Promise<{ type: AccountType; address: Hex }> {
    const eoa = evmAddress()
    if (typeof value === 'string' && value.toLowerCase() === eoa.toLowerCase()) return { type: 'eoa', address: eoa }
    const account = typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) ? await smartAddress(chain) : undefined
    if (account && (value as string).toLowerCase() === account.toLowerCase()) return { type: 'smartAccount', address: account }
    throw new FrameRequestError(notOurAddress)
  }
  const accountLine = (account: { type: AccountType; address: Hex }) => (account.type === 'smartAccount' ? `Account: ${account.address} (smart account)` : `Account: ${account.address}`)
  const dataText = (data: Hex) => (data.length > 200 ? `${data.slice(0, 200)}… (${(data.length - 2) / 2} bytes)` : data)
  const callLines = (calls: UserOperationCall[]) =>
    calls.length === 1
      ? [`To: ${calls[0]!.to}`, `Value: ${calls[0]!.value} wei`, `Data: ${dataText(calls[0]!.data)}`]
      : calls.map((call, i) => `Call ${i + 1} of ${calls.length}: to ${call.to}, value ${call.value} wei, data ${dataText(call.data)}`)

  /** A signature by `account` of `hash` (EIP-191 or EIP-712): the EOA's own, or the smart account's ERC-1271 / EIP-6492 one. */
  async function signHash(account: { type: AccountType; address: Hex }, chain: number, hash: Hex, asker: Asker, title: string, shown: string[], signEoa: () => Promise<Hex>): Promise<Hex> {
    if (account.type === 'eoa') {
      await approveOrReject(asker, title, [...shown, accountLine(account)])
      return signEoa()
    }
    // What the owner signs is known before the approval (nothing is signed before it).
    const signable = await (smart as SmartAccounts).signable(chain, evmAddress(), hash)
    await approveOrReject(asker, title, [...shown, `Network: eip155:${chain}`, accountLine(account)])
    const ownerSignature = await withSecret(async (secret) => (await evmAccount(secret)).sign({ hash: signable.digest }))
    return signable.finish(ownerSignature)
  }

  /**
   * The smart account's operations one after another: each starts (prepare) once the one before it is included or
   * failed, so two never take the same nonce. The answer comes with the userOpHash; `included` follows it to inclusion.
   */
  let operations: Promise<unknown> = Promise.resolve()
  /** The user operations this frame submitted, by userOpHash: their network. */
  const submitted = new Map<Hex, number>()
  async function userOperation(asker: Asker, chain: number, account: Hex, calls: UserOperationCall[], title: string): Promise<{ userOpHash: Hex; included: ReturnType<SmartAccounts['waitForInclusion']> }> {
    const library = smart as SmartAccounts
    const before = operations
    let finished: (done: Promise<unknown>) => void = () => undefined
    operations = new Promise<void>((resolve) => (finished = (done) => void done.then(() => resolve(), () => resolve())))
    await before
    let included: ReturnType<SmartAccounts['waitForInclusion']> | undefined
    try {
      if (asker.signal.aborted) throw new FrameRequestError(userRejected)
      // Prepared before the approval (gas, paymaster), so the approval says who pays; nothing is sent yet.
      const prepared = await library.prepare(chain, evmAddress(), calls, asker.signal).catch((error: unknown) => {
        // Withdrawn while it was prepared: answered as rejected, whatever the library's answer to the abort.
        if (asker.signal.aborted) throw new FrameRequestError(userRejected)
        throw error
      })
      if (prepared.sender.toLowerCase() !== account.toLowerCase() || prepared.chainId !== chain) throw new FrameRequestError('The operation was prepared for another account')
      await approveOrReject(asker, title, [...callLines(calls), `Network: eip155:${chain}`, `Account: ${account} (smart account)`, prepared.sponsored ? sponsoredFee : 'Network fee: paid by the account'])
      const signature = await withSecret(async (secret) => (await evmAccount(secret)).sign({ hash: prepared.hash }))
      // Withdrawn while it was signed: nothing is sent. Once sent, it is followed to its end (never sent again).
      if (asker.signal.aborted) throw new FrameRequestError(userRejected)
      const userOpHash = await library.submit(prepared, signature)
      submitted.set(userOpHash, chain)
      included = library.waitForInclusion(chain, userOpHash)
      return { userOpHash, included }
    } finally {
      finished(included ?? Promise.resolve())
    }
  }

  /** An EOA transaction: filled in (nonce, gas, fees) from the chain's node, signed (EIP-1559) and sent; answers its hash. */
  async function sendEoaTransaction(chain: number, from: Hex, tx: { to?: Hex; value: bigint; data?: Hex; gas?: bigint }): Promise<Hex> {
    const { to, value, data } = tx
    const nonce = Number(BigInt((await rpc(chain, 'eth_getTransactionCount', [from, 'pending'])) as string))
    const gas = tx.gas ?? BigInt((await rpc(chain, 'eth_estimateGas', [{ from, to, value: `0x${value.toString(16)}`, data }])) as string)
    const gasPrice = BigInt((await rpc(chain, 'eth_gasPrice', [])) as string)
    const raw = await withSecret(async (secret) =>
      (await evmAccount(secret)).signTransaction({ type: 'eip1559', chainId: chain, nonce, to, value, data, gas, maxFeePerGas: gasPrice * 2n, maxPriorityFeePerGas: gasPrice }),
    )
    return (await rpc(chain, 'eth_sendRawTransaction', [raw])) as Hex
  }

  /** A transaction's receipt, asked once a second (at most 60 times). */
  async function receiptOf(chain: number, hash: Hex): Promise<UserOperationReceipt> {
    const never = new AbortController().signal
    for (let attempt = 0; attempt < 60; attempt++) {
      const receipt = (await rpc(chain, 'eth_getTransactionReceipt', [hash])) as (UserOperationReceipt & { logs: unknown[] }) | null
      if (receipt) return { logs: receipt.logs, status: receipt.status, blockHash: receipt.blockHash, blockNumber: receipt.blockNumber, gasUsed: receipt.gasUsed, transactionHash: receipt.transactionHash }
      await sleep(1000, never)
    }
    throw new FrameRequestError(`The transaction ${hash} was not included in time`)
  }

  /** Batches answered by an id the frame must remember: an EOA's (sent one by one), and a smart account's under the dapp's own id. */
  const batches = new Map<string, { chain: number; eoa: { status: number; receipts: UserOperationReceipt[] } } | { chain: number; userOpHash: Hex }>()

  async function sendCalls(params: unknown, asked: string | undefined, asker: Asker): Promise<{ id: string }> {
    const request = parseParams(evmParams.sendCalls, params, 'wallet_sendCalls')
    const chain = evmChain(asked)
    if (BigInt(request.chainId) !== BigInt(chain)) throw new FrameRequestError(`Unsupported chain id: ${request.chainId} is not this request's network (eip155:${chain})`)
    const account = request.from === undefined ? await activeEvm(chain) : await namedAccount(request.from, chain)
    // A dapp's id is taken from the check on, so two requests with one id at once cannot both pass it.
    const ownId = request.id
    if (ownId !== undefined && (batches.has(ownId) || submitted.has(ownId as Hex) || pendingIds.has(ownId))) throw new FrameRequestError('Duplicate ID')
    if (ownId !== undefined) pendingIds.add(ownId)
    try {
      return await sendBatch(request, chain, account, asker)
    } finally {
      if (ownId !== undefined) pendingIds.delete(ownId)
    }
  }

  /** The ids of the batches being sent under a dapp's own id. */
  const pendingIds = new Set<string>()

  async function sendBatch(request: z.infer<typeof evmParams.sendCalls>, chain: number, account: Awaited<ReturnType<typeof activeEvm>>, asker: Asker): Promise<{ id: string }> {
    const calls: UserOperationCall[] = request.calls.map((call) => ({ to: call.to as Hex, value: call.value === undefined ? 0n : BigInt(call.value), data: (call.data ?? '0x') as Hex }))
    // A capability the dapp requires (not marked optional) the wallet does not give is refused (EIP-5792's 5700).
    const required = [request.capabilities, ...request.calls.map((call) => call.capabilities)].flatMap((capabilities) =>
      Object.entries(capabilities ?? {}).filter(([, value]) => !(typeof value === 'object' && value !== null && (value as { optional?: unknown }).optional === true)).map(([name]) => name),
    )
    const supported = account.type === 'smartAccount' && smart?.paymasterChains.includes(chain) ? ['paymasterService'] : []
    const missing = required.find((name) => !supported.includes(name))
    if (missing !== undefined) throw new FrameRequestError(`Unsupported non-optional capability: ${missing}`)
    if (account.type === 'smartAccount') {
      const title = calls.length === 1 ? 'Send this call?' : `Send these ${calls.length} calls?`
      const { userOpHash, included } = await userOperation(asker, chain, account.address, calls, title)
      included.catch(() => undefined)
      if (request.id !== undefined) batches.set(request.id, { chain, userOpHash })
      return { id: request.id ?? userOpHash }
    }
    if (request.atomicRequired === true) throw new FrameRequestError(atomicUnsupported)
    await approveOrReject(asker, calls.length === 1 ? 'Send this call?' : `Send these ${calls.length} calls?`, [
      ...callLines(calls),
      `Network: eip155:${chain}`,
      accountLine(account),
      ...(calls.length > 1 ? ['Sent one after another, not all at once: a call that fails stops the ones after it'] : []),
    ])
    // One transaction per call, each once the one before it is included; the first failure stops the rest.
    const receipts: UserOperationReceipt[] = []
    let failed = false
    for (const call of calls) {
      let hash: Hex
      try {
        hash = await sendEoaTransaction(chain, account.address, { to: call.to, value: call.value, data: call.data })
      } catch (error) {
        if (receipts.length === 0) throw error
        failed = true
        break
      }
      const receipt = await receiptOf(chain, hash)
      receipts.push(receipt)
      if (receipt.status !== '0x1') {
        failed = true
        break
      }
    }
    const id = request.id ?? (receipts[0] as UserOperationReceipt).transactionHash
    const status = !failed ? callsStatus.confirmed : receipts.some((receipt) => receipt.status === '0x1') ? callsStatus.partiallyReverted : callsStatus.reverted
    batches.set(id, { chain, eoa: { status, receipts } })
    return { id }
  }

  async function getCallsStatus(params: unknown, asked: string | undefined): Promise<CallsStatusAnswer> {
    const id = parseParams(evmParams.callsId, params, 'wallet_getCallsStatus')
    evmAddress()
    const known = batches.get(id)
    const hex = (chain: number) => `0x${chain.toString(16)}` as Hex
    if (known && 'eoa' in known) return { version: '2.0.0', id, chainId: hex(known.chain), status: known.eoa.status, atomic: false, receipts: known.eoa.receipts }
    let found: { chain: number; userOpHash: Hex } | undefined = known
    if (!found && /^0x[0-9a-fA-F]{64}$/.test(id) && smart) {
      const userOpHash = id as Hex
      const mine = submitted.get(userOpHash)
      if (mine !== undefined) found = { chain: mine, userOpHash }
      else {
        // Another frame's (a reload): the bundler's word on its sender, which must be this wallet's smart account.
        const first = /^eip155:(\d+)$/.exec(networkOf('eip155', asked))?.[1]
        const chains = [...new Set([...(first !== undefined ? [Number(first)] : []), ...smart.enabled])].filter(smartEnabled)
        for (const chain of chains) {
          const sender = await smart.senderOf(chain, userOpHash)
          const account = sender ? await smartAddress(chain) : undefined
          if (sender && account && sender.toLowerCase() === account.toLowerCase()) {
            found = { chain, userOpHash }
            break
          }
        }
      }
    }
    if (!found || !smart) throw new FrameRequestError(unknownBundle)
    const status = await smart.status(found.chain, found.userOpHash)
    if (status.status === 'pending') return { version: '2.0.0', id, chainId: hex(found.chain), status: callsStatus.pending, atomic: true }
    return { version: '2.0.0', id, chainId: hex(found.chain), status: status.success ? callsStatus.confirmed : callsStatus.reverted, atomic: true, receipts: status.receipts }
  }

  async function getCapabilities(params: unknown, asked: string | undefined): Promise<Record<Hex, unknown>> {
    const list = Array.isArray(params) ? params : []
    if (list[0] === undefined || list[0] === null || list[0] === '') throw new FrameRequestError(missingCapabilitiesAddress)
    const chainIds = z.safeParse(evmParams.chainIds, list[1])
    if (!chainIds.success) throw new FrameRequestError('Invalid params: wallet_getCapabilities takes [address, chainIds?], chain ids in hex')
    const current = evmChain(asked)
    const chains = chainIds.data ? chainIds.data.map((id) => Number(BigInt(id))) : [...new Set([current, ...(smart?.enabled ?? [])])]
    const eoa = evmAddress()
    const named = typeof list[0] === 'string' ? list[0].toLowerCase() : undefined
    const answer: Record<Hex, unknown> = {}
    let ours = named === eoa.toLowerCase()
    for (const chain of chains) {
      const account = await smartAddress(chain)
      const isSmart = account !== undefined && named === account.toLowerCase()
      ours ||= isSmart
      const sponsored = smart?.paymasterChains.includes(chain) === true
      answer[`0x${chain.toString(16)}`] = isSmart ? { atomic: { status: 'supported' }, ...(sponsored ? { paymasterService: { supported: true } } : {}) } : { atomic: { status: 'unsupported' } }
    }
    if (!ours) {
      // The smart account of a chain not asked about is this wallet's too.
      for (const chain of smart?.enabled ?? []) if (named === (await smartAddress(chain))?.toLowerCase()) ours = true
    }
    if (!ours) throw new FrameRequestError(notOurAddress)
    return answer
  }

  async function rpcRequest(method: string, params: unknown, asked: string | undefined, origin: Asker): Promise<unknown> {
    if (method.startsWith('solana_')) return solanaRequest(method, params, asked, origin)
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return session && addresses ? [(await activeEvm(evmChain(asked))).address] : []
      case 'eth_chainId':
        return `0x${evmChain(asked).toString(16)}`
      case 'personal_sign': {
        const data = field(hexData, list[0], 'Invalid params: message is not hex data')
        const chain = evmChain(asked)
        const account = await namedAccount(list[1], chain)
        return signHash(account, chain, hashMessage({ raw: data as Hex }), origin, 'Sign this message?', [readable(data as Hex).slice(0, 2000)], () =>
          withSecret(async (secret) => (await evmAccount(secret)).signMessage({ message: { raw: data as Hex } })),
        )
      }
      case 'eth_signTypedData_v4': {
        const chain = evmChain(asked)
        const account = await namedAccount(list[0], chain)
        let typed: TypedDataDefinition
        try {
          typed = (typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1]) as TypedDataDefinition
        } catch {
          throw new FrameRequestError('Invalid params: the typed data is not JSON')
        }
        field(evmParams.typedData, typed, 'Invalid params: the typed data is not EIP-712 typed data')
        let hash: Hex
        try {
          hash = hashTypedData(typed)
        } catch {
          throw new FrameRequestError('Invalid params: the typed data does not match its types (EIP-712)')
        }
        return signHash(account, chain, hash, origin, 'Sign this typed data?', [JSON.stringify(typed, null, 1).slice(0, 4000)], () =>
          withSecret(async (secret) => (await evmAccount(secret)).signTypedData(typed)),
        )
      }
      case 'eth_sendTransaction': {
        const raw = list[0] ?? {}
        const tx = z.safeParse(evmParams.transaction, raw)
        if (!tx.success) {
          const bad = tx.error.issues[0]?.path[0]
          if (bad === undefined) throw new FrameRequestError('Invalid params: eth_sendTransaction takes a transaction object')
          throw new FrameRequestError(bad === 'from' ? notOurAddress : `Invalid params: ${String(bad)} is not ${bad === 'data' ? 'hex data' : bad === 'to' ? 'an address' : 'a hex quantity'}`)
        }
        // A malformed `to` is refused, never read as a contract creation.
        if (tx.data.to !== undefined && tx.data.to !== null && !/^0x[0-9a-fA-F]{40}$/.test(tx.data.to)) throw new FrameRequestError('Invalid params: to is not an address')
        const to = tx.data.to ?? undefined
        const value = tx.data.value === undefined ? 0n : BigInt(tx.data.value)
        const data = tx.data.data as Hex | undefined
        const chain = evmChain(asked)
        const account = await namedAccount(tx.data.from, chain)
        if (account.type === 'smartAccount') {
          if (to === undefined) throw new FrameRequestError('Invalid params: a smart account sends calls only (to is missing)')
          const { included } = await userOperation(origin, chain, account.address, [{ to: to as Hex, value, data: data ?? '0x' }], 'Send this transaction?')
          const done = await included
          if (!done.success) throw new FrameRequestError(`The operation was included but its call failed (transaction ${done.transactionHash})`)
          return done.transactionHash
        }
        await approveOrReject(origin, 'Send this transaction?', [`To: ${to ?? '(new contract)'}`, `Value: ${value} wei`, `Data: ${dataText(data ?? '0x')}`, `Network: eip155:${chain}`, `From: ${account.address}`])
        return sendEoaTransaction(chain, account.address, { ...(to ? { to: to as Hex } : {}), value, ...(data ? { data } : {}), ...(tx.data.gas !== undefined ? { gas: BigInt(tx.data.gas) } : {}) })
      }
      case 'wallet_sendCalls':
        return sendCalls(params, asked, origin)
      case 'wallet_getCallsStatus':
        return getCallsStatus(params, asked)
      case 'wallet_getCapabilities':
        return getCapabilities(params, asked)
      default:
        throw new FrameRequestError(`This method is not supported: ${method}`)
    }
  }

  const requireSession = (): Session => {
    if (!session) throw new FrameRequestError('Not connected')
    return session
  }
  const savePreferences = () => options.storage.putPreferences(preferences).catch(() => undefined)

  /**
   * The logged-in user on the network `asked` (GET_USER, and a social login's answer): the active account of its family
   * (docs/embedded-frame.md, "Smart accounts: the frame's requests"), and all the wallet's accounts there, the active first.
   */
  async function userOn(asked: string, preferredAccountType?: AccountType) {
    const family = familyOf(asked)
    if (!family) throw new FrameRequestError(`This network is not supported: ${asked}`)
    const { account } = requireSession()
    const eoa = requireAddress('eip155')
    const solana = requireAddress('solana')
    if (preferredAccountType !== undefined && preferredAccountType !== preferences.preferredAccountType) {
      preferences = { ...preferences, preferredAccountType }
      await savePreferences()
    }
    const chain = family === 'eip155' ? /^eip155:(\d+)$/.exec(asked)?.[1] : undefined
    const smartAccount = chain !== undefined ? await smartAddress(Number(chain)) : undefined
    const type = activeAccountType(preferences.preferredAccountType, family, smartAccount !== undefined)
    const active = type === 'smartAccount' ? (smartAccount as Hex) : family === 'eip155' ? eoa : solana
    const accounts =
      smartAccount !== undefined
        ? [{ address: active, type }, type === 'smartAccount' ? { address: eoa, type: 'eoa' as const } : { address: smartAccount, type: 'smartAccount' as const }, { address: solana, type: 'eoa' as const }]
        : [
            // The asked family's account first, then the other family's: one login, one account in each.
            { address: family === 'eip155' ? eoa : solana, type: 'eoa' as const },
            { address: family === 'eip155' ? solana : eoa, type: 'eoa' as const },
          ]
    return {
      email: account.email,
      ...(showableName(account.userName) ? { userName: showableName(account.userName) } : {}),
      address: active,
      chainId: asked as Network,
      accounts,
      preferredAccountType: type,
      smartAccountDeployed: type === 'smartAccount' ? await (smart as SmartAccounts).isDeployed(Number(chain), active as Hex) : false,
    }
  }

  /**
   * After a login (e-mail code, social, Farcaster): the session is kept, the wallet made at the account's first login
   * (its shares stored) or its auth share fetched, and the addresses derived.
   */
  async function loggedIn(next: Session): Promise<void> {
    session = next
    if (!next.account.hasWallet) {
      const { secret, shares } = await newWalletSecret()
      secret.fill(0)
      // The recovery share is uploaded as it is: see docs/embedded-frame.md, "What is left".
      await options.client.putWallet(next, shares.auth, shares.recovery).catch(visible)
      await options.storage.putDeviceShare(next.account.id, shares.device)
    }
    await loadAddresses()
    await options.storage.putSession(next)
  }

  const farcaster = farcasterLogin({ client: options.client, loggedIn, sleep })

  /**
   * Asks the service every second whether the provider answered the social login (docs/embedded-frame.md, "Login"),
   * until its session, the service's refusal, the request's time limit, or `signal` (a new login, sign-out, RPC_ABORT).
   */
  async function pollSocial(pending: { state: string; keys: FrameKeys }, signal: AbortSignal): Promise<Session> {
    const deadline = now() + frameTimeouts.login
    for (;;) {
      if (signal.aborted) throw new FrameRequestError('The login was stopped')
      let answer: Awaited<ReturnType<ServiceClient['socialSession']>> | undefined
      try {
        answer = await options.client.socialSession(pending.state, pending.keys)
      } catch (error) {
        // The service out of reach for a moment: asked again. Its refusal (denied, expired…) ends the login.
        if (!(error instanceof ServiceError && error.code === 'NETWORK')) visible(error)
      }
      if (signal.aborted) throw new FrameRequestError('The login was stopped')
      if (answer && !('pending' in answer)) return answer
      if (now() + socialPollMs > deadline) throw new FrameRequestError('The login took too long; try again')
      await sleep(socialPollMs, signal)
    }
  }

  function stopSocial(): void {
    pendingSocial?.poll?.abort()
    pendingSocial = undefined
  }

  /** The wallet requests and the social and Farcaster logins being answered, by message id, for RPC_ABORT. */
  const withdrawable = new Map<string, AbortController>()
  const handlers: FrameHandlers = {
    async CONNECT_EMAIL({ email }) {
      await options.client.requestCode(email).catch(visible)
      pendingEmail = email
      return { action: 'VERIFY_OTP' }
    },
    async CONNECT_OTP({ otp }) {
      if (!pendingEmail) throw new FrameRequestError('Ask for a code first')
      const next = await options.client.verify(pendingEmail, otp).catch(visible)
      await loggedIn(next)
      pendingEmail = undefined
      return undefined
    },
    GET_FARCASTER_URI: () => farcaster.uri(),
    // Withdrawn by RPC_ABORT naming this request's id, as a wallet request is (docs/embedded-frame.md, "Farcaster login").
    async CONNECT_FARCASTER(_, { id }) {
      const withdrawn = new AbortController()
      withdrawable.set(id, withdrawn)
      try {
        return await farcaster.connect(withdrawn.signal)
      } finally {
        withdrawable.delete(id)
      }
    },
    async GET_SOCIAL_REDIRECT_URI({ provider }) {
      // A new social login replaces the last one: its poll, if any, stops.
      stopSocial()
      const started = await options.client.socialStart(provider).catch(visible)
      pendingSocial = { state: started.state, keys: started.keys }
      return { uri: started.url }
    },
    async CONNECT_SOCIAL({ uri, chainId, preferredAccountType }, context) {
      const pending = pendingSocial
      let state: string | null = null
      try {
        state = new URL(uri).searchParams.get('state')
      } catch {
        state = null
      }
      if (!pending || state !== pending.state) throw new FrameRequestError('This login was not started here')
      pending.poll?.abort()
      const poll = new AbortController()
      pending.poll = poll
      withdrawable.set(context.id, poll)
      try {
        const next = await pollSocial(pending, poll.signal)
        if (pendingSocial === pending) pendingSocial = undefined
        await loggedIn(next)
      } finally {
        withdrawable.delete(context.id)
      }
      return userOn(chainId, preferredAccountType).catch(visible)
    },
    async GET_USER({ chainId: asked, preferredAccountType }) {
      return userOn(asked, preferredAccountType).catch(visible)
    },
    async IS_CONNECTED() {
      if (!session) return { isConnected: false }
      const account = await options.client.session(session).catch(visible)
      if (!account) await forget()
      // The service's word on the account wins (its e-mail changed from another frame, a later social login's name).
      else if (session && (account.email !== session.account.email || account.userName !== session.account.userName || account.provider !== session.account.provider)) {
        session = { ...session, account }
        await options.storage.putSession(session)
      }
      return { isConnected: account !== undefined && addresses !== undefined }
    },
    GET_CHAIN_ID: () => ({ chainId: preferences.current }),
    async SWITCH_NETWORK({ chainId: next }) {
      const family = familyOf(next)
      if (!family) throw new FrameRequestError(`This network is not supported: ${next}`)
      preferences = { ...preferences, current: next, networks: { ...preferences.networks, [family]: next } }
      await savePreferences()
      return { chainId: next }
    },
    async SIGN_OUT() {
      farcaster.cancel()
      stopSocial()
      const ending = session
      await forget()
      if (ending) await options.client.signOut(ending).catch(() => undefined)
      return undefined
    },
    async RPC_REQUEST({ method, params, chainId: asked }, { id, parentOrigin }) {
      const withdrawn = new AbortController()
      withdrawable.set(id, withdrawn)
      try {
        return { result: (await rpcRequest(method, params, asked, { origin: parentOrigin, signal: withdrawn.signal }).catch(visible)) as never }
      } finally {
        withdrawable.delete(id)
      }
    },
    // The page withdrew a wallet request (the visitor left its approval): its approval is dropped, and it is answered
    // as rejected (docs/embedded-frame.md, "Approvals"). An id that is not waiting is already answered.
    RPC_ABORT({ id }) {
      withdrawable.get(id)?.abort()
      return undefined
    },
    async UPDATE_EMAIL({ email }) {
      const answer = await options.client.updateEmail(requireSession(), email).catch(visible)
      return { action: answer.step === 'primary' ? 'VERIFY_PRIMARY_OTP' : 'VERIFY_SECONDARY_OTP' }
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      await options.client.updateEmailPrimary(requireSession(), otp).catch(visible)
      return undefined
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const current = requireSession()
      const { newEmail } = await options.client.updateEmailSecondary(current, otp).catch(visible)
      session = { ...current, account: { ...current.account, email: newEmail } }
      await options.storage.putSession(session)
      return { newEmail }
    },
    SYNC_THEME({ themeMode, themeVariables }) {
      options.theme?.({ themeMode, ...(themeVariables ? { themeVariables } : {}) })
      return undefined
    },
    SYNC_DAPP_DATA({ metadata }, { parentOrigin }) {
      // The name is shown only when the dapp's url is the page's verified origin; otherwise the origin alone is.
      let claimed: string | undefined
      try {
        claimed = metadata ? new URL(metadata.url).origin : undefined
      } catch {
        claimed = undefined
      }
      dapp = metadata && claimed === parentOrigin ? { name: metadata.name } : {}
      return undefined
    },
    async SET_PREFERRED_ACCOUNT({ type }) {
      // Kept as asked; the answer is the account now active on the current EVM network (the EOA where it has no smart account).
      preferences = { ...preferences, preferredAccountType: type }
      await savePreferences()
      return activeEvm(evmChain()).catch(visible)
    },
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: [...(smart?.enabled ?? [])] }),
  }

  async function forget(): Promise<void> {
    session = undefined
    addresses = undefined
    await options.storage.putSession(undefined)
  }

  return {
    handlers,
    /** Restores the stored preferences and session (FRAME_READY waits for it): the addresses are rebuilt, or the session forgotten. */
    async restore(): Promise<void> {
      const stored = z.safeParse(preferencesSchema, await options.storage.getPreferences().catch(() => undefined))
      if (stored.success) preferences = stored.data as Preferences
      const storedSession = await options.storage.getSession()
      if (!storedSession) return
      session = storedSession
      try {
        if (!(await options.client.session(storedSession))) return await forget()
        await loadAddresses()
      } catch {
        await forget()
      }
    },
    get address() {
      return addresses?.eip155 as `0x${string}` | undefined
    },
    get solanaAddress() {
      return addresses?.solana
    },
    /** The networks and the preferred account type (kept across reloads). */
    get preferences() {
      return preferences
    },
  }
}
