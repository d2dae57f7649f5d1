/**
 * The embedded wallet's smart account (docs/embedded-frame.md, "Smart accounts"): an ERC-4337 account (LatchAccount on
 * EntryPoint v0.8) owned by the wallet's EVM key, counterfactual until its first user operation. This module prepares
 * user operations, sends them to the network's bundler once, follows them to inclusion, and makes ERC-1271 / EIP-6492
 * signatures; it never holds the owner's key: the caller signs the hashes it answers inside its own short use of the secret.
 */
import { concat, encodeAbiParameters, getAddress, hashTypedData, numberToHex } from 'viem'
import { getUserOperationHash } from 'viem/account-abstraction'
import * as z from 'zod/mini'
import { entryPoint08Address, latchAccountFactoryAddress, latchAccountMessageTypes, selectors } from './smart-account-contracts'

type Hex = `0x${string}`

/** A network with smart accounts: its bundler and, when operations are sponsored, its ERC-7677 paymaster. */
export type SmartAccountNetwork = { bundlerUrl: string; paymasterUrl?: string }
export type UserOperationCall = { to: Hex; value: bigint; data: Hex }
/** A user operation ready to sign: `hash` is the v0.8 userOpHash the owner signs raw. */
export type PreparedUserOperation = { chainId: number; sender: Hex; userOperation: unknown; hash: Hex; sponsored: boolean }
export type UserOperationReceipt = { logs: unknown[]; status: '0x1' | '0x0'; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; transactionHash: Hex }
export type UserOperationStatus = { status: 'pending' } | { status: 'included'; success: boolean; transactionHash: Hex; receipts: UserOperationReceipt[] }

/** A failure the visitor may read: `message` says what happened, `code` names it for tests and logs. */
export class SmartAccountError extends Error {
  readonly code: string
  constructor(code: string, message: string) {
    super(message)
    this.name = 'SmartAccountError'
    this.code = code
  }
}

export type SmartAccountsOptions = {
  networks: Record<number, SmartAccountNetwork>
  rpcUrl(chainId: number): string | undefined
  fetch?: typeof fetch
  sleep?(ms: number, signal: AbortSignal): Promise<void>
}

export type SmartAccounts = {
  /** Chain ids with a bundler (GET_SMART_ACCOUNT_ENABLED_NETWORKS). */
  enabled: number[]
  /** Chain ids whose operations a paymaster pays for (`paymasterUrl` set): the paymasterService capability (EIP-5792). */
  paymasterChains: number[]
  /** The counterfactual address of `owner`'s account (salt 0) on `chainId`. */
  address(chainId: number, owner: Hex): Promise<Hex>
  isDeployed(chainId: number, account: Hex): Promise<boolean>
  /** One atomic user operation for `calls`, gas estimated by the bundler, paymaster data when configured. Nothing is sent. */
  prepare(chainId: number, owner: Hex, calls: UserOperationCall[], signal?: AbortSignal): Promise<PreparedUserOperation>
  /** eth_sendUserOperation once (never retried); answers the userOpHash. */
  submit(prepared: PreparedUserOperation, signature: Hex, signal?: AbortSignal): Promise<Hex>
  status(chainId: number, userOpHash: Hex): Promise<UserOperationStatus>
  /** The sender of a user operation the bundler knows, else undefined. */
  senderOf(chainId: number, userOpHash: Hex): Promise<Hex | undefined>
  waitForInclusion(chainId: number, userOpHash: Hex, options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<Extract<UserOperationStatus, { status: 'included' }>>
  /** What the owner signs raw for the account's ERC-1271 signature of `hash`, and how that becomes the account's signature (EIP-6492 before deployment). */
  signable(chainId: number, owner: Hex, hash: Hex): Promise<{ digest: Hex; finish(ownerSignature: Hex): Hex }>
}

/** Every bundler, paymaster and node call is bounded by this (docs/embedded-frame.md, "Smart accounts"). */
export const callTimeLimitMs = 20_000

const hexSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))
const quantitySchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const addressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const hash32Schema = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))
const rpcAnswerSchema = z.union([
  z.object({ error: z.object({ code: z.optional(z.number()), message: z.string() }) }),
  z.object({ result: z.unknown() }),
])
const gasEstimateSchema = z.object({
  preVerificationGas: quantitySchema,
  verificationGasLimit: quantitySchema,
  callGasLimit: quantitySchema,
  paymasterVerificationGasLimit: z.optional(z.nullable(quantitySchema)),
  paymasterPostOpGasLimit: z.optional(z.nullable(quantitySchema)),
})
const stubDataSchema = z.object({
  paymaster: addressSchema,
  paymasterData: hexSchema,
  paymasterVerificationGasLimit: z.optional(quantitySchema),
  paymasterPostOpGasLimit: z.optional(quantitySchema),
  isFinal: z.optional(z.boolean()),
})
const paymasterDataSchema = z.object({ paymaster: addressSchema, paymasterData: hexSchema })
const receiptSchema = z.nullable(
  z.object({
    success: z.boolean(),
    receipt: z.object({
      transactionHash: hash32Schema,
      blockHash: hash32Schema,
      blockNumber: quantitySchema,
      gasUsed: quantitySchema,
      status: z.union([z.literal('0x1'), z.literal('0x0')]),
      logs: z.array(z.unknown()),
    }),
  }),
)
const byHashSchema = z.nullable(z.object({ userOperation: z.object({ sender: addressSchema }) }))
const blockSchema = z.object({ baseFeePerGas: quantitySchema })

