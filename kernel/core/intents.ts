import * as z from 'zod/mini'
import { defineEvent, type EventsOf } from '../events'
import { sensitive } from '../redact'
import { isSafeMethod } from '../rules/methods'
import { caipAddressSchema, caipNetworkIdSchema, errorDataSchema } from '../schemas'

/**
 * Family-agnostic intents. The UI and the action verbs dispatch these with `ns`; the
 * plugin of that chain family answers with the matching `…Succeeded` or `…Failed`
 * (carrying `{ error: LatchErrorData }`), both with the intent's `requestId`.
 */
const ns = { namespaced: true }
const failed = z.object({ error: errorDataSchema })
const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))

export const walletConnectRequested = defineEvent('wallet/connectRequested', z.object({ connectorId: z.string().check(z.minLength(1)) }), ns)
export const walletConnectSucceeded = defineEvent('wallet/connectSucceeded', z.object({ caipAddress: caipAddressSchema }), ns)
export const walletConnectFailed = defineEvent('wallet/connectFailed', failed, ns)

/** The visitor gave up waiting (left the connecting view): the family's pending wallet requests fail as aborted. */
export const walletCancelRequested = defineEvent('wallet/cancelRequested', z.object({}), ns)

export const walletDisconnectRequested = defineEvent('wallet/disconnectRequested', z.object({}), ns)
export const walletDisconnectSucceeded = defineEvent('wallet/disconnectSucceeded', z.object({}), ns)
export const walletDisconnectFailed = defineEvent('wallet/disconnectFailed', failed, ns)

export const networkSwitchRequested = defineEvent('network/switchRequested', z.object({ caipNetworkId: caipNetworkIdSchema }), ns)
export const networkSwitchSucceeded = defineEvent('network/switchSucceeded', z.object({ caipNetworkId: caipNetworkIdSchema }), ns)
export const networkSwitchFailed = defineEvent('network/switchFailed', failed, ns)

export const walletSignMessageRequested = defineEvent('wallet/signMessageRequested', z.object({ message: z.string() }), ns)
/**
 * The signature is redacted before the log and the reducers (docs/debugging.md, "What the log never holds"): a signed
 * sign-in message is as good as a password until it expires. The caller of `signMessage` gets it unredacted.
 */
export const walletSignMessageSucceeded = defineEvent('wallet/signMessageSucceeded', z.object({ signature: sensitive(z.string()) }), ns)
export const walletSignMessageFailed = defineEvent('wallet/signMessageFailed', failed, ns)

/**
 * A native transfer or contract call; `value` in the smallest unit, as a decimal string. With `token` (Solana only,
 * docs/solana.md, "Sending tokens"), `value` is that many base units of the SPL token `mint` sent to the owner `to`.
 */
export const walletSendTransactionRequested = defineEvent(
  'wallet/sendTransactionRequested',
  z.object({
    to: z.string(),
    value: z.string().check(z.regex(/^\d+$/)),
    data: z.optional(hex),
    token: z.optional(
      z.strictObject({ mint: z.string().check(z.maxLength(64)), decimals: z.number().check(z.int(), z.gte(0), z.lte(255)), program: z.optional(z.string().check(z.maxLength(64))) }),
    ),
  }),
  ns,
)
export const walletSendTransactionSucceeded = defineEvent('wallet/sendTransactionSucceeded', z.object({ hash: z.string() }), ns)
export const walletSendTransactionFailed = defineEvent('wallet/sendTransactionFailed', failed, ns)

/**
 * Any other RPC method, sent to the family's connected wallet as it is (docs/behaviour.md, "Wallet
 * requests"). The family plugin applies the allowed methods (`RPC_NOT_ALLOWED`), checks the parameters
 * of the methods it knows (`INVALID_PARAMS`) and the wallet's answer (`INVALID_RESPONSE`).
 */
export const walletRpcRequested = defineEvent(
  'wallet/rpcRequested',
  z.object({ method: z.string().check(z.minLength(1), z.maxLength(200)), params: z.optional(z.union([z.array(z.json()), z.record(z.string(), z.json())])) }),
  // Only a read-only method's answer is logged in clear; any other may be a signature or a signed transaction.
  { ...ns, answerInClear: (payload) => isSafeMethod(payload.method) },
)
/**
 * The wallet's answer, JSON (`null` when it answered nothing). Redacted before the log and the reducers unless the
 * method is read-only (docs/debugging.md, "What the log never holds"): a signature, a signed transaction or PSBT is a
 * bearer credential. The caller of `request` gets it unredacted.
 */
export const walletRpcSucceeded = defineEvent('wallet/rpcSucceeded', z.object({ result: sensitive(z.json()) }), ns)
export const walletRpcFailed = defineEvent('wallet/rpcFailed', failed, ns)

export const coreIntents = [
  walletConnectRequested,
  walletConnectSucceeded,
  walletConnectFailed,
  walletCancelRequested,
  walletDisconnectRequested,
  walletDisconnectSucceeded,
  walletDisconnectFailed,
  networkSwitchRequested,
  networkSwitchSucceeded,
  networkSwitchFailed,
  walletSignMessageRequested,
  walletSignMessageSucceeded,
  walletSignMessageFailed,
  walletSendTransactionRequested,
  walletSendTransactionSucceeded,
  walletSendTransactionFailed,
  walletRpcRequested,
  walletRpcSucceeded,
  walletRpcFailed,
] as const

declare module '../events' {
  interface EventMap extends EventsOf<typeof coreIntents> {}
}
