/**
 * The local paymaster service (docs/wallet-service.md, "Bundler and paymaster"): an ERC-7677 JSON-RPC endpoint
 * (`pm_getPaymasterStubData`, `pm_getPaymasterData`) over HTTP on 127.0.0.1 that signs for LatchPaymaster
 * (scripts/devnet/contracts/LatchPaymaster.sol). Its policy is enforced here, server-side: only EntryPoint v0.8 and the
 * configured chain, and at most `maxOperationsPerHour` signed operations per sender in any hour; a refusal is a JSON-RPC
 * error whose message says why. The signing key never leaves this module: answers carry only paymasterData.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { concat, encodeAbiParameters, isAddressEqual, keccak256, numberToHex, pad, toHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as z from 'zod'
import { entryPoint08Address, latchPaymasterAddress } from '../../frame/app/smart-account-contracts'
import { paymasterSignerKey } from './account-abstraction'
import { listenOnLoopback } from './serve'

const hex = z.string().regex(/^0x[0-9a-fA-F]*$/, 'a 0x-prefixed hex string')
const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'a hex quantity')
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an address')

/** An ERC-4337 v0.7+ user operation as ERC-7677 passes it (unpacked, hex quantities); fields not listed are ignored. */
const userOperationSchema = z.object({
  sender: address,
  nonce: quantity,
  factory: address.nullish(),
  factoryData: hex.nullish(),
  callData: hex,
  callGasLimit: quantity,
  verificationGasLimit: quantity,
  preVerificationGas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  paymasterVerificationGasLimit: quantity.nullish(),
  paymasterPostOpGasLimit: quantity.nullish(),
})
export type PaymasterUserOperation = z.infer<typeof userOperationSchema>

/** ERC-7677's params: [userOp, entryPoint, chainId (hex), context]. */
const paramsSchema = z.tuple([userOperationSchema, address, quantity]).rest(z.unknown())

const requestSchema = z.object({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number(), z.null()]), method: z.string(), params: z.unknown().optional() })

/** What the paymaster's validation may use (LatchPaymaster's ecrecover and hashing, with margin). */
export const paymasterVerificationGasLimit = 100_000n
/** LatchPaymaster answers an empty context, so the EntryPoint never calls its postOp. */
export const paymasterPostOpGasLimit = 0n
/** How long a signature is good for, in seconds. */
export const signatureLifetime = 3600

/** A refusal or bad request, answered as a JSON-RPC error. */
export class PaymasterRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'PaymasterRpcError'
  }
}

/** LatchPaymaster.getHash, off-chain: every field but the signature, the chain id, the paymaster, and the time window. */
export function paymasterHash(op: PaymasterUserOperation, chainId: number, validUntil: number, validAfter: number): Hex {
  const u128 = (value: string | null | undefined) => pad(numberToHex(BigInt(value ?? 0)), { size: 16 })
  const initCode = op.factory ? concat([op.factory as Hex, (op.factoryData ?? '0x') as Hex]) : '0x'
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' }, { type: 'uint256' }, { type: 'bytes32' }, { type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' },
        { type: 'uint256' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }, { type: 'uint48' }, { type: 'uint48' },
      ],
      [
        op.sender as Hex,
        BigInt(op.nonce),
        keccak256(initCode),
        keccak256(op.callData as Hex),
        concat([u128(op.verificationGasLimit), u128(op.callGasLimit)]),
        BigInt(concat([u128(op.paymasterVerificationGasLimit), u128(op.paymasterPostOpGasLimit)])),
        BigInt(op.preVerificationGas),
        concat([u128(op.maxPriorityFeePerGas), u128(op.maxFeePerGas)]),
        BigInt(chainId),
        latchPaymasterAddress,
        validUntil,
        validAfter,
      ],
    ),
  )
}

const timeWindow = (validUntil: number, validAfter: number): Hex => concat([pad(toHex(validUntil), { size: 6 }), pad(toHex(validAfter), { size: 6 })])
/** A well-formed signature that recovers to nobody in particular: LatchPaymaster fails it without reverting, so estimation runs. */
const stubSignature: Hex = `0x${'ff'.repeat(15)}f0${'00'.repeat(16)}7a${'aa'.repeat(31)}1c`

export type PaymasterPolicy = {
  chainId: number
  /** Signed operations a sender may get in any hour (default 20). */
  maxOperationsPerHour?: number
  /** The clock, in ms (default Date.now). */
  now?: () => number
}

/**
 * The service's JSON-RPC methods without the HTTP around them: answers a method's result or throws PaymasterRpcError.
 * Tests call it directly.
 */
