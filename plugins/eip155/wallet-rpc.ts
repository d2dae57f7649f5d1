import type { Observable } from 'rxjs'
import * as z from 'zod/mini'
import { describeIssues, LatchError, type EffectContext, type LatchEvent, type Logged, type State } from '../../kernel/index'
import { answerIntent } from '../../kernel/engine/answer-intent'
import { assertMethodAllowed, isSafeMethod } from '../../kernel/rules/methods'
import { connectedAddress, readParams, walletIntents } from '../../kernel/family/wallet-intents'
import type { Registry } from './registry'
import { paramsSchemas, resultSchemas, typedDataSchema } from './request-schemas'
import { activeSession, capabilitiesSchema, describe, notConnected, selectEip155ChainId, toHexQuantity, toWalletError } from './shared'
import type { WalletRequests } from './wallet-requests'
import { eip155Errors } from './error-codes'

/** Longest wallet answer passed on, in characters of JSON: an event holds at most 256 KB (docs/limits.md, "Events"). */
export const maxResultChars = 200 * 1024

type Json = z.core.util.JSONType
type Params = readonly unknown[] | Readonly<Record<string, unknown>> | undefined

/**
 * Answers `wallet/rpcRequested` for eip155 (docs/behaviour.md, "Wallet requests"): the allowed
 * methods, parameter checks before the wallet is asked, then the connected wallet, then a check of
 * its answer. `eth_chainId` and `eth_accounts` are answered from the state, which follows the wallet.
 * Read-only requests survive a cancel and a change of connection; any other is bound to its connection.
 */
export function answerWalletRpc(events$: Observable<Logged>, ctx: EffectContext, registry: Registry, requests: WalletRequests): Observable<LatchEvent> {
  const options = { ...walletIntents.rpc, ns: 'eip155', toError: toWalletError } as const
  return answerIntent(events$, options, async (intent) => {
    const { method, params } = intent.payload as { method: string; params: Params }
    const state = ctx.getState()
    const session = activeSession(ctx, registry, state)
    assertMethodAllowed('eip155', method)
    checkParams(method, params)
    const local = answerFromState(state, method)
    if (local !== undefined) return { result: local as Json }
    if (session.kind === 'none') throw notConnected()
    if (method === 'eth_requestAccounts') return { result: [session.address] as Json }
    const safe = isSafeMethod(method)
    let answer: unknown
    try {
      answer = await requests.request(session.provider, method, params, { bound: !safe, safe })
    } catch (error) {
      // docs/errors.md: a failed capabilities call gives an empty object.
      if (method === 'wallet_getCapabilities') return { result: {} as Json }
      throw error
    }
    let result: unknown
    try {
      result = checkResult(method, answer)
    } catch (error) {
      // A hostile answer (a Proxy whose traps throw) is junk like any other.
      throw error instanceof LatchError ? error : new LatchError('INVALID_RESPONSE', { details: `${method} answered something unreadable`, cause: error })
    }
    return { result: result as Json }
  })
}

/** The answers the state holds: the chain id and the account the plugin follows. */
function answerFromState(state: State, method: string): unknown {
  if (method === 'eth_chainId') {
    const chainId = selectEip155ChainId(state)
    if (chainId === undefined) throw new LatchError('NETWORK_NOT_FOUND', { details: 'eth_chainId: no EVM network is configured' })
    return toHexQuantity(chainId)
  }
  if (method === 'eth_accounts') {
    const address = connectedAddress(state, 'eip155')
    return address ? [address] : []
  }
  return undefined
}

/** Refuses malformed parameters of the methods Latch knows, naming the bad field (`INVALID_PARAMS`). */
function checkParams(method: string, params: Params): void {
  if (method === 'wallet_getCapabilities' && !(Array.isArray(params) && typeof params[0] === 'string' && params[0])) {
    throw eip155Errors.error('CAPABILITIES_ADDRESS_REQUIRED')
  }
  const schema = paramsSchemas[method]
  if (!schema) return
  readParams(method, schema, params)
  if (method === 'eth_signTypedData_v4') {
    const data = (params as unknown[])[1]
    let typedData: unknown = data
    if (typeof data === 'string') {
      try {
        typedData = JSON.parse(data)
      } catch {
        throw new LatchError('INVALID_PARAMS', { details: `eth_signTypedData_v4: [1] is not JSON: ${describe(data)}` })
      }
    }
    readParams(`${method} [1]`, typedDataSchema, typedData)
  }
}


/** The wallet's answer if it is what the method returns; `INVALID_RESPONSE` otherwise. `undefined` becomes `null`. */
function checkResult(method: string, answer: unknown): unknown {
  const value = answer === undefined ? null : answer
  if (method === 'wallet_getCapabilities') {
    const parsed = z.safeParse(capabilitiesSchema, value)
    return parsed.success ? parsed.data : {}
  }
  const json = z.safeParse(z.json(), value)
  const parsed = json.success ? z.safeParse(resultSchemas[method] ?? z.json(), value) : json
  if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: `${method} answered ${describe(value)}: ${describeIssues(parsed.error.issues)}` })
  const size = JSON.stringify(value).length
  if (size > maxResultChars) throw new LatchError('INVALID_RESPONSE', { details: `${method} answered ${size} characters of JSON, over the ${maxResultChars} Latch passes on` })
  return value
}
