import { filter, merge, Observable } from 'rxjs'
import * as z from 'zod/mini'
import {
  answerIntent,
  isUnsafeMethod,
  LatchError,
  networkSwitched,
  networkSwitchFailed,
  networkSwitchRequested,
  networkSwitchSucceeded,
  notMine,
  parseCaipAddress,
  selectAddress,
  walletCancelRequested,
  walletRpcFailed,
  walletRpcRequested,
  walletRpcSucceeded,
  walletSendTransactionFailed,
  walletSendTransactionRequested,
  walletSendTransactionSucceeded,
  walletSignMessageFailed,
  walletSignMessageRequested,
  walletSignMessageSucceeded,
  type CaipNetworkId,
  type ChainNamespace,
  type LatchEvent,
  type Logged,
} from '../../kernel/index'
import { encodeBase58 } from '../../kernel/rules/base58'
import { toBase64 } from '../../kernel/rules/base64'
import { toSessionError } from './errors'
import type { Holder } from './holder'
import { accountOnSwitch } from './holder'
import { planChainSwitch, type SessionFamily } from './rules'

/** A request in flight through the session; an unsafe one is aborted when the visitor cancels (docs/behaviour.md, "Wallet requests"). */
type InFlight = { unsafe: boolean; abort(error: LatchError): void }

/**
 * Answers a family's wallet requests through the session (docs/walletconnect.md, "Requests"): the family-agnostic
 * sign and send intents, any allowed RPC method, network switches, and EVM capabilities. Intents of a family not
 * connected through WalletConnect are left to its own plugin.
 */