/** The user operation as prepared (viem's v0.8 UserOperation: bigints), checked again when submitted. */
const userOperationSchema = z.object({
  sender: addressSchema,
  nonce: z.bigint(),
  factory: z.optional(addressSchema),
  factoryData: z.optional(hexSchema),
  callData: hexSchema,
  callGasLimit: z.bigint(),
  verificationGasLimit: z.bigint(),
  preVerificationGas: z.bigint(),
  maxFeePerGas: z.bigint(),
  maxPriorityFeePerGas: z.bigint(),
  paymaster: z.optional(addressSchema),
  paymasterVerificationGasLimit: z.optional(z.bigint()),
  paymasterPostOpGasLimit: z.optional(z.bigint()),
  paymasterData: z.optional(hexSchema),
  signature: hexSchema,
})
type UserOperation = z.infer<typeof userOperationSchema>

/** A signature SimpleAccount's ECDSA.recover accepts without reverting (it recovers to nobody): for gas estimation. */
const stubSignature: Hex = `0x${'ff'.repeat(15)}f0${'00'.repeat(16)}7a${'aa'.repeat(31)}1c`
/** ERC-6492's magic suffix. */
const erc6492Magic: Hex = '0x6492649264926492649264926492649264926492649264926492649264926492'

type Service = 'bundler' | 'paymaster' | 'node'
const serviceName = { bundler: 'The bundler', paymaster: 'The paymaster', node: "The network's node" } as const
const refusal = {
  bundler: ['bundler-rejected', 'The bundler refused the operation: '],
  paymaster: ['paymaster-refused', 'The paymaster refused to pay for this operation: '],
  node: ['node-error', "The network's node answered an error: "],
} as const

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true })
  })

const ownerAndSalt = [{ type: 'address' }, { type: 'uint256' }] as const
/** `owner`'s account, salt 0: the factory's getAddress, createAccount and deployAccount take the same arguments. */
const factoryCall = (selector: Hex, owner: Hex): Hex => concat([selector, encodeAbiParameters(ownerAndSalt, [owner, 0n])])
const callTuple = [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }] as const
const batchParams = [{ type: 'tuple[]', components: [{ name: 'target', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'data', type: 'bytes' }] }] as const

/** The RPC form of a user operation: quantities as hex, absent fields left out. */
function toRpc(op: Partial<UserOperation>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(op)) if (value !== undefined) out[key] = typeof value === 'bigint' ? numberToHex(value) : (value as string)
  return out
}

