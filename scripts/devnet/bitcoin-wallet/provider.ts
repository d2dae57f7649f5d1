/**
 * The Bitcoin dev wallet's provider: the sats-connect provider protocol (`request(method, params)` resolving to a
 * JSON-RPC envelope, `addListener({ eventName, cb })`) over the keys of keys.ts on regtest. Connecting, signing and
 * sending are confirmed by a prompt; transfers and broadcasts go to the local ledger's Esplora routes.
 */
import { base64 } from '@scure/base'
import * as btc from '@scure/btc-signer'
import type { PromptRequest } from '../dev-wallet/provider'
import { devBitcoinAccounts, regtest, type DevBitcoinAccount } from './keys'
import { buildTransfer, signBip322, signLegacy, signPsbtInputs, type Utxo } from './sign'

/** What the dev Bitcoin wallet is built with. */
export type BitcoinWalletConfig = {
  /** The local ledger's Esplora-style base URL (on 127.0.0.1). */
  esploraUrl: string
  /** The seed of its keys (default: the stack's). */
  seed?: string
}

/** What the provider needs from its surroundings (the page, or a test). */
export type BitcoinWalletDeps = {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  origin: string
  confirm(request: PromptRequest): Promise<boolean>
  fetch: typeof fetch
}

/** localStorage keys of the Bitcoin dev wallet (per origin, like an extension's per-site permissions). */
export const bitcoinStorageKeys = {
  /** JSON array of the purposes the site is authorised for; absent when not connected. */
  authorised: 'latch-dev-bitcoin:authorised',
  /** 'approve' or 'reject': answer prompts without showing them (automation). */
  auto: 'latch-dev-bitcoin:auto',
} as const

/** The wallet's name and its sats-connect provider id (its path on window). */
export const bitcoinWalletInfo = { name: 'Latch Dev Bitcoin', providerId: 'LatchDevBitcoin.BitcoinProvider' } as const

/** sats-connect's error codes. */
const codes = { rejected: -32000, unsupported: -32001, denied: -32002, notFound: -32601, invalid: -32602, internal: -32603 } as const

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

type Envelope = { jsonrpc: '2.0'; id: string; result: unknown } | { jsonrpc: '2.0'; id: string; error: { code: number; message: string } }
type EventName = 'accountChange' | 'networkChange' | 'disconnect'
type Listener = (event: { type: EventName }) => void

/** The provider object the dev wallet puts on window. */
export type DevBitcoinProvider = {
  request(method: string, params?: unknown): Promise<Envelope>
  addListener(info: { eventName: EventName; cb: Listener } | EventName, cb?: Listener): () => void
  readonly isLatchDevBitcoin: true
}

const network = { bitcoin: { name: 'Regtest' }, stacks: { name: 'testnet' }, spark: { name: 'regtest' } } as const
const methods = ['getInfo', 'wallet_connect', 'wallet_getAccount', 'wallet_getNetwork', 'wallet_changeNetwork', 'wallet_disconnect', 'wallet_renouncePermissions', 'getAddresses', 'getAccounts', 'signMessage', 'signPsbt', 'sendTransfer']

const satsOf = (value: bigint | number) => `${(Number(value) / 1e8).toFixed(8).replace(/\.?0+$/, '')} BTC`

