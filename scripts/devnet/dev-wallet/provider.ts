/**
 * The dev wallet's EIP-1193 provider: accounts and wallet_* methods answered here, connecting, chain switches and
 * additions, signing and sending confirmed by a prompt, the latter then forwarded to the current chain's anvil RPC (whose
 * dev accounts are unlocked), EIP-5792 batches run by calls.ts, everything else forwarded as is.
 */
import { createCallsExecutor, readSendCalls } from './calls'
import { storageKeys, type DevWalletChain, type DevWalletConfig } from './config'
import { formatEther, readableMessage } from './format'

/** What a prompt shows: a title line, label/value rows, optional detail text (a message, typed data, calldata) and the current chain's name. */
export type PromptRequest = { title: string; rows?: readonly (readonly [string, string])[]; details?: string; chain: string }

/** What the provider needs from its surroundings (the page, or a test). */
export type ProviderDeps = {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  origin: string
  /** Shows a prompt; resolves true on Approve. Prompts are shown one at a time by the caller. */
  confirm(request: PromptRequest): Promise<boolean>
  fetch: typeof fetch
}

/** An EIP-1193 error: a code and a message (and optional data). */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

type Listener = (...args: unknown[]) => void
type RequestArguments = { method: string; params?: readonly unknown[] | object }

/** The EIP-1193 provider object the dev wallet exposes. */
export type DevWalletProvider = {
  request(args: RequestArguments): Promise<unknown>
  on(event: string, listener: Listener): DevWalletProvider
  addListener(event: string, listener: Listener): DevWalletProvider
  removeListener(event: string, listener: Listener): DevWalletProvider
  off(event: string, listener: Listener): DevWalletProvider
  readonly isLatchDevWallet: true
}

const signing = new Set(['personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'])
const rejected = () => new ProviderRpcError(4001, 'User rejected the request.')
const unauthorised = () => new ProviderRpcError(4100, 'The requested account and/or method has not been authorized by the user.')
const invalid = (message: string) => new ProviderRpcError(-32602, message)
const hex = (chainId: number) => `0x${chainId.toString(16)}`

