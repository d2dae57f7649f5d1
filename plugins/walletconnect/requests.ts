import { merge, type Observable } from 'rxjs'
import {
  answerIntent,
  LatchError,
  networkSwitched,
  networkSwitchFailed,
  networkSwitchRequested,
  networkSwitchSucceeded,
  selectAddress,
  walletRpcFailed,
  walletRpcRequested,
  walletRpcSucceeded,
  walletSendTransactionFailed,
  walletSendTransactionRequested,
  walletSendTransactionSucceeded,
  walletSignMessageFailed,
  walletSignMessageRequested,
  walletSignMessageSucceeded,
  type ChainNamespace,
  type LatchEvent,
  type Logged,
} from '../../kernel/index'
import { encodeBase58 } from '../../kernel/rules/base58'
import { toBase64 } from '../../kernel/rules/base64'
import { toSessionError } from './errors'
import { remoteWallets, type RemoteWallet } from '../../kernel/family/index'
import type { Holder } from './holder'
import { walletConnectConnectorId } from './pairing'

/**
 * Answers the Solana and Bitcoin wallet requests through the session while their families do not yet answer through
 * the wallet WalletConnect hands them (docs/walletconnect.md, "Requests"): the family-agnostic sign and send intents,
 * any allowed RPC method, network switches. Only intents of a family connected through WalletConnect are its own.
 */
export function answerRequests(events$: Observable<Logged>, holder: Holder, ns: ChainNamespace): Observable<LatchEvent> {
  const wallet = (): RemoteWallet => {
    const found = remoteWallets(holder.ctx).get(ns, walletConnectConnectorId)
    if (!found) throw new LatchError('UNKNOWN', { message: 'NOT_CONNECTED', details: `no WalletConnect session carries ${ns}` })
    return found
  }
  const send = (method: string, params: unknown) => wallet().request(method, params)
  const toError = (error: unknown) => toSessionError(error)
  const owns = () => holder.ctx.getState().chains[ns].connectorId === walletConnectConnectorId

  const rpc = answerIntent(events$, { intent: walletRpcRequested, succeeded: walletRpcSucceeded, failed: walletRpcFailed, ns, toError, owns }, async (intent) => {
    if (ns === 'bip122' && intent.payload.method === 'signMessage') {
      // Latch's Bitcoin verb ({ message, address?, protocol? } → { signature, address, protocol }) in WalletConnect's shape.
      const params = (intent.payload.params ?? {}) as { message?: unknown; address?: unknown; protocol?: unknown }
      const address = typeof params.address === 'string' ? params.address : (selectAddress(holder.ctx.getState(), ns) ?? '')
      const protocol = params.protocol === 'ECDSA' || params.protocol === 'BIP322' ? params.protocol : undefined
      const call = bitcoinSignMessage(String(params.message ?? ''), address, protocol)
      return { result: call.shape(call.read(await send(call.method, call.params))) as never }
    }
    const result = await send(intent.payload.method, intent.payload.params)
    return { result: toJson(result, intent.payload.method) }
  })

  const sign = answerIntent(events$, { intent: walletSignMessageRequested, succeeded: walletSignMessageSucceeded, failed: walletSignMessageFailed, ns, toError, owns }, async (intent) => {
    const address = selectAddress(holder.ctx.getState(), ns) ?? ''
    const { method, params, read } = signMessageCall(ns, intent.payload.message, address)
    return { signature: read(await send(method, params)) }
  })

  const sendTransaction = answerIntent(
    events$,
    { intent: walletSendTransactionRequested, succeeded: walletSendTransactionSucceeded, failed: walletSendTransactionFailed, ns, toError, owns },
    async (intent) => {
      const address = selectAddress(holder.ctx.getState(), ns) ?? ''
      const { to, value, data } = intent.payload
      if (ns === 'bip122') {
        if (data !== undefined && data !== '0x') throw new LatchError('INVALID_PARAMS', { details: 'a Bitcoin transfer carries no data' })
        const answer = await send('sendTransfer', { account: address, recipientAddress: to, amount: value })
        return { hash: readString(readField(answer, 'txid'), /^[0-9a-fA-F]{64}$/, 'sendTransfer') }
      }
      throw new LatchError('INVALID_PARAMS', { details: `a ${ns} transfer through WalletConnect needs a signed transaction: use the family's signAndSendTransaction` })
    },
  )

  const switchNetwork = answerIntent(events$, { intent: networkSwitchRequested, succeeded: networkSwitchSucceeded, failed: networkSwitchFailed, ns, toError, owns }, async (intent, emit) => {
    const target = intent.payload.caipNetworkId
    await wallet().switchChain(target)
    emit(networkSwitched({ caipNetworkId: target }, { ns }))
    return { caipNetworkId: target }
  })

  return merge(rpc, sign, sendTransaction, switchNetwork) as Observable<LatchEvent>
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
  return bitcoinSignMessage(message, address)
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
