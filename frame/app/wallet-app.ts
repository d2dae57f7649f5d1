import type { Hex, TypedDataDefinition } from 'viem'
import * as z from 'zod/mini'
import { fromBase64, toBase64 } from '../../kernel/rules/base64'
import { frameTimeouts } from '../../plugins/embedded/protocol'
import { FrameRequestError, type FrameHandlers } from '../channel'
import { farcasterLogin, realSleep, showableName } from './farcaster-login'
import { openSealedShare, ServiceError, type FrameKeys, type ServiceClient, type Session } from './service-client'
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


export const userRejected = 'User rejected the request'

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
    preferredAccountType: 'eoa',
  }
  let dapp: { name?: string } = {}

  const visible = (error: unknown): never => {
    if (error instanceof ServiceError) throw new FrameRequestError(error.message)
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

  const hexParam = (value: unknown, name: string): Hex => {
    if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) throw new FrameRequestError(`Invalid params: ${name} is not hex data`)
    return value as Hex
  }
  const quantity = (value: unknown, name: string): bigint => {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw new FrameRequestError(`Invalid params: ${name} is not a hex quantity`)
    return BigInt(value)
  }
  const sameAddress = (value: unknown) => typeof value === 'string' && value.toLowerCase() === evmAddress().toLowerCase()
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

  async function rpcRequest(method: string, params: unknown, asked: string | undefined, origin: Asker): Promise<unknown> {
    if (method.startsWith('solana_')) return solanaRequest(method, params, asked, origin)
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return session && addresses ? [addresses.eip155] : []
      case 'eth_chainId':
        return `0x${evmChain(asked).toString(16)}`
      case 'personal_sign': {
        const data = hexParam(list[0], 'message')
        if (!sameAddress(list[1])) throw new FrameRequestError('Invalid params: not this wallet’s address')
        await approveOrReject(origin, 'Sign this message?', [readable(data).slice(0, 2000), `Account: ${evmAddress()}`])
        return withSecret(async (secret) => (await evmAccount(secret)).signMessage({ message: { raw: data } }))
      }
      case 'eth_signTypedData_v4': {
        if (!sameAddress(list[0])) throw new FrameRequestError('Invalid params: not this wallet’s address')
        let typed: TypedDataDefinition
        try {
          typed = (typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1]) as TypedDataDefinition
        } catch {
          throw new FrameRequestError('Invalid params: the typed data is not JSON')
        }
        await approveOrReject(origin, 'Sign this typed data?', [JSON.stringify(typed, null, 1).slice(0, 4000), `Account: ${evmAddress()}`])
        return withSecret(async (secret) => (await evmAccount(secret)).signTypedData(typed))
      }
      case 'eth_sendTransaction': {
        const tx = (list[0] ?? {}) as { from?: unknown; to?: unknown; value?: unknown; data?: unknown; gas?: unknown }
        if (!sameAddress(tx.from)) throw new FrameRequestError('Invalid params: not this wallet’s address')
        // A malformed `to` is refused, never read as a contract creation.
        if (tx.to !== undefined && tx.to !== null && !(typeof tx.to === 'string' && /^0x[0-9a-fA-F]{40}$/.test(tx.to))) throw new FrameRequestError('Invalid params: to is not an address')
        const to = typeof tx.to === 'string' ? (tx.to as Hex) : undefined
        const value = tx.value === undefined ? 0n : quantity(tx.value, 'value')
        const data = tx.data === undefined ? undefined : hexParam(tx.data, 'data')
        const from = evmAddress()
        const chain = evmChain(asked)
        await approveOrReject(origin, 'Send this transaction?', [`To: ${to ?? '(new contract)'}`, `Value: ${value} wei`, `Data: ${(data ?? '0x').slice(0, 200)}`, `Network: eip155:${chain}`, `From: ${from}`])
        const nonce = Number(BigInt((await rpc(chain, 'eth_getTransactionCount', [from, 'pending'])) as string))
        const gas = tx.gas !== undefined ? quantity(tx.gas, 'gas') : BigInt((await rpc(chain, 'eth_estimateGas', [{ from, to, value: `0x${value.toString(16)}`, data }])) as string)
        const gasPrice = BigInt((await rpc(chain, 'eth_gasPrice', [])) as string)
        const raw = await withSecret(async (secret) =>
          (await evmAccount(secret)).signTransaction({ type: 'eip1559', chainId: chain, nonce, to, value, data, gas, maxFeePerGas: gasPrice * 2n, maxPriorityFeePerGas: gasPrice }),
        )
        return rpc(chain, 'eth_sendRawTransaction', [raw])
      }
      default:
        throw new FrameRequestError(`This method is not supported: ${method}`)
    }
  }

  const requireSession = (): Session => {
    if (!session) throw new FrameRequestError('Not connected')
    return session
  }
  const savePreferences = () => options.storage.putPreferences(preferences).catch(() => undefined)

  /** The logged-in user on the network `asked` (GET_USER, and a social login's answer). */
  function userOn(asked: string) {
    const family = familyOf(asked)
    if (!family) throw new FrameRequestError(`This network is not supported: ${asked}`)
    const own = requireAddress(family)
    const other = requireAddress(family === 'eip155' ? 'solana' : 'eip155')
    const { account } = requireSession()
    return {
      email: account.email,
      ...(showableName(account.userName) ? { userName: showableName(account.userName) } : {}),
      address: own,
      chainId: asked as Network,
      // The asked family's account first, then the other family's: one login, one account in each.
      accounts: [
        { address: own, type: 'eoa' as const },
        { address: other, type: 'eoa' as const },
      ],
      preferredAccountType: 'eoa' as const,
      smartAccountDeployed: false,
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
    async CONNECT_SOCIAL({ uri, chainId }, context) {
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
      return userOn(chainId)
    },
    async GET_USER({ chainId: asked }) {
      return userOn(asked)
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
        return { result: (await rpcRequest(method, params, asked, { origin: parentOrigin, signal: withdrawn.signal })) as never }
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
      // Kept as asked; the wallet has no smart account yet, so the account in use stays the EOA.
      preferences = { ...preferences, preferredAccountType: type }
      await savePreferences()
      return { type: 'eoa', address: evmAddress() }
    },
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: [] }),
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
