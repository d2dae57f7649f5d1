import type { Hex, TypedDataDefinition } from 'viem'
import { FrameRequestError, type FrameHandlers } from '../channel'
import { openSealedShare, ServiceError, type ServiceClient, type Session } from './service-client'
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
}

/** What the visitor is asked to approve: a title and the lines shown as they are (never a secret). */
export type ApprovalRequest = { title: string; lines: string[] }

export type WalletAppOptions = {
  client: ServiceClient
  storage: FrameStorage
  /** Shows the request in the frame's UI; resolves true on Approve, false on Reject. */
  approve(request: ApprovalRequest): Promise<boolean>
  /** The JSON-RPC node of an EVM chain (its numeric id), for eth_sendTransaction. */
  rpcUrl(chainId: number): string | undefined
  /** The network until the page switches it. */
  defaultChainId: `${string}:${string}`
  fetch?: typeof fetch
}

export const userRejected = 'User rejected the request'

export function walletApp(options: WalletAppOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  let pendingEmail: string | undefined
  let session: Session | undefined
  let address: `0x${string}` | undefined
  let chainId = options.defaultChainId

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

  async function loadAddress(): Promise<void> {
    address = await withSecret(async (secret) => (await evmAccount(secret)).address)
  }

  function requireAddress(): `0x${string}` {
    if (!session || !address) throw new FrameRequestError('Not connected')
    return address
  }

  const evmChain = () => {
    const match = /^eip155:(\d+)$/.exec(chainId)
    if (!match) throw new FrameRequestError('The current network is not an EVM network')
    return Number(match[1])
  }

  async function rpc(method: string, params: unknown[]): Promise<unknown> {
    const url = options.rpcUrl(evmChain())
    if (!url) throw new FrameRequestError('No RPC node for this network')
    const response = await doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
    const body = (await response.json()) as { result?: unknown; error?: { message?: unknown } }
    if (body.error) throw new FrameRequestError(`The network refused the request: ${String(body.error.message ?? '').slice(0, 200)}`)
    return body.result
  }

  async function approveOrReject(request: ApprovalRequest): Promise<void> {
    if (!(await options.approve(request))) throw new FrameRequestError(userRejected)
  }

  const hexParam = (value: unknown, name: string): Hex => {
    if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value)) throw new FrameRequestError(`Invalid params: ${name} is not hex data`)
    return value as Hex
  }
  const quantity = (value: unknown, name: string): bigint => {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw new FrameRequestError(`Invalid params: ${name} is not a hex quantity`)
    return BigInt(value)
  }
  const sameAddress = (value: unknown) => typeof value === 'string' && value.toLowerCase() === requireAddress().toLowerCase()
  const readable = (data: Hex) => {
    const bytes = new Uint8Array((data.length - 2) / 2).map((_, i) => parseInt(data.slice(2 + 2 * i, 4 + 2 * i), 16))
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      return /[\u0000-\u0008\u000e-\u001f]/.test(text) ? data : text
    } catch {
      return data
    }
  }

  async function rpcRequest(method: string, params: unknown): Promise<unknown> {
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return session && address ? [address] : []
      case 'eth_chainId':
        return `0x${evmChain().toString(16)}`
      case 'personal_sign': {
        const data = hexParam(list[0], 'message')
        if (!sameAddress(list[1])) throw new FrameRequestError('Invalid params: not this wallet’s address')
        await approveOrReject({ title: 'Sign this message?', lines: [readable(data).slice(0, 2000), `Account: ${requireAddress()}`] })
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
        await approveOrReject({ title: 'Sign this typed data?', lines: [JSON.stringify(typed, null, 1).slice(0, 4000), `Account: ${requireAddress()}`] })
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
        const from = requireAddress()
        const chain = evmChain()
        await approveOrReject({ title: 'Send this transaction?', lines: [`To: ${to ?? '(new contract)'}`, `Value: ${value} wei`, `Data: ${(data ?? '0x').slice(0, 200)}`, `Network: ${chainId}`, `From: ${from}`] })
        const nonce = Number(BigInt((await rpc('eth_getTransactionCount', [from, 'pending'])) as string))
        const gas = tx.gas !== undefined ? quantity(tx.gas, 'gas') : BigInt((await rpc('eth_estimateGas', [{ from, to, value: `0x${value.toString(16)}`, data }])) as string)
        const gasPrice = BigInt((await rpc('eth_gasPrice', [])) as string)
        const raw = await withSecret(async (secret) =>
          (await evmAccount(secret)).signTransaction({ type: 'eip1559', chainId: chain, nonce, to, value, data, gas, maxFeePerGas: gasPrice * 2n, maxPriorityFeePerGas: gasPrice }),
        )
        return rpc('eth_sendRawTransaction', [raw])
      }
      default:
        throw new FrameRequestError(`This method is not supported: ${method}`)
    }
  }

  const handlers: FrameHandlers = {
    async CONNECT_EMAIL({ email }) {
      await options.client.requestCode(email).catch(visible)
      pendingEmail = email
      return { action: 'VERIFY_OTP' }
    },
    async CONNECT_OTP({ otp }) {
      if (!pendingEmail) throw new FrameRequestError('Ask for a code first')
      const next = await options.client.verify(pendingEmail, otp).catch(visible)
      session = next
      if (!next.account.hasWallet) {
        const { secret, shares } = await newWalletSecret()
        secret.fill(0)
        // The recovery share is uploaded as it is: see docs/embedded-frame.md, "What is left".
        await options.client.putWallet(next, shares.auth, shares.recovery).catch(visible)
        await options.storage.putDeviceShare(next.account.id, shares.device)
      }
      await loadAddress()
      await options.storage.putSession(next)
      pendingEmail = undefined
      return undefined
    },
    async GET_USER() {
      if (!session) throw new FrameRequestError('Not connected')
      return { email: session.account.email, address: requireAddress(), chainId, accounts: [{ address: requireAddress(), type: 'eoa' }] }
    },
    async IS_CONNECTED() {
      if (!session) return { isConnected: false }
      const account = await options.client.session(session).catch(visible)
      if (!account) await forget()
      return { isConnected: account !== undefined && address !== undefined }
    },
    GET_CHAIN_ID: () => ({ chainId }),
    SWITCH_NETWORK({ chainId: next }) {
      chainId = next
      return { chainId }
    },
    async SIGN_OUT() {
      const ending = session
      await forget()
      if (ending) await options.client.signOut(ending).catch(() => undefined)
      return undefined
    },
    RPC_REQUEST: async ({ method, params }) => ({ result: (await rpcRequest(method, params)) as never }),
  }

  async function forget(): Promise<void> {
    session = undefined
    address = undefined
    await options.storage.putSession(undefined)
  }

  return {
    handlers,
    /** Restores a stored session (FRAME_READY waits for it): the address is rebuilt, or the session forgotten. */
    async restore(): Promise<void> {
      const stored = await options.storage.getSession()
      if (!stored) return
      session = stored
      try {
        if (!(await options.client.session(stored))) return await forget()
        await loadAddress()
      } catch {
        await forget()
      }
    },
    get address() {
      return address
    },
  }
}