/** Creates the provider over `config` and `deps`; `emit` fires its events. */
export function createDevBitcoinProvider(
  config: BitcoinWalletConfig,
  deps: BitcoinWalletDeps,
): { provider: DevBitcoinProvider; emit(event: EventName): void; listening(event: EventName): number; accounts: DevBitcoinAccount[] } {
  const accounts = devBitcoinAccounts(config.seed)
  const listeners = new Map<EventName, Set<Listener>>()
  const emit = (type: EventName) => listeners.get(type)?.forEach((listener) => listener({ type }))
  let nextId = 0

  const authorised = (): string[] => {
    try {
      const value = JSON.parse(deps.storage.getItem(bitcoinStorageKeys.authorised) ?? 'null') as unknown
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
    } catch {
      return []
    }
  }
  const visible = (purposes?: readonly string[]) =>
    accounts
      .filter((account) => authorised().includes(account.purpose) && (!purposes || purposes.includes(account.purpose)))
      .map(({ address, publicKey, purpose, addressType }) => ({ address, publicKey, purpose, addressType, walletType: 'software' as const }))
  const owned = (address: unknown) => {
    const account = accounts.find((a) => a.address === address && authorised().includes(a.purpose))
    if (!account) throw new RpcError(codes.denied, `the site is not authorised for ${String(address)}`)
    return account
  }
  const wantedPurposes = (value: unknown): string[] => {
    const purposes = Array.isArray(value) ? value.filter((p): p is string => p === 'payment' || p === 'ordinals') : ['payment', 'ordinals']
    if (purposes.length === 0) throw new RpcError(codes.invalid, 'ask for payment or ordinals addresses')
    return purposes
  }

  async function ask(request: Omit<PromptRequest, 'chain'>): Promise<void> {
    const auto = deps.storage.getItem(bitcoinStorageKeys.auto)
    const approved = auto === 'approve' ? true : auto === 'reject' ? false : await deps.confirm({ ...request, chain: 'Bitcoin Regtest' })
    if (!approved) throw new RpcError(codes.rejected, 'User rejected the request.')
  }

  async function connect(purposes: string[]): Promise<void> {
    const missing = purposes.filter((purpose) => !authorised().includes(purpose))
    if (missing.length === 0) return
    const shown = accounts.filter((account) => purposes.includes(account.purpose))
    await ask({ title: `Connect to ${deps.origin}?`, rows: shown.map((account) => [`${account.purpose} (${account.addressType})`, account.address] as const) })
    deps.storage.setItem(bitcoinStorageKeys.authorised, JSON.stringify([...new Set([...authorised(), ...purposes])]))
    emit('accountChange')
  }

  async function ledger(path: string, init?: RequestInit): Promise<Response> {
    let response: Response
    try {
      response = await deps.fetch(`${config.esploraUrl.replace(/\/+$/, '')}${path}`, init)
    } catch (error) {
      throw new RpcError(codes.internal, `the ledger at ${config.esploraUrl} is not reachable: ${String(error)}`)
    }
    if (!response.ok) throw new RpcError(codes.internal, `the ledger refused ${path}: ${await response.text()}`)
    return response
  }
  const broadcast = async (tx: btc.Transaction) => (await (await ledger('/tx', { method: 'POST', body: tx.hex })).text()).trim()

  async function handle(method: string, params: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case 'getInfo':
        return { version: '1.0.0', platform: 'web', methods, supports: [] }
      case 'wallet_connect': {
        if (params.network !== undefined && params.network !== 'Regtest') throw new RpcError(codes.invalid, `the dev wallet runs on Regtest only, not ${String(params.network)}`)
        const purposes = wantedPurposes(params.addresses)
        await connect(purposes)
        return { id: 'latch-dev-bitcoin', addresses: visible(purposes), walletType: 'software', network }
      }
      case 'getAddresses':
      case 'getAccounts': {
        const purposes = wantedPurposes(params.purposes)
        await connect(purposes)
        return method === 'getAccounts' ? visible(purposes) : { addresses: visible(purposes), network }
      }
      case 'wallet_getAccount':
        if (authorised().length === 0) throw new RpcError(codes.denied, 'the site is not connected')
        return { id: 'latch-dev-bitcoin', addresses: visible(), walletType: 'software', network }
      case 'wallet_getNetwork':
        return network
      case 'wallet_changeNetwork':
        if (params.name !== 'Regtest') throw new RpcError(codes.invalid, `the dev wallet runs on Regtest only, not ${String(params.name)}`)
        return null
      case 'wallet_disconnect':
      case 'wallet_renouncePermissions':
        if (authorised().length > 0) {
          deps.storage.removeItem(bitcoinStorageKeys.authorised)
          emit('disconnect')
        }
        return null
      case 'signMessage': {
        const account = owned(params.address)
        if (typeof params.message !== 'string') throw new RpcError(codes.invalid, 'signMessage needs a message')
        // BIP-322 simple is defined for segwit and taproot; a P2PKH address signs in the legacy form.
        const protocol = account.addressType === 'p2pkh' ? 'ECDSA' : 'BIP322'
        await ask({ title: 'Sign this message?', rows: [['Account', account.address], ['Protocol', protocol === 'ECDSA' ? 'legacy (ECDSA)' : 'BIP-322']], details: params.message })
        const signature = protocol === 'ECDSA' ? signLegacy(account, params.message) : signBip322(account, params.message)
        return { signature, messageHash: '', address: account.address, protocol }
      }
      case 'signPsbt': {
        if (typeof params.psbt !== 'string') throw new RpcError(codes.invalid, 'signPsbt needs a psbt')
        const signInputs = (params.signInputs ?? {}) as Record<string, number[]>
        for (const address of Object.keys(signInputs)) owned(address)
        const psbt = base64.decode(params.psbt)
        const preview = btc.Transaction.fromPSBT(psbt, { allowUnknownOutputs: true })
        const outputs = [...Array(preview.outputsLength).keys()].map((i) => {
          const output = preview.getOutput(i)
          let to = 'unknown script'
          try {
            to = btc.Address(regtest).encode(btc.OutScript.decode(output.script!))
          } catch {
            // an OP_RETURN or another script without an address
          }
          return `${i + 1}. ${satsOf(output.amount ?? 0n)} to ${to}`
        })
        const toSign = Object.entries(signInputs).map(([address, indexes]) => `inputs ${indexes.join(', ')} with ${address}`)
        await ask({ title: params.broadcast ? 'Sign and broadcast this transaction?' : 'Sign this transaction?', rows: [['Inputs', String(preview.inputsLength)], ['Outputs', String(preview.outputsLength)]], details: [...toSign, ...outputs].join('\n') })
        const tx = signPsbtInputs(psbt, signInputs, accounts)
        if (!params.broadcast) return { psbt: base64.encode(tx.toPSBT()) }
        tx.finalize()
        const txid = await broadcast(tx)
        return { psbt: base64.encode(tx.toPSBT()), txid }
      }
      case 'sendTransfer': {
        const recipients = Array.isArray(params.recipients) ? (params.recipients as { address: unknown; amount: unknown }[]) : []
        if (recipients.length === 0 || recipients.some((r) => typeof r.address !== 'string' || !Number.isSafeInteger(r.amount) || (r.amount as number) <= 0)) {
          throw new RpcError(codes.invalid, 'sendTransfer needs recipients with an address and a whole positive amount of satoshis')
        }
        const from = accounts.find((account) => account.addressType === 'p2wpkh')!
        owned(from.address)
        await ask({ title: 'Send bitcoin?', rows: [['From', from.address], ...recipients.map((r) => [satsOf(r.amount as number), r.address as string] as const)] })
        const utxos = (await (await ledger(`/address/${from.address}/utxo`)).json()) as Utxo[]
        let tx: btc.Transaction
        try {
          tx = buildTransfer(from, utxos, recipients as { address: string; amount: number }[], regtest as never)
        } catch (error) {
          throw new RpcError(codes.internal, error instanceof Error ? error.message : String(error))
        }
        return { txid: await broadcast(tx) }
      }
      default:
        throw new RpcError(codes.notFound, `the dev wallet has no method ${method}`)
    }
  }

  const provider: DevBitcoinProvider = {
    isLatchDevBitcoin: true,
    async request(method, params) {
      const id = `latch-dev-bitcoin-${++nextId}`
      try {
        if (typeof method !== 'string') throw new RpcError(codes.invalid, 'request(method, params) needs a method name')
        const record = typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {}
        return { jsonrpc: '2.0', id, result: await handle(method, record) }
      } catch (error) {
        const code = error instanceof RpcError ? error.code : codes.internal
        return { jsonrpc: '2.0', id, error: { code, message: error instanceof Error ? error.message : String(error) } }
      }
    },
    addListener(info, cb) {
      const eventName = typeof info === 'string' ? info : info.eventName
      const listener = typeof info === 'string' ? cb : info.cb
      if (!listener) return () => {}
      const set = listeners.get(eventName) ?? new Set()
      listeners.set(eventName, set.add(listener))
      return () => void set.delete(listener)
    },
  }
  return { provider, emit, listening: (event) => listeners.get(event)?.size ?? 0, accounts }
}

