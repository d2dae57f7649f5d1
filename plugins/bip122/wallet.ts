/**
 * The part of the bip122 plugin loaded on first use of a Bitcoin wallet (docs/bitcoin.md, "What it costs"): the
 * wallet adapters, and every check of what a dapp asks and what a wallet answers (docs/bitcoin.md, "Requests").
 */
import * as z from 'zod/mini'
import { describeIssues, LatchError, type CaipNetworkId, type ConnectionAccount } from '../../kernel/index'
import { sameAddress } from '../../kernel/rules/connections'
import { decodeAddress, type AddressType } from './address'
import { fromBase64, isSignatureShape } from './encoding'
import { addressParamsOf, knownBitcoinNetworks } from './shared'
import { hex, parsePsbt, transactionDifference, type Psbt } from './psbt'
import type { ConnectorEntry } from './registry'
import type { WalletRequests } from './requests'
import { satsWallet } from './sats-wallet'
import { standardWallet } from './standard-wallet'
import type { BitcoinAccount, Purpose, RawAccounts, RawWallet } from './wallet-types'

export { toBitcoinWalletError, isNotSupported } from './errors'
export { fetchBalance, type BalanceSource } from './balance-source'

/** Most satoshis one amount may carry: every bitcoin there will ever be. */
export const maxSatoshis = 21_000_000 * 100_000_000
/** Most accounts read from one wallet answer (docs/limits.md, "Wallets on the page"). */
export const maxWalletAccounts = 20

const wallets = new WeakMap<ConnectorEntry, Promise<RawWallet>>()

/** The wallet behind a discovered entry (one per entry: sats-connect is loaded once). */
export function openWallet(entry: ConnectorEntry, win: Window | undefined): Promise<RawWallet> {
  if (entry.source.kind === 'remote') return Promise.resolve(entry.source.wallet)
  let wallet = wallets.get(entry)
  if (!wallet) {
    wallet = entry.source.kind === 'sats' ? satsWallet(entry.source.providerId, win) : Promise.resolve(standardWallet(entry.source.wallet))
    wallets.set(entry, wallet)
    wallet.catch(() => wallets.delete(entry))
  }
  return wallet
}

const rawAccountSchema = z.looseObject({
  address: z.string().check(z.minLength(1), z.maxLength(100)),
  publicKey: z.optional(z.string().check(z.regex(/^([0-9a-fA-F]{2}){32,33}$/, 'a public key: 32 or 33 bytes of hex'))),
  purpose: z.string().check(z.maxLength(40)),
  addressType: z.optional(z.string().check(z.maxLength(40))),
})

/**
 * A wallet's accounts, checked (docs/bitcoin.md, "Accounts"): payment and ordinals accounts only (others are
 * ignored), each address valid on the network the wallet is on (the one it names, else the one its first address
 * belongs to, `preferred` first) and of the type it claims. Throws `INVALID_ADDRESS` for junk addresses and
 * `INVALID_RESPONSE` for an answer without a payment account.
 */
export function readAccounts(raw: RawAccounts, preferred: CaipNetworkId | undefined, purposes?: readonly Purpose[]): { accounts: BitcoinAccount[]; caipNetworkId: CaipNetworkId } {
  const list = Array.isArray(raw.addresses) ? raw.addresses.slice(0, maxWalletAccounts) : raw.addresses
  const parsed = z.safeParse(z.array(rawAccountSchema), list)
  if (!parsed.success) throw new LatchError('INVALID_ADDRESS', { details: `the wallet answered accounts Latch cannot read: ${describeIssues(parsed.error.issues)}` })
  const wanted = parsed.data.filter((account) => (account.purpose === 'payment' || account.purpose === 'ordinals') && (!purposes || purposes.includes(account.purpose)))
  const caipNetworkId = raw.caipNetworkId ?? networkOfAddress(wanted[0]?.address, preferred)
  if (!caipNetworkId) throw new LatchError('INVALID_ADDRESS', { details: `the wallet answered an address of no Bitcoin network: ${JSON.stringify(wanted[0]?.address ?? null)}` })
  const params = addressParamsOf(caipNetworkId)
  const accounts: BitcoinAccount[] = []
  for (const account of wanted) {
    const decoded = decodeAddress(account.address, params)
    if (!decoded) throw new LatchError('INVALID_ADDRESS', { details: `the wallet answered ${JSON.stringify(account.address)}, not an address of ${caipNetworkId}` })
    if (account.addressType !== undefined && account.addressType !== decoded.type) {
      throw new LatchError('INVALID_ADDRESS', { details: `the wallet says ${account.address} is ${account.addressType}, but it is ${decoded.type}` })
    }
    if (accounts.some((known) => sameAddress(known.address, account.address))) continue
    accounts.push({ address: account.address, ...(account.publicKey ? { publicKey: account.publicKey.toLowerCase() } : {}), purpose: account.purpose as Purpose, addressType: decoded.type })
  }
  if (!accounts.some((account) => account.purpose === 'payment')) throw new LatchError('INVALID_RESPONSE', { details: 'the wallet answered no payment address' })
  return { accounts, caipNetworkId }
}

