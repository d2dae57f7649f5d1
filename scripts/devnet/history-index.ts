/**
 * GET /v1/account/{address}/history of the local provider API (docs/behaviour.md, "Provider API"): a small indexer over
 * the stack's anvils. On each request it scans the blocks it has not seen, up to the head: every transaction of the
 * block, its receipt (`eth_getBlockReceipts`), ERC-20 `Transfer` logs (3 topics) and internal ETH transfers
 * (`debug_traceBlockByNumber` with `callTracer`). Every address a transaction moved value for (or sent it) gets an entry,
 * newest first, with its transfers as seen from that address. A block hash changed at a height already scanned (a
 * reorg, or an anvil reset) empties the index, which is rebuilt from block 0. Pages hold 20; the cursor is opaque and
 * names the index generation, so a cursor from before a reset is refused (400).
 */
import { formatUnits, getAddress, isAddress } from 'viem'
import type { DemoToken } from './tokens'

/** A transaction as the history route serves it (docs/behaviour.md, "The history route"). */
export type HistoryTransaction = {
  id: string
  metadata: { minedAt: string; chain: string; status: 'confirmed' | 'failed'; operationType: string; sentFrom: string; sentTo: string }
  transfers: { fungible_info: { name: string; symbol: string; icon: { url: string } | null }; direction: 'in' | 'out' | 'self'; quantity: { numeric: string } }[]
}

export const historyPageSize = 20
const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const approvalTopic = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const approveSelector = '0x095ea7b3'
const zeroAddress = '0x0000000000000000000000000000000000000000'

type Movement = { from: string; to: string; amount: bigint; token?: { symbol: string; name: string; decimals: number } }
type Entry = { block: number; index: number; transaction: HistoryTransaction }
type ChainIndex = {
  generation: number
  /** The next height to scan. */
  next: number
  hashes: Map<number, string>
  /** Lower-case address → its entries, oldest first. */
  byAddress: Map<string, Entry[]>
  /** Serialises the scans. */
  scanning: Promise<void>
}

type Rpc = (method: string, params: unknown[]) => Promise<unknown>

function rpcAt(url: string): Rpc {
  let id = 0
  return async (method, params) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) })
    const json = (await response.json()) as { result?: unknown; error?: { message: string } }
    if (json.error) throw new Error(`${method}: ${json.error.message}`)
    return json.result
  }
}

type Block = { hash: string; number: string; timestamp: string; transactions: { hash: string; from: string; to: string | null; value: string; input: string; transactionIndex: string }[] }
type Receipt = { transactionHash: string; status: string; logs: { address: string; topics: string[]; data: string }[] }
type Call = { from: string; to?: string; value?: string; type: string; calls?: Call[] }

/** The history source: the chains it indexes (CAIP-2 `eip155:<chainId>`) and the tokens it names. */
export type HistoryIndex = {
  /** The route's answer for an address, a CAIP-2 chain id and an optional cursor. */
  history(address: string, query: URLSearchParams): Promise<{ status: number; body: unknown }>
  /** Scans the chain up to its head now (tests). */
  sync(chainId: number): Promise<void>
}

