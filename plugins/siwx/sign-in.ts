/**
 * docs/siwx.md, "The flow": one sign-in — a nonce, the message, the wallet's signature, its verification (in the
 * browser, or by the integrator's server) — ending in the session or in a LatchError saying why.
 */
import * as z from 'zod/mini'
import { LatchError, toLatchError, type EffectContext } from '../../kernel/index'
import { peerMissing } from '../../kernel/engine/peer'
import { refuseSignIn } from './check'
import { siwxSessionSchema } from './events'
import { createNonce, createSiwxMessage, parseSiwxMessage, type SiwxFields } from './message'
import type { SiwxSettings } from './types'
import { refuseSessionDates } from './session-dates'
import { sessionKey } from './state'
import type { SiwxAccount, SiwxSessionInfo } from './types'

/** How long the integrator's server has for each call (nonce, verify, session, sign out). */
export const serverTimeout = 15_000

/** Where the page is: the message's domain (host and port) and URI (origin); none under SSR. */
export function pageOrigin(ctx: EffectContext): { domain: string; origin: string } | undefined {
  const location = ctx.ports.window?.location
  if (!location?.host || !/^https?:$/.test(location.protocol)) return undefined
  return { domain: location.host, origin: location.origin }
}

/** The chain id as the message writes it: the number for EVM, the CAIP-2 reference otherwise. */
function messageChainId(account: SiwxAccount): string {
  return account.chainId.slice(account.chainId.indexOf(':') + 1)
}

/** Settles with what `call` answers (a throw included), or fails with NETWORK_ERROR after `serverTimeout` (the server's call is not waited for forever). */
export function bounded<T>(ctx: EffectContext, call: () => Promise<T>, what: string): Promise<T> {
  let timer: { unsubscribe(): void } | undefined
  const timeout = new Promise<never>((_, reject) => {
    // On the ports' scheduler, so tests run it on virtual time.
    timer = ctx.ports.scheduler.schedule(() => reject(new LatchError('NETWORK_ERROR', { details: `siwx: the server's ${what} did not answer within ${serverTimeout / 1000} s` })), serverTimeout)
  })
  return Promise.race([Promise.resolve().then(call), timeout]).finally(() => timer?.unsubscribe())
}

/** Step 1: the message to sign. Throws `SIWX_AUTH_ERROR` when no nonce or message can be made (docs/siwx.md, "Errors"). */
export async function prepareMessage(ctx: EffectContext, settings: SiwxSettings, account: SiwxAccount, now: number): Promise<{ message: string; fields: SiwxFields }> {
  const page = pageOrigin(ctx)
  if (!page) throw new LatchError('SIWX_AUTH_ERROR', { details: 'siwx: no page origin to sign in to (no window, or not http(s))' })
  const server = settings.server
  let nonce: string
  try {
    nonce = server ? await bounded(ctx, () => server.getNonce(account), 'getNonce') : createNonce()
  } catch (cause) {
    throw new LatchError('SIWX_AUTH_ERROR', { details: `siwx: getNonce failed: ${toLatchError(cause).details ?? String(cause)}`, cause })
  }
  if (typeof nonce !== 'string' || !/^[a-zA-Z0-9]{8,64}$/.test(nonce)) {
    throw new LatchError('SIWX_AUTH_ERROR', { details: `siwx: getNonce answered ${JSON.stringify(nonce)?.slice(0, 80)}, not 8 to 64 letters or digits` })
  }
  const fields: SiwxFields = {
    domain: page.domain,
    address: account.address,
    ...(settings.statement ? { statement: settings.statement } : {}),
    uri: page.origin,
    version: '1',
    chainId: messageChainId(account),
    nonce,
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + settings.expiresIn * 1000).toISOString(),
    ...(settings.resources ? { resources: [...settings.resources] } : {}),
  }
  try {
    return { message: createSiwxMessage(account.ns, fields), fields }
  } catch (cause) {
    throw new LatchError('SIWX_AUTH_ERROR', { details: `siwx: ${toLatchError(cause).details ?? String(cause)}`, cause })
  }
}

/** The RPC URL of the account's network, for contract accounts (EIP-1271, EIP-6492). */
function rpcUrlOf(ctx: EffectContext, account: SiwxAccount): string | undefined {
  const network = ctx.getState().chains.eip155.network.requestedCaipNetworks.find((n) => n.caipNetworkId === account.chainId)
  return network?.rpcUrls.default.http[0]
}