/** The network an address belongs to: `preferred` when it is valid there, else the first known network where it is. */
export function networkOfAddress(address: string | undefined, preferred?: CaipNetworkId): CaipNetworkId | undefined {
  const ids = Object.keys(knownBitcoinNetworks) as CaipNetworkId[]
  const candidates = preferred ? [preferred, ...ids] : ids
  return candidates.find((id) => decodeAddress(address, addressParamsOf(id)) !== undefined)
}

/** What a request needs of the connection: the wallet, the active address, every account, the network. */
export type WalletSession = {
  entry: ConnectorEntry
  address: string
  accounts: readonly ConnectionAccount[]
  caipNetworkId: CaipNetworkId
  /** The purposes the plugin asks for (docs/bitcoin.md, "Accounts"). */
  purposes: readonly Purpose[]
}

export type RunDeps = { win: Window | undefined; requests: WalletRequests }

type Json = z.core.util.JSONType

/** The methods a dapp may send to a Bitcoin wallet (docs/behaviour.md, "Safe, unsafe and allowed methods"). */
export type Bip122Method = 'signMessage' | 'signPsbt' | 'sendTransfer' | 'getAccountAddresses'

/**
 * Runs one allowed method against the connected wallet: checks the parameters (`INVALID_PARAMS`, `INVALID_ADDRESS`),
 * fills in the defaults (docs/bitcoin.md, "Requests"), asks the wallet through the request path, checks its answer
 * (`INVALID_RESPONSE`). Resolves with the JSON result.
 */
export async function runMethod(method: Bip122Method, params: unknown, session: WalletSession, deps: RunDeps): Promise<Json> {
  const input = Array.isArray(params) ? params[0] : params
  const wallet = await openWallet(session.entry, deps.win)
  const ask = <T>(work: () => Promise<T>) => deps.requests.track(work, { label: method, bound: true })
  switch (method) {
    case 'signMessage': {
      const request = signMessageRequest(input, session)
      return checkSignature(await ask(() => wallet.signMessage(request)), request)
    }
    case 'signPsbt': {
      const { request, psbt } = signPsbtRequest(input, session)
      return checkSignedPsbt(await ask(() => wallet.signPsbt(request, session.caipNetworkId)), request, psbt)
    }
    case 'sendTransfer': {
      const request = sendTransferRequest(input, session)
      return { txid: checkTxid(await ask(() => wallet.sendTransfer(request)), 'sendTransfer') }
    }
    case 'getAccountAddresses': {
      const parsed = parse(getAddressesSchema, input ?? {}, method)
      const purposes = parsed.purposes ?? session.purposes
      const { accounts } = readAccounts(await ask(() => wallet.addresses(purposes)), session.caipNetworkId, purposes)
      return accounts as Json
    }
  }
}

function parse<T>(schema: z.ZodMiniType<T>, input: unknown, method: string): T {
  const parsed = z.safeParse(schema, input, { reportInput: true })
  if (!parsed.success) throw new LatchError('INVALID_PARAMS', { details: `${method}: ${describeIssues(parsed.error.issues)}` })
  return parsed.data
}

