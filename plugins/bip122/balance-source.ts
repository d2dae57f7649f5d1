/**
 * Where a Bitcoin balance comes from (docs/bitcoin.md, "Balance"): the provider API when the plugin is given one
 * (GET /v1/account/{address}/balance, the native BTC entry), else an Esplora-style endpoint the integrator gives for
 * the network (GET /address/{address}: funded minus spent, confirmed and in the mempool).
 */
import type { SchedulerLike } from 'rxjs'
import * as z from 'zod/mini'
import { constants, describeIssues, LatchError, sdkVersion } from '../../kernel/index'
import { formatUnitsToDecimalString } from '../../kernel/rules/display'

export type BalanceSource = { kind: 'api'; baseUrl: string; projectId: string } | { kind: 'esplora'; url: string }

/** Largest body read (a balance answer is a few hundred bytes). */
const maxBody = 1_000_000

const satoshis = z.number().check(z.int(), z.nonnegative(), z.lte(Number.MAX_SAFE_INTEGER))
const statsSchema = z.looseObject({ funded_txo_sum: satoshis, spent_txo_sum: satoshis })
const esploraSchema = z.looseObject({ chain_stats: statsSchema, mempool_stats: statsSchema })
const apiSchema = z.object({
  balances: z.array(
    z.looseObject({
      chainId: z.optional(z.string()),
      address: z.optional(z.nullable(z.string())),
      symbol: z.optional(z.string()),
      quantity: z.optional(z.looseObject({ numeric: z.string() })),
    }),
  ).check(z.maxLength(10_000)),
})

/**
 * The balance of `address` on `caipNetworkId`, in BTC as an exact decimal string. Fails with `REQUEST_TIMEOUT` (10 s
 * of the clock port), `NETWORK_ERROR`, `RATE_LIMITED` (429), `SERVER_ERROR` (5xx), `UNKNOWN` (another status) or
 * `INVALID_RESPONSE` (a body that is not a balance); aborting `signal` cancels the request.
 */
export async function fetchBalance(
  source: BalanceSource,
  target: { address: string; caipNetworkId: string },
  ports: { fetch: typeof globalThis.fetch; scheduler: SchedulerLike },
  signal?: AbortSignal,
): Promise<string> {
  if (source.kind === 'esplora') {
    const url = `${source.url.replace(/\/+$/, '')}/address/${encodeURIComponent(target.address)}`
    const parsed = z.safeParse(esploraSchema, await getJson(url, ports, signal))
    if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: `GET ${url}: not an Esplora address answer (${describeIssues(parsed.error.issues)})` })
    const { chain_stats: chain, mempool_stats: mempool } = parsed.data
    const sats = BigInt(chain.funded_txo_sum) - BigInt(chain.spent_txo_sum) + BigInt(mempool.funded_txo_sum) - BigInt(mempool.spent_txo_sum)
    if (sats < 0n) throw new LatchError('INVALID_RESPONSE', { details: `GET ${url}: the address spent more than it received` })
    return formatUnitsToDecimalString(sats, constants.decimals.bip122)
  }
  const query = new URLSearchParams({ projectId: source.projectId, st: 'latch', sv: sdkVersion, currency: 'usd', chainId: target.caipNetworkId })
  const path = `/v1/account/${encodeURIComponent(target.address)}/balance`
  const parsed = z.safeParse(apiSchema, await getJson(`${source.baseUrl.replace(/\/+$/, '')}${path}?${query}`, ports, signal))
  if (!parsed.success) throw new LatchError('INVALID_RESPONSE', { details: `GET ${path}: not a balance answer (${describeIssues(parsed.error.issues)})` })
  // The native entry: this network, no token address, the network's symbol. None means nothing is held.
  const native = parsed.data.balances.find((entry) => entry.chainId === target.caipNetworkId && !entry.address && entry.symbol === 'BTC')
  if (!native) return '0'
  const numeric = native.quantity?.numeric ?? ''
  if (!/^\d{1,8}(\.\d{1,8})?$/.test(numeric)) throw new LatchError('INVALID_RESPONSE', { details: `GET ${path}: the BTC balance ${JSON.stringify(numeric.slice(0, 40))} is not a decimal of at most 8 places` })
  return numeric.includes('.') ? numeric.replace(/\.?0+$/, '') : numeric
}

async function getJson(url: string, ports: { fetch: typeof globalThis.fetch; scheduler: SchedulerLike }, signal?: AbortSignal): Promise<unknown> {
  const controller = new AbortController()
  let timedOut = false
  const timer = ports.scheduler.schedule(() => {
    timedOut = true
    controller.abort()
  }, constants.rpcTimeout)
  const onAbort = () => controller.abort()
  signal?.addEventListener('abort', onAbort, { once: true })
  try {
    const response = await new Promise<Response>((resolve, reject) => {
      controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true })
      ports.fetch(url, { method: 'GET', signal: controller.signal }).then(resolve, reject)
    })
    if (response.status === 429) throw new LatchError('RATE_LIMITED', { details: `GET ${url}: HTTP 429` })
    if (response.status >= 500 && response.status <= 599) throw new LatchError('SERVER_ERROR', { details: `GET ${url}: HTTP ${response.status}` })
    if (!response.ok) throw new LatchError('UNKNOWN', { details: `GET ${url}: HTTP ${response.status}` })
    const text = await response.text()
    if (text.length > maxBody) throw new LatchError('INVALID_RESPONSE', { details: `GET ${url}: a body over ${maxBody} bytes` })
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new LatchError('INVALID_RESPONSE', { details: `GET ${url}: the body is not JSON` })
    }
  } catch (error) {
    if (error instanceof LatchError) throw error
    if (timedOut) throw new LatchError('REQUEST_TIMEOUT', { details: `GET ${url} got no answer in ${constants.rpcTimeout} ms`, cause: error })
    if (signal?.aborted) throw new LatchError('ABORTED', { details: `GET ${url} was cancelled`, cause: error })
    throw new LatchError('NETWORK_ERROR', { details: `GET ${url} failed: ${error instanceof Error ? error.message : String(error)}`, cause: error })
  } finally {
    timer.unsubscribe()
    signal?.removeEventListener('abort', onAbort)
  }
}
