/**
 * The local Solana network: litesvm (an in-process SVM from npm) behind a small JSON-RPC + websocket front end
 * on 127.0.0.1, enough for web3.js `Connection`, Latch and the demo. It answers exactly the methods of
 * `svmMethods` (docs/solana.md, "The local Solana network", lists them); any other method answers JSON-RPC
 * -32601 'Method not found'. Transactions run at once: a sent transaction is final when `sendTransaction` answers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { address, getTransactionDecoder, lamports, type Address } from '@solana/kit'
import { LiteSVM, FailedTransactionMetadata } from 'litesvm'
import { decodeBase58, encodeBase58 } from '../../kernel/rules/base58'
import { acceptWebSocket, type Socket } from './websocket'

/** Every method the front end answers over HTTP (and `signatureSubscribe`/`signatureUnsubscribe` over websocket). */
export const svmMethods = [
  'getVersion',
  'getGenesisHash',
  'getHealth',
  'getSlot',
  'getBlockHeight',
  'getEpochInfo',
  'getLatestBlockhash',
  'isBlockhashValid',
  'getBalance',
  'getAccountInfo',
  'getMultipleAccounts',
  'getMinimumBalanceForRentExemption',
  'getFeeForMessage',
  'getSignatureStatuses',
  'sendTransaction',
  'simulateTransaction',
  'requestAirdrop',
  'getTokenAccountsByOwner',
] as const

export const tokenProgramId = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const token2022ProgramId = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/** The local cluster's genesis hash: fixed, so its CAIP-2 id would never change (Latch calls the cluster `solana:localnet`). */
export const svmGenesisHash = 'LatchLocaLSVMGenesis1111111111111111111111111'

/** A running local SVM. */
export type Svm = {
  /** The JSON-RPC URL (http://127.0.0.1:port). */
  url: string
  /** The websocket URL of the same port (ws://127.0.0.1:port). */
  wsUrl: string
  /** The SVM itself, for tests. */
  svm: LiteSVM
  /** Gives `lamports` to `owner` (a base58 address). */
  airdrop(owner: string, amount: bigint): void
  /** Creates an SPL token (Token program) with `decimals`, held by nobody; its mint address. */
  createMint(decimals: number, mintAddress?: string): string
  /** Gives `owner` a token account of `mint` holding `amount` (smallest units); the account's address. */
  mintTo(mint: string, owner: string, amount: bigint, accountAddress?: string): string
  /** Every JSON-RPC method called so far, in order (HTTP and websocket). */
  calls: string[]
  /** Websocket connections: accepted so far, and open now (tests: a client that reconnects shows here). */
  sockets: { readonly accepted: number; readonly open: number }
  stop(): Promise<void>
}

type Status = { slot: bigint; err: unknown }
type RpcError = { code: number; message: string; data?: unknown }

