/**
 * The embedded wallet's smart account (docs/embedded-frame.md, "Smart accounts"): an ERC-4337 account (LatchAccount on
 * EntryPoint v0.8) owned by the wallet's EVM key, counterfactual until its first user operation. This module prepares
 * user operations, sends them to the network's bundler once, follows them to inclusion, and makes ERC-1271 / EIP-6492
 * signatures; it never holds the owner's key: the caller signs the hashes it answers inside its own short use of the secret.
 */
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

export function smartAccounts(_options: SmartAccountsOptions): SmartAccounts {
  throw new Error('smart accounts: not built yet')
}
