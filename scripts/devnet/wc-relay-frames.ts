/**
 * The JSON-RPC frames of the development WalletConnect relay (scripts/devnet/wc-relay.ts): reading a client's
 * frame (validated with zod) and writing answers and subscription messages.
 *
 * The 2.x clients number their requests with 19-digit integers (above Number.MAX_SAFE_INTEGER) and match answers
 * by the exact digits, so integer literals of 16 digits or more are read as strings ending in `n` and written back
 * as the same digits (the clients' own @walletconnect/safe-json does the same).
 */
import * as z from 'zod'

/** A JSON-RPC id as read: a number, a string, or a big integer kept as its digits followed by `n`. */
export type RpcId = number | string

const rpcId = z.union([z.number(), z.string()])

/** A request from a client: irn_* and wc_* methods. */
const requestFrame = z.object({ jsonrpc: z.literal('2.0'), id: rpcId, method: z.string().min(1), params: z.unknown().optional() })
/** A client's answer to a request of the relay's (an irn_subscription acknowledgement). */
const responseFrame = z.object({ jsonrpc: z.literal('2.0'), id: rpcId, result: z.unknown().optional(), error: z.unknown().optional() })

export type RequestFrame = z.infer<typeof requestFrame>
export type Frame = { kind: 'request'; request: RequestFrame } | { kind: 'response'; id: RpcId } | { kind: 'junk'; id: RpcId | null; code: number; message: string }

/** JSON-RPC 2.0 error codes the relay answers with. */
export const rpcErrors = { parse: -32700, invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602 } as const

const bigIntegers = /([[:,]\s*)(-?\d{16,})(\s*[,}\]])/g

/** Reads one text frame; never throws. */
export function readFrame(text: string): Frame {
  let json: unknown
  try {
    json = JSON.parse(text.replace(bigIntegers, '$1"$2n"$3'))
  } catch {
    return { kind: 'junk', id: null, code: rpcErrors.parse, message: 'Parse error: not JSON' }
  }
  const request = requestFrame.safeParse(json)
  if (request.success) return { kind: 'request', request: request.data }
  const response = responseFrame.safeParse(json)
  if (response.success && !('method' in (json as object))) return { kind: 'response', id: response.data.id }
  const id = rpcId.safeParse((json as { id?: unknown } | null)?.id)
  return { kind: 'junk', id: id.success ? id.data : null, code: rpcErrors.invalidRequest, message: 'Invalid Request: not a JSON-RPC 2.0 request or response' }
}

/** The id as JSON text: a big integer read as `…n` goes back as its bare digits. */
function idText(id: RpcId | null): string {
  return typeof id === 'string' && /^-?\d+n$/.test(id) ? id.slice(0, -1) : JSON.stringify(id)
}

/** A successful answer. */
export function resultFrame(id: RpcId, result: unknown): string {
  return `{"id":${idText(id)},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`
}

/** An error answer. */
export function errorFrame(id: RpcId | null, code: number, message: string): string {
  return `{"id":${idText(id)},"jsonrpc":"2.0","error":${JSON.stringify({ code, message })}}`
}

/** A request of the relay's to a client (irn_subscription). */
export function requestText(id: number, method: string, params: unknown): string {
  return JSON.stringify({ id, jsonrpc: '2.0', method, params })
}

/** Parses a method's params with its schema, or says what is wrong. */
export function readParams<T>(schema: z.ZodType<T>, params: unknown): { ok: true; params: T } | { ok: false; message: string } {
  const parsed = schema.safeParse(params)
  return parsed.success ? { ok: true, params: parsed.data } : { ok: false, message: `Invalid params: ${z.prettifyError(parsed.error).replace(/\n/g, ' ')}` }
}