/** Starts the SVM and its front end on 127.0.0.1 (a free port unless given). */
export async function startSvm({ port = 0 }: { port?: number } = {}): Promise<Svm> {
  const svm = new LiteSVM()
  const statuses = new Map<string, Status>()
  const calls: string[] = []
  const subscribers = new Map<number, { socket: Socket; signature: string }>()
  let nextSubscription = 1
  let nextAccount = 1

  const slot = () => svm.getClock().slot
  const context = () => ({ slot: slot() })
  const addr = (value: unknown): Address => {
    if (typeof value !== 'string' || decodeBase58(value)?.length !== 32) throw rpcError(-32602, `Invalid param: not a base58 public key: ${String(value).slice(0, 60)}`)
    return address(value)
  }

  const notify = (signature: string) => {
    const status = statuses.get(signature)
    if (!status) return
    for (const [id, subscriber] of subscribers) {
      if (subscriber.signature !== signature) continue
      subscribers.delete(id)
      subscriber.socket.send(json({ jsonrpc: '2.0', method: 'signatureNotification', params: { result: { context: { slot: status.slot }, value: { err: status.err } }, subscription: id } }))
    }
  }

  const record = (signature: string, err: unknown) => {
    statuses.set(signature, { slot: slot(), err })
    // Each transaction lands in its own slot, so slots and block heights move as on a cluster.
    svm.warpToSlot(slot() + 1n)
    notify(signature)
  }

  const readTransaction = (value: unknown, encoding: unknown) => {
    const bytes = typeof value !== 'string' ? undefined : encoding === 'base64' ? Uint8Array.from(Buffer.from(value, 'base64')) : decodeBase58(value)
    if (!bytes) throw rpcError(-32602, 'Invalid param: the transaction is not base64/base58')
    try {
      return getTransactionDecoder().decode(bytes)
    } catch (cause) {
      throw rpcError(-32602, `Invalid param: not a transaction (${cause instanceof Error ? cause.message : String(cause)})`)
    }
  }

  const accountJson = (account: ReturnType<LiteSVM['getAccount']>) =>
    account.exists
      ? { lamports: Number(account.lamports), owner: account.programAddress, data: [Buffer.from(account.data).toString('base64'), 'base64'], executable: account.executable, rentEpoch: 0, space: account.data.length }
      : null

  const handlers: Record<(typeof svmMethods)[number], (params: unknown[]) => unknown> = {
    getVersion: () => ({ 'solana-core': '2.2.0-litesvm', 'feature-set': 0 }),
    getGenesisHash: () => svmGenesisHash,
    getHealth: () => 'ok',
    getSlot: () => Number(slot()),
    getBlockHeight: () => Number(slot()),
    getEpochInfo: () => ({ absoluteSlot: Number(slot()), blockHeight: Number(slot()), epoch: 0, slotIndex: Number(slot()), slotsInEpoch: 432_000, transactionCount: statuses.size }),
    getLatestBlockhash: () => ({ context: context(), value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: Number(slot()) + 150 } }),
    isBlockhashValid: ([hash]) => ({ context: context(), value: hash === svm.latestBlockhash() }),
    getBalance: ([owner]) => ({ context: context(), value: svm.getBalance(addr(owner)) ?? 0n }),
    getAccountInfo: ([key]) => ({ context: context(), value: accountJson(svm.getAccount(addr(key))) }),
    getMultipleAccounts: ([keys]) => ({ context: context(), value: (Array.isArray(keys) ? keys : []).map((key) => accountJson(svm.getAccount(addr(key)))) }),
    getMinimumBalanceForRentExemption: ([size]) => svm.minimumBalanceForRentExemption(BigInt(Number(size) || 0)),
    getFeeForMessage: () => ({ context: context(), value: 5000 }),
    getSignatureStatuses: ([signatures]) => ({
      context: context(),
      value: (Array.isArray(signatures) ? signatures : []).map((signature) => {
        const status = typeof signature === 'string' ? statuses.get(signature) : undefined
        return status ? { slot: Number(status.slot), confirmations: null, err: status.err, status: status.err ? { Err: status.err } : { Ok: null }, confirmationStatus: 'finalized' } : null
      }),
    }),
    sendTransaction: ([wire, config]) => {
      const transaction = readTransaction(wire, (config as { encoding?: unknown } | undefined)?.encoding ?? 'base58')
      const result = svm.sendTransaction(transaction)
      if (result instanceof FailedTransactionMetadata) {
        throw rpcError(-32002, `Transaction simulation failed: ${result.toString().slice(0, 300)}`, { logs: result.meta().logs() })
      }
      const signature = encodeBase58(result.signature())
      record(signature, null)
      return signature
    },
    simulateTransaction: ([wire, config]) => {
      const result = svm.simulateTransaction(readTransaction(wire, (config as { encoding?: unknown } | undefined)?.encoding ?? 'base58'))
      const failed = result instanceof FailedTransactionMetadata
      const meta = failed ? result.meta() : result.meta()
      return { context: context(), value: { err: failed ? result.toString().slice(0, 300) : null, logs: meta.logs(), unitsConsumed: Number(meta.computeUnitsConsumed()) } }
    },
    requestAirdrop: ([owner, amount]) => {
      const result = svm.airdrop(addr(owner), lamports(BigInt(Number(amount) || 0)))
      if (!result || result instanceof FailedTransactionMetadata) throw rpcError(-32603, `airdrop failed: ${String(result)}`)
      const signature = encodeBase58(result.signature())
      record(signature, null)
      return signature
    },
    getTokenAccountsByOwner: ([owner, filter, config]) => {
      const ownerBytes = decodeBase58(addr(owner)) as Uint8Array
      const { programId, mint } = (filter ?? {}) as { programId?: string; mint?: string }
      const program = programId ?? tokenProgramId
      if (program !== tokenProgramId && program !== token2022ProgramId) throw rpcError(-32602, 'Invalid param: unrecognized Token program id')
      const parsed = (config as { encoding?: unknown } | undefined)?.encoding === 'jsonParsed'
      const value = svm
        .getProgramAccounts(address(program))
        .filter((account) => account.data.length >= 165 && Buffer.from(account.data.subarray(32, 64)).equals(Buffer.from(ownerBytes)))
        .filter((account) => mint === undefined || encodeBase58(account.data.subarray(0, 32)) === mint)
        .map((account) => ({ pubkey: account.address, account: parsed ? parsedTokenAccount(svm, Uint8Array.from(account.data), program, Number(account.lamports)) : accountJson(svm.getAccount(account.address)) }))
      return { context: context(), value }
    },
  }

  const dispatch = (request: unknown): Record<string, unknown> | undefined => {
    const { id = null, method, params } = (typeof request === 'object' && request !== null ? request : {}) as { id?: unknown; method?: unknown; params?: unknown }
    if (typeof method !== 'string') return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid request' } }
    calls.push(method)
    if (!Object.hasOwn(handlers, method)) return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
    try {
      return { jsonrpc: '2.0', id, result: handlers[method as keyof typeof handlers](Array.isArray(params) ? params : []) }
    } catch (error) {
      const known = error as Partial<RpcError>
      return { jsonrpc: '2.0', id, error: typeof known.code === 'number' ? known : { code: -32603, message: error instanceof Error ? error.message : String(error) } }
    }
  }

  const server = createServer((req, res) => void answerHttp(req, res, dispatch))
  const sockets = { accepted: 0, open: 0 }
  server.on('upgrade', (req, stream) => {
    const socket = acceptWebSocket(
      req,
      stream,
      (text, socket) => {
        let message: { id?: unknown; method?: unknown; params?: unknown }
        try {
          message = JSON.parse(text) as typeof message
        } catch {
          return socket.send(json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }))
        }
        const { id = null, method, params } = message
        // web3.js pings with a notification (no id): nothing to answer.
        if (method === 'ping' && id === null) return
        if (typeof method === 'string') calls.push(method)
        if (method === 'signatureSubscribe' && Array.isArray(params) && typeof params[0] === 'string') {
          const subscription = nextSubscription++
          subscribers.set(subscription, { socket, signature: params[0] })
          socket.send(json({ jsonrpc: '2.0', id, result: subscription }))
          return notify(params[0])
        }
        if (method === 'signatureUnsubscribe' && Array.isArray(params)) {
          return socket.send(json({ jsonrpc: '2.0', id, result: subscribers.delete(Number(params[0])) }))
        }
        socket.send(json({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }))
      },
      (socket) => {
        sockets.open -= 1
        for (const [id, subscriber] of subscribers) if (subscriber.socket === socket) subscribers.delete(id)
      },
    )
    if (socket) {
      sockets.accepted += 1
      sockets.open += 1
    }
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => done())
  })
  const { port: chosen } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${chosen}`,
    wsUrl: `ws://127.0.0.1:${chosen}`,
    svm,
    calls,
    sockets,
    airdrop(owner, amount) {
      const result = svm.airdrop(address(owner), lamports(amount))
      if (!result || result instanceof FailedTransactionMetadata) throw new Error(`airdrop to ${owner} failed: ${String(result)}`)
      record(encodeBase58(result.signature()), null)
    },
    createMint(decimals, mintAddress = syntheticAddress(nextAccount++)) {
      const data = new Uint8Array(82)
      const view = new DataView(data.buffer)
      view.setBigUint64(36, 0n, true)
      data[44] = decimals
      data[45] = 1
      svm.setAccount({ address: address(mintAddress), data, executable: false, lamports: lamports(svm.minimumBalanceForRentExemption(82n)), programAddress: address(tokenProgramId), space: 82n })
      return mintAddress
    },
    mintTo(mint, owner, amount, accountAddress = syntheticAddress(nextAccount++)) {
      const mintAccount = svm.getAccount(address(mint))
      if (!mintAccount.exists) throw new Error(`no mint ${mint}`)
      const data = new Uint8Array(165)
      data.set(decodeBase58(mint) as Uint8Array, 0)
      data.set(decodeBase58(owner) as Uint8Array, 32)
      new DataView(data.buffer).setBigUint64(64, amount, true)
      data[108] = 1
      svm.setAccount({ address: address(accountAddress), data, executable: false, lamports: lamports(svm.minimumBalanceForRentExemption(165n)), programAddress: address(tokenProgramId), space: 165n })
      const supply = new DataView(mintAccount.data.buffer.slice(0))
      supply.setBigUint64(36, supply.getBigUint64(36, true) + amount, true)
      svm.setAccount({ ...mintAccount, data: new Uint8Array(supply.buffer) })
      return accountAddress
    },
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

