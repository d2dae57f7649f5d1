import type { Eip1193Provider } from '../../plugins/eip155/provider'
import { createCallsExecutor, readSendCalls } from '../devnet/dev-wallet/calls'

/** A wallet error as extensions throw them: an Error with an EIP-1193 `code`. */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export type TestWalletOptions = {
  /** Chains the wallet knows from the start: chain id → RPC URL (an anvil). */
  chains: Record<number, string>
  chainId: number
  account: string
  info?: { uuid?: string; name?: string; icon?: string; rdns?: string }
}

type Handler = (params: unknown[]) => unknown

/**
 * An EIP-1193 wallet for tests, like a browser extension: it forwards to the current
 * anvil over HTTP and implements what anvil lacks (accounts authorisation, switch/add
 * chain, revoke, capabilities, EIP-5792 batches as the dev wallet runs them). `reject(method)`
 * makes it answer 4001 as a declined prompt; `hold(method)` leaves it pending, as an unanswered prompt.
 */
export function createTestWallet(options: TestWalletOptions) {
  const chains = new Map(Object.entries(options.chains).map(([id, url]) => [Number(id), url]))
  const listeners = new Map<string, Set<(value: unknown) => void>>()
  const rejecting = new Set<string>()
  const overrides = new Map<string, Handler>()
  const calls: { method: string; params: unknown[] }[] = []
  const batches = createCallsExecutor()
  const held = new Set<string>()
  const waiting: { method: string; resolve(): void }[] = []
  let chainId = options.chainId
  let authorized = false
  const account = options.account.toLowerCase()

  function emit(event: string, value: unknown) {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(value)
  }

  async function forward(method: string, params: unknown[]): Promise<unknown> {
    const url = chains.get(chainId)
    if (!url) throw new ProviderRpcError(4901, `not connected to chain ${chainId}`)
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    const json = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (json.error) throw new ProviderRpcError(json.error.code, json.error.message)
    return json.result
  }

  const builtins: Record<string, Handler> = {
    eth_requestAccounts: () => {
      authorized = true
      return [account]
    },
    eth_accounts: () => (authorized ? [account] : []),
    eth_chainId: () => `0x${chainId.toString(16)}`,
    wallet_switchEthereumChain: (params) => {
      const id = Number((params[0] as { chainId: string }).chainId)
      if (!chains.has(id)) throw new ProviderRpcError(4902, `Unrecognized chain ID ${id}`)
      if (id !== chainId) {
        chainId = id
        emit('chainChanged', `0x${id.toString(16)}`)
      }
      return null
    },
    wallet_addEthereumChain: (params) => {
      const { chainId: hex, rpcUrls } = params[0] as { chainId: string; rpcUrls: string[] }
      const url = rpcUrls[0]
      if (!url) throw new ProviderRpcError(-32602, 'rpcUrls required')
      chains.set(Number(hex), url)
      return null
    },
    wallet_revokePermissions: () => {
      authorized = false
      return null
    },
    wallet_getCapabilities: () => ({ [`0x${chainId.toString(16)}`]: { atomic: { status: 'unsupported' } } }),
    wallet_sendCalls: (params) => {
      const batch = readSendCalls(params, chainId, (address) => typeof address === 'string' && address.toLowerCase() === account)
      return batches.send(forward, chainId, batch.from ?? account, batch)
    },
    wallet_getCallsStatus: (params) => batches.status(params),
  }
  const needsAuthorization = new Set(['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_getCapabilities', 'wallet_sendCalls'])

  const provider: Eip1193Provider = {
    async request({ method, params }) {
      const list = Array.isArray(params) ? params : []
      calls.push({ method, params: list })
      for (const waiter of waiting.filter((w) => w.method === method)) waiting.splice(waiting.indexOf(waiter), 1), waiter.resolve()
      if (rejecting.has(method)) throw new ProviderRpcError(4001, 'User rejected the request.')
      if (held.has(method)) return new Promise(() => {})
      const override = overrides.get(method)
      if (override) return override(list)
      if (needsAuthorization.has(method) && !authorized) throw new ProviderRpcError(4100, 'Unauthorized')
      const builtin = builtins[method]
      return builtin ? builtin(list) : forward(method, list)
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }

  const info = {
    uuid: options.info?.uuid ?? '7d1e7a3e-0000-4000-8000-000000000001',
    name: options.info?.name ?? 'Test Wallet',
    icon: options.info?.icon ?? 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
    rdns: options.info?.rdns ?? 'test.latch.wallet',
  }

  return {
    provider,
    info,
    calls,
    /** Methods asked so far, in order. */
    methods: () => calls.map((c) => c.method),
    /** Answer 4001 (declined prompt) to `method` until `accept(method)`. */
    reject: (method: string) => void rejecting.add(method),
    accept: (method: string) => void rejecting.delete(method),
    /** Never answer `method` (a prompt left open) until `release(method)`; requests already held stay pending. */
    hold: (method: string) => void held.add(method),
    release: (method: string) => void held.delete(method),
    /** Resolves once the wallet has been asked `method` (at once if it already was). */
    called: (method: string) =>
      calls.some((c) => c.method === method) ? Promise.resolve() : new Promise<void>((resolve) => void waiting.push({ method, resolve })),
    /** Replace the wallet's answer to `method` (junk, errors). */
    override: (method: string, handler: Handler) => void overrides.set(method, handler),
    restore: (method: string) => void overrides.delete(method),
    /** Forget a chain (so switching to it answers 4902). */
    forgetChain: (id: number) => void chains.delete(id),
    /** Revoke the site's access, as the extension's settings page would. */
    revoke: () => void (authorized = false),
    get authorized() {
      return authorized
    },
    get chainId() {
      return chainId
    },
    /** Switch accounts or chains from inside the wallet, as a visitor would. */
    emit,
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
    /** Announces itself on `win` (EIP-6963), now and on every request. Returns the way to stop. */
    announceOn(win: EventTarget) {
      const announce = () => win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
      win.addEventListener('eip6963:requestProvider', announce)
      announce()
      return () => win.removeEventListener('eip6963:requestProvider', announce)
    },
  }
}

export type TestWallet = ReturnType<typeof createTestWallet>

/** A window for tests: an EventTarget that counts its listeners and may carry a legacy `ethereum`. */
export function createFakeWindow(ethereum?: unknown) {
  const target = new EventTarget() as EventTarget & { ethereum?: unknown }
  if (ethereum !== undefined) target.ethereum = ethereum
  const counts = new Map<string, number>()
  const add = target.addEventListener.bind(target)
  const remove = target.removeEventListener.bind(target)
  target.addEventListener = (type, listener, options) => {
    counts.set(type, (counts.get(type) ?? 0) + 1)
    add(type, listener, options)
  }
  target.removeEventListener = (type, listener, options) => {
    counts.set(type, (counts.get(type) ?? 0) - 1)
    remove(type, listener, options)
  }
  return { target, window: target as unknown as Window, listenerCount: (type: string) => counts.get(type) ?? 0 }
}
