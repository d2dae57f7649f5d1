/** The frame app's tests' storage and smart-account library: in memory, readable by the test. */
import { concat, getAddress, keccak256, recoverAddress, toHex, type Hex } from 'viem'
import type { Session } from './service-client'
import { SmartAccountError, type PreparedUserOperation, type SmartAccounts, type UserOperationCall, type UserOperationStatus } from './smart-account'
import type { FrameStorage } from './wallet-app'

export function memoryFrameStorage(): FrameStorage & { shares: Map<string, string> } {
  const shares = new Map<string, string>()
  let session: Session | undefined
  let preferences: unknown
  return {
    shares,
    getPreferences: async () => preferences,
    putPreferences: async (next) => void (preferences = structuredClone(next)),
    getDeviceShare: async (id) => shares.get(id),
    putDeviceShare: async (id, share) => void shares.set(id, share),
    getSession: async () => session,
    putSession: async (next) => void (session = next),
  }
}

/** ERC-6492's suffix. */
export const magic6492 = '0x6492649264926492649264926492649264926492649264926492649264926492'

export type MemorySmartAccounts = SmartAccounts & {
  prepares: UserOperationCall[][]
  submits: { prepared: PreparedUserOperation; signature: Hex; ownerSigned: boolean }[]
  deployed: Set<string>
  sponsored: boolean
  /** Operations are included as they are submitted unless false (then `include` does it). */
  autoInclude: boolean
  /** Calls to these addresses revert inside an included operation. */
  reverting: Set<string>
  failPrepare?: SmartAccountError
  failSubmit?: SmartAccountError
  /** When set, prepare waits for the request's withdrawal; `hung` counts the waits. */
  hangPrepare?: boolean
  hung: number
  include(userOpHash: Hex): void
  /** An operation of another wallet the bundler knows. */
  foreign(chainId: number, sender: Hex): Hex
  addressOf(owner: Hex): Hex
}

/** The smart-account library in memory: its address is a function of the owner (the same on every chain, as CREATE2's). */
export function memorySmartAccounts(enabled = [31337]): MemorySmartAccounts {
  const addressOf = (owner: Hex) => getAddress(`0x${keccak256(owner.toLowerCase() as Hex).slice(-40)}`)
  const owners = new Map<string, Hex>()
  const ops = new Map<Hex, { chainId: number; sender: Hex; status: UserOperationStatus }>()
  const waiters = new Map<Hex, () => void>()
  let count = 0
  const included = (hash: Hex, success: boolean): UserOperationStatus => {
    const transactionHash = keccak256(concat([hash, '0x01']))
    return {
      status: 'included',
      success,
      transactionHash,
      receipts: [{ logs: [], status: success ? '0x1' : '0x0', blockHash: keccak256(transactionHash), blockNumber: '0x2a', gasUsed: '0x5208', transactionHash }],
    }
  }
  const refuseChain = (chainId: number) => {
    if (!enabled.includes(chainId)) throw new SmartAccountError('NOT_ENABLED', `No smart accounts on chain ${chainId}`)
  }
  const fake: MemorySmartAccounts = {
    enabled,
    paymasterChains: enabled,
    prepares: [],
    submits: [],
    deployed: new Set(),
    sponsored: true,
    autoInclude: true,
    reverting: new Set(),
    hung: 0,
    addressOf,
    async address(chainId, owner) {
      refuseChain(chainId)
      owners.set(addressOf(owner).toLowerCase(), owner)
      return addressOf(owner)
    },
    async isDeployed(_chainId, account) {
      return fake.deployed.has(account.toLowerCase())
    },
    async prepare(chainId, owner, calls, signal) {
      refuseChain(chainId)
      if (fake.hangPrepare) fake.hung++
      if (fake.hangPrepare) await new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true }))
      if (fake.failPrepare) throw fake.failPrepare
      fake.prepares.push(calls)
      const sender = addressOf(owner)
      const hash = keccak256(toHex(`user operation ${count++} of ${sender}`))
      return { chainId, sender, userOperation: { sender, calls }, hash, sponsored: fake.sponsored }
    },
    async submit(prepared, signature) {
      const owner = owners.get(prepared.sender.toLowerCase())
      const ownerSigned = owner !== undefined && (await recoverAddress({ hash: prepared.hash, signature })) === owner
      if (fake.submits.some((submit) => submit.prepared.hash === prepared.hash)) throw new Error('submitted twice')
      fake.submits.push({ prepared, signature, ownerSigned })
      if (fake.failSubmit) throw fake.failSubmit
      fake.deployed.add(prepared.sender.toLowerCase())
      const success = !(prepared.userOperation as { calls: UserOperationCall[] }).calls.some((call) => fake.reverting.has(call.to.toLowerCase()))
      ops.set(prepared.hash, { chainId: prepared.chainId, sender: prepared.sender, status: fake.autoInclude ? included(prepared.hash, success) : { status: 'pending' } })
      if (!fake.autoInclude) (ops.get(prepared.hash) as { success?: boolean }).success = success
      return prepared.hash
    },
    async status(chainId, hash) {
      const op = ops.get(hash)
      return op && op.chainId === chainId ? op.status : { status: 'pending' }
    },
    async senderOf(chainId, hash) {
      const op = ops.get(hash)
      return op && op.chainId === chainId ? op.sender : undefined
    },
    async waitForInclusion(chainId, hash) {
      const op = ops.get(hash)
      if (!op || op.chainId !== chainId) throw new SmartAccountError('TIMEOUT', 'The operation was not included in time')
      if (op.status.status === 'pending') await new Promise<void>((resolve) => waiters.set(hash, resolve))
      return op.status as Extract<UserOperationStatus, { status: 'included' }>
    },
    include(hash) {
      const op = ops.get(hash) as { status: UserOperationStatus; success?: boolean }
      op.status = included(hash, op.success !== false)
      waiters.get(hash)?.()
    },
    foreign(chainId, sender) {
      const hash = keccak256(toHex(`foreign ${count++}`))
      ops.set(hash, { chainId, sender, status: included(hash, true) })
      return hash
    },
    async signable(chainId, owner, hash) {
      refuseChain(chainId)
      const account = addressOf(owner)
      // What LatchAccount has the owner sign: a digest binding the hash to the account and the chain.
      const digest = keccak256(concat([account, hash, toHex(chainId, { size: 32 })]))
      const deployed = fake.deployed.has(account.toLowerCase())
      return { digest, finish: (signature) => (deployed ? signature : concat([signature, magic6492])) }
    },
  }
  return fake
}