/** The jsonParsed form of an SPL token account, as a validator answers it. */
function parsedTokenAccount(svm: LiteSVM, data: Uint8Array, program: string, balance: number) {
  const mint = encodeBase58(data.subarray(0, 32))
  const mintAccount = svm.getAccount(address(mint))
  const decimals = mintAccount.exists ? (mintAccount.data[44] ?? 0) : 0
  const amount = new DataView(data.buffer, data.byteOffset, data.length).getBigUint64(64, true)
  const whole = amount / 10n ** BigInt(decimals)
  const fraction = (amount % 10n ** BigInt(decimals)).toString().padStart(decimals, '0').replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : `${whole}`
  return {
    data: {
      program: program === tokenProgramId ? 'spl-token' : 'spl-token-2022',
      parsed: {
        info: { isNative: false, mint, owner: encodeBase58(data.subarray(32, 64)), state: 'initialized', tokenAmount: { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString } },
        type: 'account',
      },
      space: data.length,
    },
    executable: false,
    lamports: balance,
    owner: program,
    rentEpoch: 0,
    space: data.length,
  }
}

/** A deterministic address for accounts the front end creates itself (mints, token accounts): 32 bytes, never a real key. */
function syntheticAddress(n: number): string {
  const bytes = new Uint8Array(32)
  bytes.set([0x4c, 0x61, 0x74, 0x63, 0x68], 0)
  new DataView(bytes.buffer).setUint32(28, n)
  return encodeBase58(bytes)
}

async function answerHttp(req: IncomingMessage, res: ServerResponse, dispatch: (request: unknown) => Record<string, unknown> | undefined) {
  // Any local page may call it (the demo runs on another port): JSON bodies need a CORS preflight.
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, solana-client', 'access-control-allow-methods': 'POST, OPTIONS' }
  if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end()
  if (req.method !== 'POST') return void res.writeHead(405, { ...cors, allow: 'POST, OPTIONS' }).end()
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  let body: unknown
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return void res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }))
  }
  const answer = Array.isArray(body) ? body.map(dispatch) : dispatch(body)
  res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(json(answer))
}

function rpcError(code: number, message: string, data?: unknown): RpcError {
  return data === undefined ? { code, message } : { code, message, data }
}

/** JSON with bigints written as exact integers (lamports may exceed 2^53). */
function json(value: unknown): string {
  const marks: string[] = []
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `@bigint:${marks.push(v.toString()) - 1}@` : v))
  return text.replace(/"@bigint:(\d+)@"/g, (_match, i: string) => marks[Number(i)] as string)
}