/** Creates the dev wallet's provider over the given chains, accounts and surroundings; `emit` fires its events. */
export function createDevWalletProvider(config: DevWalletConfig, deps: ProviderDeps): { provider: DevWalletProvider; emit(event: string, value: unknown): void } {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, value: unknown) => listeners.get(event)?.forEach((listener) => listener(value))
  const readJson = <T>(key: string, fallback: T): T => {
    try {
      return (JSON.parse(deps.storage.getItem(key) ?? 'null') as T) ?? fallback
    } catch {
      return fallback
    }
  }
  const chains = (): DevWalletChain[] => [...config.chains, ...readJson<DevWalletChain[]>(storageKeys.addedChains, [])]
  const current = (): DevWalletChain => {
    const stored = Number(deps.storage.getItem(storageKeys.chain))
    return chains().find((chain) => chain.chainId === stored) ?? config.chains[0]!
  }
  const accounts = (): string[] => readJson<string[]>(storageKeys.authorised, [])
  const calls = createCallsExecutor()
  const owns = (address: unknown) => typeof address === 'string' && accounts().some((a) => a.toLowerCase() === address.toLowerCase())

  async function ask(request: Omit<PromptRequest, 'chain'>): Promise<void> {
    const auto = deps.storage.getItem(storageKeys.auto)
    const approved = auto === 'approve' ? true : auto === 'reject' ? false : await deps.confirm({ ...request, chain: current().name })
    if (!approved) throw rejected()
  }

  async function rpc(chain: DevWalletChain, method: string, params: unknown): Promise<unknown> {
    let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    try {
      const response = await deps.fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: Date.now(), method, params: params ?? [] }),
      })
      body = (await response.json()) as typeof body
    } catch (error) {
      throw new ProviderRpcError(4901, `${chain.name} (${chain.rpcUrl}) is not reachable: ${String(error)}`)
    }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  function switchTo(chain: DevWalletChain): void {
    if (chain.chainId === current().chainId) return
    deps.storage.setItem(storageKeys.chain, String(chain.chainId))
    emit('chainChanged', hex(chain.chainId))
  }

  /** A switch the dapp asked for: a prompt first (Reject answers 4001), as a wallet asks; none when already there. */
  async function askSwitch(chain: DevWalletChain): Promise<null> {
    if (chain.chainId === current().chainId) return null
    await ask({ title: `Switch to ${chain.name}?`, rows: [['From', current().name], ['To', chain.name], ['Chain ID', String(chain.chainId)]] })
    switchTo(chain)
    return null
  }

  async function connect(): Promise<string[]> {
    if (accounts().length > 0) return accounts()
    await ask({ title: `Connect to ${deps.origin}?`, rows: [...config.accounts.map((a) => ['Account', a] as const), ['Network', current().name]] })
    deps.storage.setItem(storageKeys.authorised, JSON.stringify(config.accounts))
    emit('accountsChanged', [...config.accounts])
    return [...config.accounts]
  }

  async function sign(method: string, params: unknown[]): Promise<unknown> {
    if (accounts().length === 0) throw unauthorised()
    const chain = current()
    if (method === 'eth_sendTransaction') {
      const tx = (params[0] ?? {}) as Record<string, unknown>
      if (!owns(tx.from)) throw unauthorised()
      if (tx.chainId !== undefined && Number(tx.chainId) !== chain.chainId) throw invalid(`chainId ${String(tx.chainId)} is not the current chain ${chain.chainId}`)
      const rows = [['From', String(tx.from)], ['To', String(tx.to ?? 'new contract')], ['Value', formatEther(tx.value ?? '0x0')]] as const
      const data = typeof tx.data === 'string' && tx.data !== '0x' ? tx.data : typeof tx.input === 'string' && tx.input !== '0x' ? tx.input : undefined
      await ask({ title: `Send a transaction on ${chain.name}?`, rows, ...(data ? { details: `Data: ${data}` } : {}) })
      return rpc(chain, method, params)
    }
    if (method === 'eth_signTypedData_v4') {
      if (!owns(params[0])) throw unauthorised()
      const data = typeof params[1] === 'string' ? (JSON.parse(params[1]) as unknown) : params[1]
      await ask({ title: 'Sign typed data?', rows: [['Account', String(params[0])]], details: JSON.stringify(data, null, 2) })
      return rpc(chain, method, [params[0], data])
    }
    // personal_sign [message, address]; eth_sign [address, message]
    const [message, address] = method === 'personal_sign' ? [params[0], params[1]] : [params[1], params[0]]
    if (!owns(address)) throw unauthorised()
    await ask({ title: 'Sign this message?', rows: [['Account', String(address)]], details: readableMessage(message) })
    return rpc(chain, method, params)
  }

  async function sendCalls(params: unknown): Promise<{ id: string }> {
    if (accounts().length === 0) throw unauthorised()
    const chain = current()
    const batch = readSendCalls(params, chain.chainId, owns)
    const from = batch.from ?? accounts()[0]!
    const details = batch.calls
      .map((call, i) => `${i + 1}. To ${call.to}\n   Value ${formatEther(call.value ?? '0x0')}${call.data && call.data !== '0x' ? `\n   Data ${call.data}` : ''}`)
      .join('\n')
    await ask({ title: `Send ${batch.calls.length} calls on ${chain.name}?`, rows: [['From', from], ['Calls', `${batch.calls.length}, in order, all or none`]], details })
    return calls.send((method, list) => rpc(chain, method, list), chain.chainId, from, batch)
  }

  async function addChain(param: Record<string, unknown> | undefined): Promise<null> {
    const chainId = Number(param?.chainId)
    const rpcUrl = Array.isArray(param?.rpcUrls) ? String(param.rpcUrls[0]) : ''
    if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalid('wallet_addEthereumChain needs a chainId')
    const known = chains().find((chain) => chain.chainId === chainId)
    if (known) return askSwitch(known)
    let host = ''
    try {
      host = new URL(rpcUrl).hostname
    } catch {
      // reported below
    }
    if (host !== '127.0.0.1') throw invalid(`The dev wallet only adds chains whose RPC URL is on 127.0.0.1 (got ${JSON.stringify(rpcUrl)})`)
    const name = typeof param?.chainName === 'string' && param.chainName ? param.chainName : `Chain ${chainId}`
    await ask({ title: `Add the network ${name}?`, rows: [['Chain ID', String(chainId)], ['RPC URL', rpcUrl]] })
    const added: DevWalletChain = { chainId, rpcUrl, name }
    deps.storage.setItem(storageKeys.addedChains, JSON.stringify([...readJson<DevWalletChain[]>(storageKeys.addedChains, []), added]))
    switchTo(added)
    return null
  }

  async function request({ method, params }: RequestArguments): Promise<unknown> {
    const list = (Array.isArray(params) ? params : params === undefined ? [] : [params]) as unknown[]
    switch (method) {
      case 'eth_requestAccounts':
        return connect()
      case 'eth_accounts':
        return accounts()
      case 'eth_chainId':
        return hex(current().chainId)
      case 'net_version':
        return String(current().chainId)
      case 'wallet_switchEthereumChain': {
        const wanted = Number((list[0] as { chainId?: unknown } | undefined)?.chainId)
        const chain = chains().find((c) => c.chainId === wanted)
        if (!chain) throw new ProviderRpcError(4902, `Unrecognized chain ID ${String((list[0] as { chainId?: unknown } | undefined)?.chainId)}. Try adding the chain using wallet_addEthereumChain first.`)
        return askSwitch(chain)
      }
      case 'wallet_addEthereumChain':
        return addChain(list[0] as Record<string, unknown> | undefined)
      case 'wallet_getCapabilities': {
        const wanted = Array.isArray(list[1]) ? (list[1] as unknown[]).map(Number) : undefined
        // EIP-5792: batches run atomically on every chain (calls.ts).
        return Object.fromEntries(chains().filter((c) => !wanted || wanted.includes(c.chainId)).map((c) => [hex(c.chainId), { atomic: { status: 'supported' } }]))
      }
      case 'wallet_sendCalls':
        return sendCalls(params)
      case 'wallet_getCallsStatus':
        return calls.status(params)
      case 'wallet_requestPermissions':
        await connect()
        return [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: accounts() }] }]
      case 'wallet_getPermissions':
        return accounts().length ? [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: accounts() }] }] : []
      case 'wallet_revokePermissions':
        if (accounts().length > 0) {
          deps.storage.removeItem(storageKeys.authorised)
          emit('accountsChanged', [])
        }
        return null
      default:
        return signing.has(method) ? sign(method, list) : rpc(current(), method, params)
    }
  }

  const provider: DevWalletProvider = {
    isLatchDevWallet: true,
    request: (args) => {
      if (!args || typeof args.method !== 'string') return Promise.reject(invalid('request expects { method, params? }'))
      return request(args)
    },
    on: (event, listener) => (listeners.set(event, (listeners.get(event) ?? new Set()).add(listener)), provider),
    addListener: (event, listener) => provider.on(event, listener),
    removeListener: (event, listener) => (listeners.get(event)?.delete(listener), provider),
    off: (event, listener) => provider.removeListener(event, listener),
  }
  return { provider, emit }
}