export function createHistoryIndex(chains: readonly { chainId: number; url: string }[], tokens: readonly DemoToken[]): HistoryIndex {
  const indexes = new Map<number, ChainIndex>()
  const known = new Map(tokens.map((token) => [token.address.toLowerCase(), token]))
  const indexOf = (chainId: number): ChainIndex => {
    let index = indexes.get(chainId)
    if (!index) indexes.set(chainId, (index = { generation: 0, next: 0, hashes: new Map(), byAddress: new Map(), scanning: Promise.resolve() }))
    return index
  }

  async function scan(chainId: number, url: string): Promise<void> {
    const rpc = rpcAt(url)
    const index = indexOf(chainId)
    const head = Number(await rpc('eth_blockNumber', []))
    const last = index.next - 1
    if (last >= 0) {
      const block = last > head ? null : ((await rpc('eth_getBlockByNumber', [hex(last), false])) as { hash: string } | null)
      if (block?.hash !== index.hashes.get(last)) reset(index)
    }
    for (let height = index.next; height <= head; height++) {
      const [block, receipts, traces] = await Promise.all([
        rpc('eth_getBlockByNumber', [hex(height), true]) as Promise<Block>,
        rpc('eth_getBlockReceipts', [hex(height)]) as Promise<Receipt[]>,
        rpc('debug_traceBlockByNumber', [hex(height), { tracer: 'callTracer' }]) as Promise<{ txHash?: string; result: Call }[]>,
      ])
      const minedAt = new Date(Number(block.timestamp) * 1000).toISOString().replace('.000Z', 'Z')
      for (const [i, tx] of block.transactions.entries()) {
        const receipt = receipts.find((r) => r.transactionHash === tx.hash)
        const trace = traces.find((t) => t.txHash === tx.hash)?.result ?? traces[i]?.result
        const ok = receipt?.status === '0x1'
        const movements: Movement[] = []
        /** Who the sender let spend its tokens (ERC-20 `Approval` logs, 3 topics: owner, spender). */
        const spenders: string[] = []
        if (BigInt(tx.value) > 0n && tx.to) movements.push({ from: tx.from, to: tx.to, amount: BigInt(tx.value) })
        if (ok && trace) for (const call of internalCalls(trace)) movements.push({ from: call.from, to: call.to as string, amount: BigInt(call.value as string) })
        if (ok) {
          for (const log of receipt?.logs ?? []) {
            if (log.topics.length !== 3) continue
            if (log.topics[0] === approvalTopic && topicAddress(log.topics[1]!) === tx.from.toLowerCase()) spenders.push(topicAddress(log.topics[2]!))
            if (log.topics[0] !== transferTopic) continue
            const token = await tokenOf(rpc, log.address)
            movements.push({ from: topicAddress(log.topics[1]!), to: topicAddress(log.topics[2]!), amount: BigInt(log.data === '0x' ? 0 : log.data), token })
          }
        }
        const sentTo = counterpartyOf(tx, movements)
        const parties = new Set([tx.from, ...(tx.to ? [tx.to] : []), ...movements.flatMap((m) => [m.from, m.to])].map((a) => a.toLowerCase()))
        parties.delete(zeroAddress)
        for (const party of parties) {
          const mine = movements.filter((m) => m.from.toLowerCase() === party || m.to.toLowerCase() === party)
          if (mine.length === 0 && party !== tx.from.toLowerCase()) continue
          const transfers = mine.map((m) => {
            const from = m.from.toLowerCase() === party
            const to = m.to.toLowerCase() === party
            const currency = m.token ?? { symbol: 'ETH', name: 'Ether', decimals: 18 }
            return {
              fungible_info: { name: currency.name, symbol: currency.symbol, icon: null },
              direction: from && to ? ('self' as const) : to ? ('in' as const) : ('out' as const),
              quantity: { numeric: formatUnits(m.amount, currency.decimals) },
            }
          })
          const operationType = operationOf(tx.input, transfers, mine)
          const transaction: HistoryTransaction = {
            id: tx.hash,
            metadata: {
              minedAt,
              chain: `eip155:${chainId}`,
              status: ok ? 'confirmed' : 'failed',
              operationType,
              sentFrom: getAddress(tx.from),
              sentTo: operationType === 'approve' && spenders[0] ? getAddress(spenders[0]) : sentTo,
            },
            transfers,
          }
          const entries = index.byAddress.get(party) ?? []
          entries.push({ block: height, index: Number(tx.transactionIndex), transaction })
          index.byAddress.set(party, entries)
        }
      }
      index.hashes.set(height, block.hash)
      index.next = height + 1
    }
  }

  async function tokenOf(rpc: Rpc, address: string): Promise<{ symbol: string; name: string; decimals: number }> {
    const token = known.get(address.toLowerCase())
    if (token) return token
    const read = async (selector: string) => {
      try {
        return (await rpc('eth_call', [{ to: address, data: selector }, 'latest'])) as string
      } catch {
        return '0x'
      }
    }
    const decimals = Number(BigInt((await read('0x313ce567')).slice(0, 66) || '0x12'))
    const learned = { symbol: '???', name: address, decimals: Number.isFinite(decimals) && decimals <= 36 ? decimals : 18 }
    known.set(address.toLowerCase(), { ...learned, address: address as `0x${string}`, balance: 0n })
    return learned
  }

  function sync(chainId: number): Promise<void> {
    const chain = chains.find((c) => c.chainId === chainId)
    if (!chain) return Promise.resolve()
    const index = indexOf(chainId)
    const run = index.scanning.then(() => scan(chainId, chain.url))
    index.scanning = run.catch(() => {})
    return run
  }

  return {
    sync,
    async history(address, query) {
      if (!isAddress(address, { strict: false })) return { status: 400, body: { message: `not an EVM address: ${address}` } }
      const caip2 = query.get('chainId') ?? ''
      const chainId = Number(/^eip155:(\d+)$/.exec(caip2)?.[1])
      const chain = chains.find((c) => c.chainId === chainId)
      // A network the provider does not index: no history (not an error).
      if (!chain) return { status: 200, body: { data: [], next: null } }
      await sync(chainId)
      const index = indexOf(chainId)
      const newestFirst = [...(index.byAddress.get(address.toLowerCase()) ?? [])].reverse()
      const cursor = query.get('cursor')
      let start = 0
      if (cursor) {
        const at = readCursor(cursor)
        if (!at || at.generation !== index.generation) return { status: 400, body: { message: 'stale or unknown cursor' } }
        start = newestFirst.findIndex((e) => e.block < at.block || (e.block === at.block && e.index < at.index))
        if (start < 0) start = newestFirst.length
      }
      const page = newestFirst.slice(start, start + historyPageSize)
      const last = page[page.length - 1]
      const more = start + historyPageSize < newestFirst.length
      return { status: 200, body: { data: page.map((e) => e.transaction), next: more && last ? writeCursor(index.generation, last.block, last.index) : null } }
    },
  }
}