export function paymasterRpc({ chainId, maxOperationsPerHour = 20, now = Date.now }: PaymasterPolicy) {
  const signer = privateKeyToAccount(paymasterSignerKey)
  const signedAt = new Map<string, number[]>()
  const hour = 3_600_000

  function check(params: unknown): z.infer<typeof paramsSchema> {
    const parsed = paramsSchema.safeParse(params)
    if (!parsed.success) throw new PaymasterRpcError(-32602, `Invalid params: ${z.prettifyError(parsed.error)}`)
    const [op, entryPoint, requestedChain] = parsed.data
    if (!isAddressEqual(entryPoint as Hex, entryPoint08Address)) {
      throw new PaymasterRpcError(-32001, `This paymaster sponsors operations for EntryPoint v0.8 (${entryPoint08Address}) only, not ${entryPoint}`)
    }
    if (BigInt(requestedChain) !== BigInt(chainId)) {
      throw new PaymasterRpcError(-32001, `This paymaster sponsors operations on chain ${chainId} only, not ${BigInt(requestedChain)}`)
    }
    const recent = (signedAt.get(op.sender.toLowerCase()) ?? []).filter((t) => t > now() - hour)
    signedAt.set(op.sender.toLowerCase(), recent)
    if (recent.length >= maxOperationsPerHour) {
      throw new PaymasterRpcError(-32001, `The account ${op.sender} has had its ${maxOperationsPerHour} sponsored operations this hour; try again later`)
    }
    return parsed.data
  }

  return async function call(method: string, params: unknown): Promise<unknown> {
    if (method === 'pm_getPaymasterStubData') {
      check(params)
      return {
        paymaster: latchPaymasterAddress,
        paymasterData: concat([timeWindow(0, 0), stubSignature]),
        paymasterVerificationGasLimit: toHex(paymasterVerificationGasLimit),
        paymasterPostOpGasLimit: toHex(paymasterPostOpGasLimit),
        isFinal: false,
        sponsor: { name: 'Latch local paymaster' },
      }
    }
    if (method === 'pm_getPaymasterData') {
      const [op] = check(params)
      const signed = { ...op, paymasterVerificationGasLimit: op.paymasterVerificationGasLimit ?? toHex(paymasterVerificationGasLimit), paymasterPostOpGasLimit: op.paymasterPostOpGasLimit ?? toHex(paymasterPostOpGasLimit) }
      const validAfter = 0
      const validUntil = Math.floor(now() / 1000) + signatureLifetime
      const signature = await signer.sign({ hash: paymasterHash(signed, chainId, validUntil, validAfter) })
      signedAt.get(op.sender.toLowerCase())!.push(now())
      return { paymaster: latchPaymasterAddress, paymasterData: concat([timeWindow(validUntil, validAfter), signature]) }
    }
    throw new PaymasterRpcError(-32601, `Method not found: ${method} (this paymaster answers pm_getPaymasterStubData and pm_getPaymasterData)`)
  }
}

/** A running paymaster service: its URL (http://127.0.0.1:…) and how to stop it. */
export type PaymasterService = { url: string; stop(): Promise<void> }

/** Starts the paymaster service on 127.0.0.1 (`port`, default a free one). CORS is open: the frame calls it from the browser. */
export async function startPaymasterService(options: PaymasterPolicy & { port?: number }): Promise<PaymasterService> {
  const call = paymasterRpc(options)
  const server = createServer((request, response) => void serve(call, request, response))
  const { url, stop } = await listenOnLoopback(server, options.port)
  return { url, stop }
}

async function serve(call: ReturnType<typeof paymasterRpc>, request: IncomingMessage, response: ServerResponse): Promise<void> {
  response.setHeader('access-control-allow-origin', '*')
  response.setHeader('access-control-allow-headers', 'content-type')
  response.setHeader('access-control-allow-methods', 'POST, OPTIONS')
  if (request.method === 'OPTIONS') return void response.writeHead(204).end()
  const answer = (body: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  if (request.method !== 'POST') return void response.writeHead(405, { allow: 'POST, OPTIONS' }).end()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > 100_000) return void answer({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request too large' } })
    chunks.push(chunk)
  }
  let body: unknown
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return void answer({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not JSON' } })
  }
  const parsed = requestSchema.safeParse(body)
  if (!parsed.success) return void answer({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request: not a JSON-RPC 2.0 request' } })
  const { id, method, params } = parsed.data
  try {
    answer({ jsonrpc: '2.0', id, result: await call(method, params) })
  } catch (error) {
    const code = error instanceof PaymasterRpcError ? error.code : -32603
    answer({ jsonrpc: '2.0', id, error: { code, message: error instanceof PaymasterRpcError ? error.message : 'Internal error' } })
  }
}