/** Whether the signature is the account's, checked in the browser (docs/siwx.md, "Verifying a signature"). */
export async function verifiedInBrowser(ctx: EffectContext, account: SiwxAccount, message: string, signature: string): Promise<boolean> {
  const input = { address: account.address, message, signature }
  if (account.ns === 'eip155') {
    // Vite's stand-in for a missing viem throws as the chunk loads: PEER_MISSING, naming viem (docs/errors.md).
    const { verifyEvmSignIn } = await import('./verify').catch((cause: unknown) => Promise.reject(peerMissing({ name: 'viem', entry: 'latch/plugins/siwx', export: 'verifyMessage' }, cause)))
    // A plain account verifies offline; only a contract account costs a call to the network's node.
    if (await verifyEvmSignIn(input)) return true
    const rpcUrl = rpcUrlOf(ctx, account)
    return rpcUrl !== undefined && (await verifyEvmSignIn({ ...input, rpcUrl }))
  }
  if (account.ns === 'solana') return (await import('./verify-solana')).verifySolanaSignIn(input)
  if (account.ns === 'bip122') return (await import('./verify-bitcoin')).verifyBitcoinSignIn(input)
  return false
}

const serverSessionSchema = z.object({ ...siwxSessionSchema.shape })

/**
 * A session answered by the server, checked to be this account's, with dates that are times and an expiry still to
 * come at `now`; otherwise why not (docs/siwx.md, "Server mode").
 */
export function checkServerSession(answer: unknown, account: SiwxAccount, now: number): { session: SiwxSessionInfo } | { refused: string } {
  const parsed = z.safeParse(serverSessionSchema, answer)
  if (!parsed.success || sessionKey(parsed.data) !== sessionKey(account) || parsed.data.ns !== account.ns) return { refused: `${JSON.stringify(answer)?.slice(0, 120)} is not this account's session` }
  const dates = refuseSessionDates(parsed.data, now)
  return dates ? { refused: `a session whose dates are refused: ${dates.detail}` } : { session: parsed.data }
}

function declined(account: SiwxAccount, details: string): LatchError {
  return new LatchError('SIGNATURE_DECLINED', { details: `siwx: ${account.address} on ${account.chainId}: ${details}` })
}

/**
 * Step 3: the signed message verified — by the server in server mode, in the browser otherwise, after checking it says
 * what was asked (domain, URI, chain, nonce, window). The session, or `SIGNATURE_DECLINED` with the reason in details.
 */
export async function verifySignIn(ctx: EffectContext, settings: SiwxSettings, account: SiwxAccount, prepared: { message: string; fields: SiwxFields }, signature: string, now: number): Promise<SiwxSessionInfo> {
  const issued = { ...account, issuedAt: prepared.fields.issuedAt, ...(prepared.fields.expirationTime ? { expiresAt: prepared.fields.expirationTime } : {}) }
  const server = settings.server
  if (server) {
    let answer: unknown
    try {
      answer = await bounded(ctx, () => server.verify({ ...account, message: prepared.message, signature }), 'verify')
    } catch (cause) {
      const error = toLatchError(cause)
      throw new LatchError(error.code === 'NETWORK_ERROR' ? 'NETWORK_ERROR' : 'SIGNATURE_DECLINED', { details: `siwx: the server's verify failed: ${error.details ?? error.message}`, cause })
    }
    if (answer === true) return issued
    if (answer === false) throw declined(account, 'the server refused the signature')
    const checked = checkServerSession(answer, account, now)
    if ('refused' in checked) throw declined(account, `the server answered ${checked.refused}`)
    return checked.session
  }
  const page = pageOrigin(ctx)
  const { ns, fields } = parseSiwxMessage(prepared.message)
  const refusal = refuseSignIn(ns, fields, { ns: account.ns, domain: page?.domain ?? fields.domain, origin: page?.origin, chainId: prepared.fields.chainId, nonce: prepared.fields.nonce, now })
  if (refusal) throw declined(account, `refused (${refusal.reason}): ${refusal.detail}`)
  if (!(await verifiedInBrowser(ctx, account, prepared.message, signature))) throw declined(account, 'refused (signature): the signature is not this account\'s')
  return issued
}