const address = z.string().check(z.minLength(1), z.maxLength(100))
const signMessageSchema = z.object({
  message: z.string().check(z.maxLength(100_000)),
  address: z.optional(address),
  protocol: z.optional(z.enum(['ECDSA', 'BIP322'])),
})
const signPsbtSchema = z.object({
  psbt: z.string().check(z.minLength(1), z.maxLength(200_000)),
  signInputs: z.optional(z.record(address, z.array(z.number().check(z.int(), z.nonnegative())).check(z.minLength(1), z.maxLength(10_000)))),
  broadcast: z.optional(z.boolean()),
})
const amountSchema = z.union([z.number().check(z.int(), z.positive(), z.lte(maxSatoshis)), z.string().check(z.regex(/^[1-9]\d{0,15}$/, 'a whole number of satoshis'))])
const sendTransferSchema = z.object({
  recipients: z.array(z.object({ address, amount: amountSchema })).check(z.minLength(1), z.maxLength(100)),
})
const getAddressesSchema = z.object({ purposes: z.optional(z.array(z.enum(['payment', 'ordinals'])).check(z.minLength(1), z.maxLength(2))) })

/** The connection's account for `address`, or `INVALID_PARAMS`. */
function ownAccount(session: WalletSession, value: string, method: string): ConnectionAccount {
  const account = session.accounts.find((candidate) => sameAddress(candidate.address, value))
  if (!account) throw new LatchError('INVALID_PARAMS', { details: `${method}: ${JSON.stringify(value)} is not an account of the connected wallet` })
  return account
}

function typeOf(session: WalletSession, value: string): AddressType | undefined {
  return decodeAddress(value, addressParamsOf(session.caipNetworkId))?.type
}

/** signMessage's defaults: the active address; BIP-322 for segwit and taproot addresses, the legacy form for P2PKH. */
export function signMessageRequest(input: unknown, session: WalletSession) {
  const parsed = parse(signMessageSchema, input, 'signMessage')
  const account = ownAccount(session, parsed.address ?? session.address, 'signMessage')
  const protocol = parsed.protocol ?? (typeOf(session, account.address) === 'p2pkh' ? 'ECDSA' : 'BIP322')
  return { address: account.address, message: parsed.message, protocol } as const
}

const signatureAnswerSchema = z.looseObject({
  signature: z.string().check(z.maxLength(10_000)),
  address: z.optional(z.string()),
  protocol: z.optional(z.string()),
})

/** The wallet's signature, when it is one: base64 of a legacy or BIP-322 signature, for the address asked. */
export function checkSignature(answer: unknown, request: ReturnType<typeof signMessageRequest>): Json {
  const parsed = z.safeParse(signatureAnswerSchema, answer)
  if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: `signMessage answered no signature: ${describeIssues(parsed.error.issues)}` })
  const { signature, address: signer, protocol } = parsed.data
  const bytes = fromBase64(signature)
  if (!bytes || !isSignatureShape(bytes)) throw new LatchError('INVALID_RESPONSE', { details: `signMessage answered ${JSON.stringify(signature.slice(0, 40))}, not a Bitcoin message signature in base64` })
  if (signer !== undefined && !sameAddress(signer, request.address)) throw new LatchError('INVALID_RESPONSE', { details: `signMessage was asked for ${request.address} and answered for ${signer}` })
  const answered = protocol === 'ECDSA' || protocol === 'BIP322' ? protocol : request.protocol
  return { signature, address: request.address, protocol: answered }
}

/**
 * signPsbt's defaults: sign every input that spends an output of one of the connection's addresses (with that
 * address), and do not broadcast. Given `signInputs` must name connection accounts and inputs the PSBT has.
 */