export function answerRequests(events$: Observable<Logged>, holder: Holder, ns: ChainNamespace): Observable<LatchEvent> {
  const inFlight = new Set<InFlight>()

  /** Sends one request on the session, on the family's current network; refused before the wallet when not approved. */
  const send = async (family: SessionFamily, method: string, params: unknown): Promise<unknown> => {
    if (!family.methods.includes(method)) {
      throw new LatchError('RPC_NOT_ALLOWED', { details: `Requested RPC call is not allowed: the wallet did not approve ${method} for ${ns}` })
    }
    const session = holder.session
    if (!session) throw new LatchError('UNKNOWN', { message: 'NOT_CONNECTED', details: `no WalletConnect session carries ${ns}` })
    const client = await holder.client()
    const chainId = currentChain(holder, family)
    const entry = {} as InFlight
    const abort = new Promise<never>((_, reject) => {
      entry.unsafe = isUnsafeMethod(method)
      entry.abort = reject
    })
    inFlight.add(entry)
    try {
      return await Promise.race([client.request({ topic: session.topic, chainId, request: { method, params } }), abort])
    } finally {
      inFlight.delete(entry)
    }
  }

  const mine = () => {
    const family = holder.own(ns)
    return family === notMine ? undefined : family
  }
  const toError = (error: unknown) => toSessionError(error)

  const rpc = answerIntent(events$, { intent: walletRpcRequested, succeeded: walletRpcSucceeded, failed: walletRpcFailed, ns, toError }, async (intent) => {
    const family = mine()
    if (!family) return notMine
    if (ns === 'bip122' && intent.payload.method === 'signMessage') {
      // Latch's Bitcoin verb ({ message, address?, protocol? } → { signature, address, protocol }) in WalletConnect's shape.
      const params = (intent.payload.params ?? {}) as { message?: unknown; address?: unknown; protocol?: unknown }
      const address = typeof params.address === 'string' ? params.address : (selectAddress(holder.ctx.getState(), ns) ?? '')
      const protocol = params.protocol === 'ECDSA' || params.protocol === 'BIP322' ? params.protocol : undefined
      const call = bitcoinSignMessage(String(params.message ?? ''), address, protocol)
      return { result: call.shape(call.read(await send(family, call.method, call.params))) as never }
    }
    const result = await send(family, intent.payload.method, intent.payload.params)
    return { result: toJson(result, intent.payload.method) }
  })

  const sign = answerIntent(events$, { intent: walletSignMessageRequested, succeeded: walletSignMessageSucceeded, failed: walletSignMessageFailed, ns, toError }, async (intent) => {
    const family = mine()
    if (!family) return notMine
    const address = selectAddress(holder.ctx.getState(), ns) ?? ''
    const { method, params, read } = signMessageCall(ns, intent.payload.message, address)
    return { signature: read(await send(family, method, params)) }
  })

  const sendTransaction = answerIntent(
    events$,
    { intent: walletSendTransactionRequested, succeeded: walletSendTransactionSucceeded, failed: walletSendTransactionFailed, ns, toError },
    async (intent) => {
      const family = mine()
      if (!family) return notMine
      const address = selectAddress(holder.ctx.getState(), ns) ?? ''
      const { to, value, data } = intent.payload
      if (ns === 'eip155') {
        const tx = { from: address, to, value: `0x${BigInt(value).toString(16)}`, ...(data ? { data } : {}) }
        return { hash: readString(await send(family, 'eth_sendTransaction', [tx]), /^0x[0-9a-fA-F]{64}$/, 'eth_sendTransaction') }
      }
      if (ns === 'bip122') {
        if (data !== undefined && data !== '0x') throw new LatchError('INVALID_PARAMS', { details: 'a Bitcoin transfer carries no data' })
        const answer = await send(family, 'sendTransfer', { account: address, recipientAddress: to, amount: value })
        return { hash: readString(readField(answer, 'txid'), /^[0-9a-fA-F]{64}$/, 'sendTransfer') }
      }
      throw new LatchError('INVALID_PARAMS', { details: `a ${ns} transfer through WalletConnect needs a signed transaction: use the family's signAndSendTransaction` })
    },
  )

  const switchNetwork = answerIntent(events$, { intent: networkSwitchRequested, succeeded: networkSwitchSucceeded, failed: networkSwitchFailed, ns, toError }, async (intent, emit) => {
    const family = mine()
    if (!family) return notMine
    const target = intent.payload.caipNetworkId
    const plan = planChainSwitch({ approvedChains: family.chains, target, methods: family.methods })
    if (plan === 'fail') throw new LatchError('SWITCH_CHAIN_FAILED', { details: `${target} is not approved by the session and the wallet has no switch method` })
    if (plan === 'ask') await send(family, 'wallet_switchEthereumChain', [{ chainId: `0x${Number(target.split(':')[1]).toString(16)}` }])
    if (!family.chains.includes(target)) family.chains.push(target)
    emit(networkSwitched({ caipNetworkId: target }, { ns }))
    // The session may hold another account on that chain: that one becomes the family's (docs/walletconnect.md, "Sessions").
    for (const event of accountOnSwitch(holder, family, target)) emit(event)
    return { caipNetworkId: target }
  })

  const cancels = events$.pipe(
    filter((event) => {
      if (walletCancelRequested.match(event) && event.ns === ns) {
        for (const entry of inFlight) if (entry.unsafe) entry.abort(new LatchError('REQUEST_ABORTED', { details: 'the visitor cancelled' }))
      }
      return false
    }),
  )

  return merge(rpc, sign, sendTransaction, switchNetwork, cancels, ns === 'eip155' ? answerCapabilities(events$, holder, send) : []) as Observable<LatchEvent>
}

/** The session's chain the family's requests go to: its current network when approved, else the account's chain. */
function currentChain(holder: Holder, family: SessionFamily): CaipNetworkId {
  const state = holder.ctx.getState()
  const current = state.chains[family.ns].network.caipNetwork?.caipNetworkId
  if (current && family.chains.includes(current)) return current
  const caip = state.chains[family.ns].account.caipAddress
  if (caip) {
    const { namespace, reference } = parseCaipAddress(caip)
    return `${namespace}:${reference}` as CaipNetworkId
  }
  return family.chains[0] as CaipNetworkId
}

