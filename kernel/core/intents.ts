import * as z from 'zod/mini'
import { defineEvent, type EventsOf } from '../engine/events'
import { defineRequest } from '../engine/define-request'
import { isSafeMethod } from '../rules/safe-methods'
import { caipAddressSchema, caipNetworkIdSchema } from '../schemas'

/**
 * Family-agnostic intents. The UI and the action verbs dispatch these with `ns`; the
 * plugin of that chain family answers with the matching `…Succeeded` or `…Failed`
 * (carrying `{ error: LatchErrorData }`), both with the intent's `requestId`.
 */
const ns = { namespaced: true }
const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))

export const {
  requested: walletConnectRequested,
  succeeded: walletConnectSucceeded,
  failed: walletConnectFailed,
} = defineRequest('wallet/connectRequested', { params: z.object({ connectorId: z.string().check(z.minLength(1)) }), result: z.object({ caipAddress: caipAddressSchema }) }, ns)

/** The visitor gave up waiting (left the connecting view): the family's pending wallet requests fail as aborted. */
export const walletCancelRequested = defineEvent('wallet/cancelRequested', z.object({}), ns)

export const {
  requested: walletDisconnectRequested,
  succeeded: walletDisconnectSucceeded,
  failed: walletDisconnectFailed,
} = defineRequest('wallet/disconnectRequested', { params: z.object({}), result: z.object({}) }, ns)

export const {
  requested: networkSwitchRequested,
  succeeded: networkSwitchSucceeded,
  failed: networkSwitchFailed,
} = defineRequest('network/switchRequested', { params: z.object({ caipNetworkId: caipNetworkIdSchema }), result: z.object({ caipNetworkId: caipNetworkIdSchema }) }, ns)

/**
 * The signature is redacted before the log and the reducers (docs/debugging.md, "What the log never holds"): a signed
 * sign-in message is as good as a password until it expires. The caller of `signMessage` gets it unredacted.
 */
export const {
  requested: walletSignMessageRequested,
  succeeded: walletSignMessageSucceeded,
  failed: walletSignMessageFailed,
} = defineRequest('wallet/signMessageRequested', { params: z.object({ message: z.string() }), result: z.object({ signature: z.string() }) }, { ...ns, sensitive: true })

/**
 * A native transfer or contract call; `value` in the smallest unit, as a decimal string. With `token` (Solana only,
 * docs/solana.md, "Sending tokens"), `value` is that many base units of the SPL token `mint` sent to the owner `to`.
 */
export const {
  requested: walletSendTransactionRequested,
  succeeded: walletSendTransactionSucceeded,
  failed: walletSendTransactionFailed,
} = defineRequest(
  'wallet/sendTransactionRequested',
  {
    params: z.object({
      to: z.string(),
      value: z.string().check(z.regex(/^\d+$/)),
      data: z.optional(hex),
      token: z.optional(
        z.strictObject({ mint: z.string().check(z.maxLength(64)), decimals: z.number().check(z.int(), z.gte(0), z.lte(255)), program: z.optional(z.string().check(z.maxLength(64))) }),
      ),
    }),
    result: z.object({ hash: z.string() }),
  },
  ns,
)

/**
 * Any other RPC method, sent to the family's connected wallet as it is (docs/behaviour.md, "Wallet
 * requests"). The family plugin applies the allowed methods (`RPC_NOT_ALLOWED`), checks the parameters
 * of the methods it knows (`INVALID_PARAMS`) and the wallet's answer (`INVALID_RESPONSE`).
 * The wallet's answer is JSON (`null` when it answered nothing), redacted before the log and the reducers unless the
 * method is read-only (docs/debugging.md, "What the log never holds"): a signature, a signed transaction or PSBT is a
 * bearer credential. The caller of `request` gets it unredacted.
 */
export const {
  requested: walletRpcRequested,
  succeeded: walletRpcSucceeded,
  failed: walletRpcFailed,
} = defineRequest(
  'wallet/rpcRequested',
  {
    params: z.object({ method: z.string().check(z.minLength(1), z.maxLength(200)), params: z.optional(z.union([z.array(z.json()), z.record(z.string(), z.json())])) }),
    result: z.object({ result: z.json() }),
  },
  // Only a read-only method's answer is logged in clear; any other may be a signature or a signed transaction.
  { ...ns, sensitive: (payload) => !isSafeMethod(payload.method) },
)

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

declare module '../engine/events' {
  interface EventMap extends EventsOf<typeof coreIntents> {}
}