function reset(index: ChainIndex): void {
  index.generation += 1
  index.next = 0
  index.hashes.clear()
  index.byAddress.clear()
}

/** The calls under the top one that moved ether (the top call's value is the transaction's own). */
function internalCalls(top: Call): Call[] {
  const found: Call[] = []
  const walk = (call: Call) => {
    for (const inner of call.calls ?? []) {
      if (inner.to && inner.type !== 'DELEGATECALL' && inner.type !== 'STATICCALL' && inner.value && BigInt(inner.value) > 0n) found.push(inner)
      walk(inner)
    }
  }
  walk(top)
  return found
}

/**
 * The other side of what the sender did: the recipient of the first value it sent (the `Transfer` log's recipient for
 * a token, not the token's contract), else the transaction's `to` ('' for a contract creation). An approval names its
 * spender instead (from the `Approval` log).
 */
function counterpartyOf(tx: Block['transactions'][number], movements: readonly Movement[]): string {
  const sender = tx.from.toLowerCase()
  const sent = movements.find((m) => m.from.toLowerCase() === sender && m.to.toLowerCase() !== sender)
  if (sent) return getAddress(sent.to)
  return tx.to ? getAddress(tx.to) : ''
}

function operationOf(input: string, transfers: { direction: string }[], movements: Movement[]): string {
  if (input.startsWith(approveSelector) && transfers.length === 0) return 'approve'
  if (movements.some((m) => m.from.toLowerCase() === zeroAddress)) return 'mint'
  const directions = new Set(transfers.map((t) => t.direction))
  if (directions.has('in') && directions.has('out')) return 'trade'
  if (directions.size === 1 && directions.has('in')) return 'receive'
  if (directions.size === 1 && (directions.has('out') || directions.has('self'))) return 'send'
  return 'execute'
}

const topicAddress = (topic: string) => `0x${topic.slice(-40)}`
const hex = (n: number) => `0x${n.toString(16)}`

function writeCursor(generation: number, block: number, index: number): string {
  return Buffer.from(JSON.stringify([generation, block, index])).toString('base64url')
}

function readCursor(cursor: string): { generation: number; block: number; index: number } | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!Array.isArray(value) || value.length !== 3 || !value.every((n) => Number.isSafeInteger(n) && n >= 0)) return undefined
    const [generation, block, index] = value as number[]
    return { generation: generation!, block: block!, index: index! }
  } catch {
    return undefined
  }
}
