/**
 * EIP-5792 batches on anvil, for the dev wallet and the test wallet: `wallet_sendCalls` runs the
 * calls in order, one transaction each from the sending account (anvil's dev accounts are
 * unlocked), and is atomic: anvil's state is snapshotted first (`evm_snapshot`) and reverted
 * (`evm_revert`) when a call fails, so a batch lands whole or not at all. `wallet_getCallsStatus`
 * reports 200 with the receipts in call order, or 400 (not included) for a reverted batch.
 */

/** A JSON-RPC call to the chain the batch is for. */
export type ChainRpc = (method: string, params: unknown[]) => Promise<unknown>

/** An EIP-1193 error, as the wallets throw it. */
export type CallsError = Error & { code: number }

/** One call of a batch, as EIP-5792 sends it. */
export type WireCall = { to?: string; data?: string; value?: string }

/** The `wallet_sendCalls` request object (EIP-5792 2.0). */
export type SendCallsRequest = { version?: string; id?: string; from?: string; chainId?: string; atomicRequired?: boolean; calls?: WireCall[]; capabilities?: Record<string, { optional?: boolean }> }

/** A receipt as `wallet_getCallsStatus` reports it. */
export type CallReceipt = { logs: { address: string; data: string; topics: string[] }[]; status: string; blockHash: string; blockNumber: string; gasUsed: string; transactionHash: string }

/** What `wallet_getCallsStatus` answers. */
export type CallsStatus = { version: '2.0.0'; id: string; chainId: string; status: number; atomic: true; receipts: CallReceipt[] }

const error = (code: number, message: string): CallsError => Object.assign(new Error(message), { code })

/** Checks a `wallet_sendCalls` request the way a wallet would; returns the batch or throws an EIP-1193 error. */
export function readSendCalls(params: unknown, chainId: number, owns: (address: unknown) => boolean): SendCallsRequest & { calls: WireCall[] } {
  const request = (Array.isArray(params) ? params[0] : undefined) as SendCallsRequest | undefined
  if (!request || typeof request !== 'object' || !Array.isArray(request.calls) || request.calls.length === 0) throw error(-32602, 'wallet_sendCalls expects [{ calls: [...] }]')
  if (request.from !== undefined && !owns(request.from)) throw error(4100, `${String(request.from)} is not an account of this wallet`)
  if (request.chainId !== undefined && Number(request.chainId) !== chainId) throw error(5710, `chain ${String(request.chainId)} is not the current chain ${chainId}`)
  const required = Object.entries(request.capabilities ?? {}).filter(([, capability]) => capability?.optional !== true)
  if (required.length > 0) throw error(5700, `unsupported capability ${required.map(([name]) => name).join(', ')}`)
  for (const [i, call] of request.calls.entries()) {
    if (typeof call?.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(call.to)) throw error(-32602, `calls[${i}].to is not an address`)
    if (call.data !== undefined && !/^0x([0-9a-fA-F]{2})*$/.test(call.data)) throw error(-32602, `calls[${i}].data is not hex`)
  }
  return request as SendCallsRequest & { calls: WireCall[] }
}

/** The batches one wallet sent, and how to send and look them up. */
export function createCallsExecutor(options: { wait?: (ms: number) => Promise<void>; randomId?: () => string } = {}) {
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const randomId = options.randomId ?? (() => `0x${[...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('')}`)
  const batches = new Map<string, CallsStatus>()
  // One batch at a time: a revert must not undo another batch's calls.
  let queue: Promise<unknown> = Promise.resolve()

  async function receiptOf(rpc: ChainRpc, hash: string): Promise<CallReceipt & { logs: CallReceipt['logs'] }> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const receipt = (await rpc('eth_getTransactionReceipt', [hash])) as (CallReceipt & { logs: CallReceipt['logs'] }) | null
      if (receipt) return receipt
      await wait(25)
    }
    throw error(-32603, `no receipt for ${hash}`)
  }

  async function execute(rpc: ChainRpc, from: string, request: SendCallsRequest & { calls: WireCall[] }): Promise<{ status: number; receipts: CallReceipt[] }> {
    const snapshot = await rpc('evm_snapshot', [])
    const receipts: CallReceipt[] = []
    try {
      for (const call of request.calls) {
        const hash = (await rpc('eth_sendTransaction', [{ from, to: call.to, ...(call.data ? { data: call.data } : {}), ...(call.value ? { value: call.value } : {}) }])) as string
        const { logs, status, blockHash, blockNumber, gasUsed, transactionHash } = await receiptOf(rpc, hash)
        if (status !== '0x1') throw error(-32603, `call ${receipts.length} reverted`)
        receipts.push({ logs: logs.map(({ address, data, topics }) => ({ address, data, topics })), status, blockHash, blockNumber, gasUsed, transactionHash })
      }
      return { status: 200, receipts }
    } catch {
      // Atomic: what the earlier calls did is undone.
      await rpc('evm_revert', [snapshot])
      return { status: 400, receipts: [] }
    }
  }

  return {
    /** Runs an approved batch on the chain and records its status; resolves with the batch id. */
    send(rpc: ChainRpc, chainId: number, from: string, request: SendCallsRequest & { calls: WireCall[] }): Promise<{ id: string }> {
      const id = request.id ?? randomId()
      if (batches.has(id)) return Promise.reject(error(5720, `a batch with id ${id} exists`))
      const chain = `0x${chainId.toString(16)}`
      batches.set(id, { version: '2.0.0', id, chainId: chain, status: 100, atomic: true, receipts: [] })
      const run = queue.then(() => execute(rpc, from, request))
      queue = run.catch(() => undefined)
      return run.then(
        ({ status, receipts }) => {
          batches.set(id, { version: '2.0.0', id, chainId: chain, status, atomic: true, receipts })
          return { id }
        },
        (cause: unknown) => {
          batches.delete(id)
          throw cause
        },
      )
    },
    /** The status of a batch this wallet sent; 5730 for an id it does not know. */
    status(params: unknown): CallsStatus {
      const id = Array.isArray(params) ? params[0] : undefined
      const batch = typeof id === 'string' ? batches.get(id) : undefined
      if (!batch) throw error(5730, `unknown batch id ${String(id)}`)
      return batch
    },
  }
}