export function signPsbtRequest(input: unknown, session: WalletSession) {
  const parsed = parse(signPsbtSchema, input, 'signPsbt')
  const bytes = fromBase64(parsed.psbt)
  if (!bytes) throw new LatchError('INVALID_PARAMS', { details: 'signPsbt: psbt is not base64' })
  let psbt: Psbt
  try {
    psbt = parsePsbt(bytes)
  } catch (cause) {
    throw new LatchError('INVALID_PARAMS', { details: `signPsbt: psbt is not a PSBT Latch can read (${cause instanceof Error ? cause.message : String(cause)})`, cause })
  }
  const signInputs: Record<string, number[]> = {}
  if (parsed.signInputs) {
    for (const [owner, indexes] of Object.entries(parsed.signInputs)) {
      const account = ownAccount(session, owner, 'signPsbt')
      const bad = indexes.find((index, i) => index >= psbt.inputs.length || indexes.indexOf(index) !== i)
      if (bad !== undefined) throw new LatchError('INVALID_PARAMS', { details: `signPsbt: signInputs names input ${bad} twice or past the PSBT's ${psbt.inputs.length} inputs` })
      signInputs[account.address] = [...indexes]
    }
  } else {
    const params = addressParamsOf(session.caipNetworkId)
    const scripts = session.accounts.map((account) => ({ address: account.address, script: hexOf(decodeAddress(account.address, params)?.script) }))
    for (const [index, item] of psbt.inputs.entries()) {
      const owner = item.prevoutScript && scripts.find((candidate) => candidate.script === hex(item.prevoutScript as Uint8Array))
      if (owner) (signInputs[owner.address] ??= []).push(index)
    }
    if (Object.keys(signInputs).length === 0) {
      throw new LatchError('INVALID_PARAMS', { details: 'signPsbt: no input of the PSBT spends an output of the connected wallet; name the inputs to sign in signInputs' })
    }
  }
  return { request: { psbt: parsed.psbt, signInputs, broadcast: parsed.broadcast ?? false }, psbt }
}

function hexOf(bytes: Uint8Array | undefined): string | undefined {
  return bytes ? hex(bytes) : undefined
}

const signedPsbtSchema = z.looseObject({ psbt: z.string().check(z.maxLength(400_000)), txid: z.optional(z.string()) })

/**
 * The wallet's PSBT, when it is the transaction asked for, signed: the same inputs, outputs, version and lock
 * time, and a signature on every input asked; with `broadcast`, a transaction id too. Anything else is
 * `INVALID_RESPONSE`, and the dapp never sees it.
 */
export function checkSignedPsbt(answer: unknown, request: { signInputs: Record<string, number[]>; broadcast: boolean }, asked: Psbt): Json {
  const parsed = z.safeParse(signedPsbtSchema, answer)
  if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: `signPsbt answered no PSBT: ${describeIssues(parsed.error.issues)}` })
  const bytes = fromBase64(parsed.data.psbt)
  let signed: Psbt
  try {
    if (!bytes) throw new Error('not base64')
    signed = parsePsbt(bytes)
  } catch (cause) {
    throw new LatchError('INVALID_RESPONSE', { details: `signPsbt answered something that is not a PSBT (${cause instanceof Error ? cause.message : String(cause)})`, cause })
  }
  const difference = transactionDifference(asked.tx, signed.tx)
  if (difference) throw new LatchError('INVALID_RESPONSE', { details: `signPsbt: the wallet returned another transaction than the one asked: ${difference}` })
  for (const index of Object.values(request.signInputs).flat()) {
    if (!signed.inputs[index]?.signed) throw new LatchError('INVALID_RESPONSE', { details: `signPsbt: the wallet did not sign input ${index}` })
  }
  if (!request.broadcast) return { psbt: parsed.data.psbt }
  return { psbt: parsed.data.psbt, txid: checkTxid({ txid: parsed.data.txid }, 'signPsbt') }
}

/** sendTransfer's checks: every recipient an address of the connection's network, every amount whole satoshis. */
export function sendTransferRequest(input: unknown, session: WalletSession) {
  const parsed = parse(sendTransferSchema, input, 'sendTransfer')
  const params = addressParamsOf(session.caipNetworkId)
  const recipients = parsed.recipients.map(({ address: to, amount }) => {
    if (!decodeAddress(to, params)) throw new LatchError('INVALID_ADDRESS', { details: `sendTransfer: ${JSON.stringify(to)} is not an address of ${session.caipNetworkId}` })
    const sats = Number(amount)
    if (!Number.isSafeInteger(sats) || sats > maxSatoshis) throw new LatchError('INVALID_PARAMS', { details: `sendTransfer: ${amount} satoshis is more than there are` })
    return { address: to, amount: sats }
  })
  return { recipients }
}

const txidSchema = z.looseObject({ txid: z.string().check(z.regex(/^[0-9a-fA-F]{64}$/, 'a transaction id: 64 hex digits')) })

function checkTxid(answer: unknown, method: string): string {
  const parsed = z.safeParse(txidSchema, answer)
  if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: `${method} answered no transaction id: ${describeIssues(parsed.error.issues)}` })
  return parsed.data.txid.toLowerCase()
}