export function smartAccounts(options: SmartAccountsOptions): SmartAccounts {
  const fetcher = options.fetch ?? globalThis.fetch.bind(globalThis)
  const sleep = options.sleep ?? defaultSleep
  const addresses = new Map<string, Promise<Hex>>()
  let nextId = 1

  function network(chainId: number): SmartAccountNetwork {
    const found = options.networks[chainId]
    if (!found) throw new SmartAccountError('not-enabled', `Smart accounts are not available on chain ${chainId}`)
    return found
  }
  function nodeUrl(chainId: number): string {
    const url = options.rpcUrl(chainId)
    if (!url) throw new SmartAccountError('no-node', `No node is configured for chain ${chainId}`)
    return url
  }

  /**
   * One JSON-RPC call, bounded by callTimeLimitMs (through `sleep`) and `signal`; its answer checked by `schema`. Sent
   * once: nothing here retries.
   */
  async function call<T>(service: Service, url: string, method: string, params: unknown[], schema: z.ZodMiniType<T>, junk: string, signal?: AbortSignal): Promise<T> {
    const name = serviceName[service]
    if (signal?.aborted) throw new SmartAccountError('aborted', 'The request was cancelled')
    const controller = new AbortController()
    const onAbort = () => controller.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    let timedOut = false
    // Why the exchange stopped, once it has: the time limit, the caller's signal, else what happened to it.
    const stoppedBy = (otherwise: SmartAccountError) =>
      timedOut ? new SmartAccountError('timeout', `${name} did not answer`) : signal?.aborted ? new SmartAccountError('aborted', 'The request was cancelled') : otherwise
    const stopped = new Promise<never>((_, reject) => {
      sleep(callTimeLimitMs, controller.signal).then(
        () => ((timedOut = true), reject(stoppedBy(new SmartAccountError('timeout', `${name} did not answer`)))),
        () => reject(stoppedBy(new SmartAccountError('aborted', 'The request was cancelled'))),
      )
    })
    stopped.catch(() => undefined)
    try {
      const exchange = (async () => {
        let response: Response
        try {
          response = await fetcher(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
            signal: controller.signal,
          })
        } catch {
          throw stoppedBy(new SmartAccountError('unreachable', `${name} could not be reached`))
        }
        let body: unknown
        try {
          body = await response.json()
        } catch {
          throw stoppedBy(new SmartAccountError(`${service}-junk`, junk))
        }
        const answer = z.safeParse(rpcAnswerSchema, body)
        if (!answer.success) throw new SmartAccountError(`${service}-junk`, junk)
        if ('error' in answer.data) {
          const [code, prefix] = refusal[service]
          throw new SmartAccountError(code, `${prefix}${answer.data.error.message.slice(0, 300)}`)
        }
        const result = z.safeParse(schema, answer.data.result)
        if (!result.success) throw new SmartAccountError(`${service}-junk`, junk)
        return result.data
      })()
      return await Promise.race([exchange, stopped])
    } finally {
      signal?.removeEventListener('abort', onAbort)
      controller.abort()
    }
  }

  const ethCall = (chainId: number, to: Hex, data: Hex, signal?: AbortSignal) =>
    call('node', nodeUrl(chainId), 'eth_call', [{ to, data }, 'latest'], hexSchema, "The network's node answered something that is not call data", signal) as Promise<Hex>

  function address(chainId: number, owner: Hex): Promise<Hex> {
    network(chainId)
    const key = `${chainId}:${owner.toLowerCase()}`
    let found = addresses.get(key)
    if (!found) {
      found = ethCall(chainId, latchAccountFactoryAddress, factoryCall(selectors.getAddress, owner)).then((word) => {
        // A call to an address without code answers nothing.
        if (word === '0x') throw new SmartAccountError('no-factory', `The smart account factory is not deployed on chain ${chainId}`)
        if (word.length !== 66 || !/^0x0{24}/.test(word)) throw new SmartAccountError('node-junk', "The network's node answered something that is not an address")
        return getAddress(`0x${word.slice(26)}`)
      })
      addresses.set(key, found)
      found.catch(() => addresses.delete(key))
    }
    return found
  }

  async function isDeployed(chainId: number, account: Hex, signal?: AbortSignal): Promise<boolean> {
    const code = await call('node', nodeUrl(chainId), 'eth_getCode', [account, 'latest'], hexSchema, "The network's node answered something that is not code", signal)
    return code !== '0x'
  }

  async function prepare(chainId: number, owner: Hex, calls: UserOperationCall[], signal?: AbortSignal): Promise<PreparedUserOperation> {
    const { bundlerUrl, paymasterUrl } = network(chainId)
    if (calls.length === 0) throw new SmartAccountError('no-calls', 'A user operation needs at least one call')
    const sender = await address(chainId, owner)
    const node = nodeUrl(chainId)
    const [deployed, nonceWord, block, priority] = await Promise.all([
      isDeployed(chainId, sender, signal),
      ethCall(chainId, entryPoint08Address, concat([selectors.getNonce, encodeAbiParameters([{ type: 'address' }, { type: 'uint192' }], [sender, 0n])]), signal),
      call('node', node, 'eth_getBlockByNumber', ['latest', false], blockSchema, "The network's node answered something that is not a block", signal),
      call('node', node, 'eth_maxPriorityFeePerGas', [], quantitySchema, "The network's node answered something that is not a fee", signal),
    ])
    const maxPriorityFeePerGas = BigInt(priority)
    const callData =
      calls.length === 1
        ? concat([selectors.execute, encodeAbiParameters(callTuple, [calls[0]!.to, calls[0]!.value, calls[0]!.data])])
        : concat([selectors.executeBatch, encodeAbiParameters(batchParams, [calls.map((c) => ({ target: c.to, value: c.value, data: c.data }))])])
    let op: UserOperation = {
      sender,
      nonce: BigInt(nonceWord),
      ...(deployed ? {} : { factory: latchAccountFactoryAddress, factoryData: factoryCall(selectors.createAccount, owner) }),
      callData,
      callGasLimit: 0n,
      verificationGasLimit: 0n,
      preVerificationGas: 0n,
      // Room for the base fee to double before the operation is included.
      maxFeePerGas: BigInt(block.baseFeePerGas) * 2n + maxPriorityFeePerGas,
      maxPriorityFeePerGas,
      signature: stubSignature,
    }
    const chainHex = numberToHex(chainId)
    let isFinal = false
    if (paymasterUrl) {
      const stub = await call('paymaster', paymasterUrl, 'pm_getPaymasterStubData', [toRpc(op), entryPoint08Address, chainHex, {}], stubDataSchema, 'The paymaster answered something that is not paymaster data', signal)
      isFinal = stub.isFinal === true
      op = {
        ...op,
        paymaster: stub.paymaster as Hex,
        paymasterData: stub.paymasterData as Hex,
        paymasterVerificationGasLimit: BigInt(stub.paymasterVerificationGasLimit ?? 0),
        paymasterPostOpGasLimit: BigInt(stub.paymasterPostOpGasLimit ?? 0),
      }
    }
    const gas = await call('bundler', bundlerUrl, 'eth_estimateUserOperationGas', [toRpc(op), entryPoint08Address], gasEstimateSchema, 'The bundler answered something that is not a gas estimate', signal)
    op = {
      ...op,
      callGasLimit: BigInt(gas.callGasLimit),
      verificationGasLimit: BigInt(gas.verificationGasLimit),
      preVerificationGas: BigInt(gas.preVerificationGas),
      ...(paymasterUrl && gas.paymasterVerificationGasLimit ? { paymasterVerificationGasLimit: BigInt(gas.paymasterVerificationGasLimit) } : {}),
      ...(paymasterUrl && gas.paymasterPostOpGasLimit ? { paymasterPostOpGasLimit: BigInt(gas.paymasterPostOpGasLimit) } : {}),
    }
    if (paymasterUrl && !isFinal) {
      const data = await call('paymaster', paymasterUrl, 'pm_getPaymasterData', [toRpc(op), entryPoint08Address, chainHex, {}], paymasterDataSchema, 'The paymaster answered something that is not paymaster data', signal)
      op = { ...op, paymaster: data.paymaster as Hex, paymasterData: data.paymasterData as Hex }
    }
    const hash = getUserOperationHash({ chainId, entryPointAddress: entryPoint08Address, entryPointVersion: '0.8', userOperation: op as Parameters<typeof getUserOperationHash<'0.8'>>[0]['userOperation'] })
    return { chainId, sender, userOperation: op, hash, sponsored: Boolean(paymasterUrl) }
  }

  async function submit(prepared: PreparedUserOperation, signature: Hex, signal?: AbortSignal): Promise<Hex> {
    const { bundlerUrl } = network(prepared.chainId)
    const op = z.safeParse(userOperationSchema, prepared.userOperation)
    if (!op.success) throw new SmartAccountError('not-prepared', 'This is not a prepared user operation')
    const hash = await call('bundler', bundlerUrl, 'eth_sendUserOperation', [toRpc({ ...op.data, signature }), entryPoint08Address], hash32Schema, 'The bundler answered something that is not a user operation hash', signal)
    return hash as Hex
  }

  async function status(chainId: number, userOpHash: Hex, signal?: AbortSignal): Promise<UserOperationStatus> {
    const { bundlerUrl } = network(chainId)
    const answer = await call('bundler', bundlerUrl, 'eth_getUserOperationReceipt', [userOpHash], receiptSchema, 'The bundler answered something that is not a user operation receipt', signal)
    if (!answer) return { status: 'pending' }
    const { transactionHash, blockHash, blockNumber, gasUsed, status: txStatus, logs } = answer.receipt
    return {
      status: 'included',
      success: answer.success,
      transactionHash: transactionHash as Hex,
      receipts: [{ logs, status: txStatus, blockHash: blockHash as Hex, blockNumber: blockNumber as Hex, gasUsed: gasUsed as Hex, transactionHash: transactionHash as Hex }],
    }
  }

  async function senderOf(chainId: number, userOpHash: Hex): Promise<Hex | undefined> {
    const { bundlerUrl } = network(chainId)
    const answer = await call('bundler', bundlerUrl, 'eth_getUserOperationByHash', [userOpHash], byHashSchema, 'The bundler answered something that is not a user operation', undefined)
    return answer ? getAddress(answer.userOperation.sender) : undefined
  }

  async function waitForInclusion(chainId: number, userOpHash: Hex, { timeoutMs = 60_000, signal }: { timeoutMs?: number; signal?: AbortSignal } = {}) {
    let waited = 0
    for (;;) {
      const current = await status(chainId, userOpHash, signal)
      if (current.status === 'included') return current
      if (waited >= timeoutMs) throw new SmartAccountError('not-included', `The operation was not included within ${Math.round(timeoutMs / 1000)} s`)
      const controller = new AbortController()
      const onAbort = () => controller.abort()
      signal?.addEventListener('abort', onAbort, { once: true })
      try {
        await sleep(1000, controller.signal)
      } catch {
        throw new SmartAccountError('aborted', 'The request was cancelled')
      } finally {
        signal?.removeEventListener('abort', onAbort)
      }
      if (signal?.aborted) throw new SmartAccountError('aborted', 'The request was cancelled')
      waited += 1000
    }
  }

  async function signable(chainId: number, owner: Hex, hash: Hex) {
    const account = await address(chainId, owner)
    const deployed = await isDeployed(chainId, account)
    const digest = hashTypedData({
      domain: { name: 'LatchAccount', version: '1', chainId, verifyingContract: account },
      types: latchAccountMessageTypes,
      primaryType: 'LatchAccountMessage',
      message: { hash },
    })
    const deployCall = factoryCall(selectors.deployAccount, owner)
    return {
      digest,
      finish: (ownerSignature: Hex): Hex =>
        deployed
          ? ownerSignature
          : concat([encodeAbiParameters([{ type: 'address' }, { type: 'bytes' }, { type: 'bytes' }], [latchAccountFactoryAddress, deployCall, ownerSignature]), erc6492Magic]),
    }
  }

  return {
    enabled: Object.keys(options.networks).map(Number),
    paymasterChains: Object.entries(options.networks).flatMap(([chainId, network]) => (network.paymasterUrl ? [Number(chainId)] : [])),
    address: async (chainId, owner) => address(chainId, owner),
    isDeployed: async (chainId, account) => (network(chainId), isDeployed(chainId, account)),
    prepare,
    submit,
    status: (chainId, userOpHash) => status(chainId, userOpHash),
    senderOf,
    waitForInclusion,
    signable,
  }
}
