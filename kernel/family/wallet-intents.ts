import * as z from 'zod/mini'
import {
  describeIssues,
  LatchError,
  selectAddress,
  type ChainNamespace,
  type State,
  walletRpcFailed,
  walletRpcRequested,
  walletRpcSucceeded,
  walletSendTransactionFailed,
  walletSendTransactionRequested,
  walletSendTransactionSucceeded,
  walletSignMessageFailed,
  walletSignMessageRequested,
  walletSignMessageSucceeded,
} from '../index'

/**
 * The family-agnostic wallet intents every chain family answers (docs/plugins.md, "Intents and request()"), each as the
 * intent and its two answers, ready for `answerIntent`: `answerIntent(events$, { ...walletIntents.signMessage, ns,
 * toError }, handle)`. The family supplies only its `ns`, its wallet-error reader and what its wallet does.
 */
export const walletIntents = {
  /** `wallet/rpcRequested`: any method, sent to the wallet as it is; the answer redacted unless the method is read-only. */
  rpc: { intent: walletRpcRequested, succeeded: walletRpcSucceeded, failed: walletRpcFailed },
  /** `wallet/signMessageRequested`: the signature, redacted in the log. */
  signMessage: { intent: walletSignMessageRequested, succeeded: walletSignMessageSucceeded, failed: walletSignMessageFailed },
  /** `wallet/sendTransactionRequested`: a native transfer (or a Solana SPL one); the answer is its hash. */
  sendTransaction: { intent: walletSendTransactionRequested, succeeded: walletSendTransactionSucceeded, failed: walletSendTransactionFailed },
} as const

/**
 * Reads a request's parameters with the family's schema for `what` (a method, or a method's parameter): the parsed value,
 * or `INVALID_PARAMS` naming the bad field (docs/plugins.md, "Intents and request()"; docs/errors.md).
 */
export function readParams<T>(what: string, schema: z.ZodMiniType<T>, params: unknown): T {
  const parsed = z.safeParse(schema, params, { reportInput: true })
  if (!parsed.success) throw new LatchError('INVALID_PARAMS', { details: `${what}: ${describeIssues(parsed.error.issues)}` })
  return parsed.data
}

/** The family's connected address, as a wallet's accounts request answers it from the state; undefined with none. */
export function connectedAddress(state: State, ns: ChainNamespace): string | undefined {
  return state.chains[ns].connectorId === undefined ? undefined : selectAddress(state, ns)
}

/**
 * A fixed list of parameters (or answer fields), each item checked by its schema, as zod's `tuple` checks it: not a
 * list → expected tuple; fewer items → too small; more → too big, the items still checked; an item's issues at `[i]…`.
 * Not zod's `tuple` itself: zod ships its schemas in one module, so one `tuple` anywhere in Latch would put its code in
 * every dapp's first load (docs/chunks.md). The value passes through as it came (the families read, never rewrite, it).
 * Issues are as the tuple's when parsed with `reportInput` (as `readParams` does); without it, the cases of a union inside
 * an item still carry what they received.
 */
export function fixedList<T extends readonly unknown[]>(items: { readonly [K in keyof T]: z.ZodMiniType<T[K]> }): z.ZodMiniType<T> {
  return z.unknown().check(
    z.superRefine((input, ctx) => {
      if (!Array.isArray(input)) return ctx.addIssue({ code: 'invalid_type', expected: 'tuple', input })
      if (input.length < items.length) return ctx.addIssue({ code: 'too_small', minimum: items.length, inclusive: true, origin: 'array', input })
      if (input.length > items.length) ctx.addIssue({ code: 'too_big', maximum: items.length, inclusive: true, origin: 'array', input })
      items.forEach((schema, i) => {
        const parsed = z.safeParse(schema, input[i], { reportInput: true })
        if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [i, ...issue.path] } as Parameters<typeof ctx.addIssue>[0])
      })
    }),
  ) as unknown as z.ZodMiniType<T>
}