/** The family's message-signing call and how to read its signature (docs/walletconnect.md, "Requests"). */
function signMessageCall(ns: ChainNamespace, message: string, address: string): { method: string; params: unknown; read(answer: unknown): string } {
  if (ns === 'solana') {
    return {
      method: 'solana_signMessage',
      params: { message: encodeBase58(new TextEncoder().encode(message)), pubkey: address },
      read: (answer) => readString(readField(answer, 'signature'), /^[1-9A-HJ-NP-Za-km-z]{64,90}$/, 'solana_signMessage'),
    }
  }
  if (ns === 'bip122') return bitcoinSignMessage(message, address)
  const hex = `0x${[...new TextEncoder().encode(message)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
  return { method: 'personal_sign', params: [hex, address], read: (answer) => readString(answer, /^0x[0-9a-fA-F]{130,}$/, 'personal_sign') }
}

/**
 * A Bitcoin `signMessage` through the session (docs/walletconnect.md, "Requests"): BIP-322 for segwit and taproot
 * addresses and the legacy form for P2PKH ones unless `protocol` says, as Latch's Bitcoin verbs do; WalletConnect's
 * Bitcoin methods take the protocol in lower case and answer the signature in hex (some wallets answer base64).
 */
function bitcoinSignMessage(message: string, address: string, protocol?: 'ECDSA' | 'BIP322') {
  const chosen = protocol ?? (/^[1mn]/.test(address) ? 'ECDSA' : 'BIP322')
  return {
    method: 'signMessage',
    params: { account: address, address, message, protocol: chosen.toLowerCase() },
    read: (answer: unknown) => toBase64Signature(readString(readField(answer, 'signature'), /^([0-9a-fA-F]{2}){40,1000}$|^[A-Za-z0-9+/=]{40,2000}$/, 'signMessage')),
    shape: (signature: string) => ({ signature, address, protocol: chosen }),
  }
}

/** `eip155/capabilitiesRequested` (the eip155 plugin's verb) answered through the session: `{}` when the wallet has none to give. */
function answerCapabilities(events$: Observable<Logged>, holder: Holder, send: (family: SessionFamily, method: string, params: unknown) => Promise<unknown>): Observable<LatchEvent> {
  return events$.pipe(
    filter((event) => event.type === 'eip155/capabilitiesRequested' && event.ns === 'eip155' && holder.familyOf('eip155') !== undefined),
    (source) =>
      new Observable<LatchEvent>((subscriber) =>
        source.subscribe((event) => {
          const family = holder.familyOf('eip155') as SessionFamily
          const address = readString(readField(event.payload, 'address') ?? selectAddress(holder.ctx.getState(), 'eip155'), /^0x[0-9a-fA-F]{40}$/, 'address')
          const reply = event.requestId === undefined ? { ns: 'eip155' as const } : { ns: 'eip155' as const, requestId: event.requestId }
          const answer = family.methods.includes('wallet_getCapabilities') ? send(family, 'wallet_getCapabilities', [address]) : Promise.resolve({})
          answer
            .catch(() => ({}))
            .then((capabilities) => {
              const parsed = z.safeParse(z.record(z.string(), z.record(z.string(), z.json())), capabilities)
              subscriber.next({ type: 'eip155/capabilitiesSucceeded', ...reply, payload: { address, capabilities: parsed.success ? parsed.data : {} } } as never)
            })
        }),
      ),
  )
}

function readField(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined
}

function readString(value: unknown, pattern: RegExp, method: string): string {
  if (typeof value !== 'string' || !pattern.test(value)) throw new LatchError('INVALID_RESPONSE', { details: `${method}: the wallet answered ${JSON.stringify(value)?.slice(0, 80) ?? String(value)}` })
  return value
}

/** The wallet's answer as JSON (junk that is not JSON, such as a function or a cycle, is `INVALID_RESPONSE`). */
function toJson(value: unknown, method: string): never {
  try {
    return JSON.parse(JSON.stringify(value ?? null)) as never
  } catch {
    throw new LatchError('INVALID_RESPONSE', { details: `${method}: the wallet answered something that is not JSON` })
  }
}

/** A Bitcoin message signature as Latch's Bitcoin verbs give it: base64 (hex, as WalletConnect's spec answers, converted). */
function toBase64Signature(signature: string): string {
  // A base64 signature (65 bytes or a BIP-322 witness) all of hex digits is vanishingly unlikely: hex is read as hex.
  if (!/^([0-9a-fA-F]{2})+$/.test(signature)) return signature
  return toBase64(new Uint8Array(signature.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? []))
}
