/** Classification of an RPC response (docs/behaviour.md, "RPC results"). */

/** What kind of result an RPC response is. */
export type RpcResultKind = 'transaction' | 'signature' | 'object'

const transactionHashPattern = /^0x[0-9a-fA-F]{64}$/
const signedMessagePattern = /^0x[0-9a-fA-F]{62,}$/

/** 'transaction' for 0x + exactly 64 hex, 'signature' for 0x + at least 62 hex, else 'object'. */
export function classifyRpcResult(value: unknown): RpcResultKind {
  if (typeof value !== 'string') return 'object'
  if (transactionHashPattern.test(value)) return 'transaction'
  if (signedMessagePattern.test(value)) return 'signature'
  return 'object'
}
