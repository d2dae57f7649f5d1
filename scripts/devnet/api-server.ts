/**
 * A local wallet-provider API (docs/behaviour.md, "Provider API") over node:http on 127.0.0.1, for the demo and the
 * end-to-end tests. Routes (all need query parameters projectId, st and sv):
 *
 * - GET  /getWallets?page&entries&search&include&exclude&chains → `{ data: WalletListing[], count }`
 *   (page from 1, entries 1–100, default 40; count = listings matching before paging;
 *   search is a trimmed, case-insensitive name substring; include/exclude/chains are
 *   comma lists; chains keeps wallets listing any of them, a bare family such as `eip155` matching
 *   every chain of that family; badge_type is accepted, ignored)
 * - GET  /getWalletImage/{id} → image/svg+xml for a wallet's id or image_id (404 otherwise);
 *   /public/getAssetImage|getCurrencyImage|getTokenImage/{id} → a generated SVG for any id
 * - GET  /appkit/v1/config → `{ features: Record<string, boolean> }` (kernel's defaultFeatures,
 *   analytics off, then `options.features`) — the shape of Latch's `features` option
 * - GET  /projects/v1/origins → `{ allowedOrigins: string[] }` (default local origins, any port)
 * - GET  /getAnalyticsConfig → `{ isAnalyticsEnabled: boolean }` (default false)
 * - GET  /v1/account/{address}/balance?currency&chainId&forceUpdate → `{ balances: BalanceProviderAsset[] }`: the
 *   native ETH and the demo tokens the address holds on that chain, read from its anvil, tokens priced from a fixed table
 *   (balances-route.ts); `[]` for a chain the stack does not run; only `currency=usd`
 * - GET /v1/account/{address}/history?chainId&cursor → `{ data: Transaction[], next: string | null }`: the address's
 *   transactions on that chain, newest first, 20 a page, from a small indexer over its anvil (docs/behaviour.md, "The history route");
 *   `{ data: [], next: null }` for a chain the stack does not run; 400 for a cursor from before a reorg
 * - the name service of zone `nameZone` (default latch.id), in memory (name-service.ts; docs/behaviour.md, "The name service route"):
 *   - GET  /v1/profile/suggestions/{label}?zone → `{ suggestions: { name, registered }[] }`: the name, then up to 4 free
 *     variants (`alice1`, `alice2` …); 400 for a label that is not 4–63 letters, digits or hyphens, or another zone
 *   - GET  /v1/profile/account/{name} → the name's record `{ name, registered, addresses: { [coinType]: { address } }, attributes }`;
 *     404 'Name not found'
 *   - GET  /v1/profile/reverse/{address} → the records of the names pointing at the address, newest first; 400 for a bad address
 *   - GET  /v1/identity/{address}?sender → `{ name, avatar }`: the newest name held in the zone, else one of `identities`, else nulls
 *   - POST /v1/profile/account `{ coin_type, address, message, signature }` → the record: the message (registrationMessage)
 *     signed by the address, checked on the node of the chain with that coin type; 400 with the reason, 409 'Name already
 *     registered' for a name another address holds; the same address again gets its record unchanged
 * - the swap routes over Uniswap V2 on `chains` (swap-routes.ts; docs/behaviour.md, "The swap routes"): GET /v1/convert/tokens,
 *   /quotes, /allowance, /gas-price, /build-approve, POST /v1/convert/build-transaction and POST /v1/fungible/price; empty
 *   results for a chain the stack does not run, 400 with the reason for a bad query or body
 * - the on-ramp routes (onramp-routes.ts; docs/behaviour.md, "The on-ramp routes"): GET /v1/onramp/options, POST
 *   /v1/onramp/quote, POST /v1/generators/onrampurl (a single-use session token on the provider simulator's checkout,
 *   onramp-provider.ts), and the history route with `onramp=<provider>` (that provider's purchases for the address);
 *   400 `{ message, code }` naming the field
 * - POST /v1/rpc?chainId&projectId (no st and sv) → the JSON-RPC answer of the anvil of that `eip155:<id>` chain, the
 *   body passed through (docs/networks.md, "The provider's RPC endpoint"); 400 for a chain the stack does not run
 * - POST /e → 204; the body is recorded (analytics sink)
 * - with a `ledger`: the regtest ledger's Esplora routes (GET /address/{a}, /address/{a}/utxo, /tx/{txid}/hex, POST /tx;
 *   no projectId) and GET /v1/account/{address}/balance for a bip122 chainId (bitcoin-ledger.ts)
 *
 * Errors are JSON `{ message }`: 400 without projectId/st/sv or on a bad query, 403 for
 * another projectId ('Unauthorized: invalid key'), 404, 405, 413. OPTIONS preflights get 204.
 * CORS: origins matching `corsOrigins` (default: http://127.0.0.1:* and http://localhost:*)
 * are echoed in Access-Control-Allow-Origin.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { defaultFeatures } from '../../kernel/constants'
import { isOriginAllowed } from '../../kernel/rules/origin'
import type { WalletListing } from '../../kernel/types'
import { accountBalances } from './balances-route'
import { createHistoryIndex, type HistoryIndex } from './history-index'
import { createNameService, type NameService } from './name-service'
import type { DemoToken } from './tokens'
import { bitcoinApiRoute, type Ledger } from './bitcoin-ledger'
import { listenOnLoopback } from './serve'
import { createOnrampDesk, onrampHistory, onrampRoute, type OnrampDesk } from './onramp-routes'
import { swapRoute } from './swap-routes'
import { walletImageSvg } from './wallet-image'
import { parseWalletQuery, queryWallets } from './wallet-query'

/** One request the API server answered, for tests to inspect. */
export type RecordedRequest = {
  method: string
  /** Path without the query string, e.g. '/getWallets'. */
  path: string
  query: Record<string, string>
  headers: Record<string, string | string[] | undefined>
  /** Request body as text (POST only). */
  body?: string
  /** The body parsed as JSON, when it parses. */
  json?: unknown
  status: number
  /** Date.now() when the request arrived. */
  at: number
}

/** Options of startApiServer. */
export type ApiServerOptions = {
  wallets: readonly WalletListing[]
  projectId: string
  /** Merged over the defaults of GET /appkit/v1/config. */
  features?: Readonly<Record<string, boolean>>
  allowedOrigins?: readonly string[]
  isAnalyticsEnabled?: boolean
  /** Origin patterns (kernel/rules/origin) that get CORS headers. */
  corsOrigins?: readonly string[]
  port?: number
  /** The chains GET /v1/account/{address}/balance reads (none: every balance list is empty). */
  chains?: readonly { chainId: number; url: string }[]
  /** The tokens it lists. */
  tokens?: readonly DemoToken[]
  /** A regtest ledger whose routes the server answers too (Bitcoin). */
  ledger?: Ledger
  /** The zone of the name service (default 'latch.id'); it accepts the coin types of `chains`. */
  nameZone?: string
  /** Identities GET /v1/identity/{address} answers for addresses without a name in the zone (name-service.ts). */
  identities?: readonly { address: string; name: string; avatar?: string }[]
  /** The clock of the name service and of swap deadlines, in ms (default Date.now): tests move it to age registration messages. */
  now?: () => number
  /**
   * The on-ramp: the desk it shares with the provider simulator (session tokens, purchases; onramp-routes.ts) and the
   * simulator's base URL. Without it the API has a desk of its own and POST /v1/generators/onrampurl answers 503.
   */
  onramp?: { desk: OnrampDesk; checkoutUrl: string }
}

/** A running API server. */
export type ApiServer = { url: string; projectId: string; requests: RecordedRequest[]; stop(): Promise<void> }

const localOrigins = ['http://127.0.0.1:*', 'http://localhost:*'] as const
const maxBody = 1_000_000
const imageRoute = /^\/(getWalletImage|public\/getAssetImage|public\/getCurrencyImage|public\/getTokenImage)\/([^/]+)$/
const balanceRoute = /^\/v1\/account\/([^/]+)\/balance$/
const historyRoute = /^\/v1\/account\/([^/]+)\/history$/

type Reply = { status: number; type?: string; body?: string }

/**
 * POST /v1/rpc?chainId&projectId: the JSON-RPC body passed as it is to the anvil of `chainId` (`eip155:<id>`), its
 * answer passed back; 400 for a chain the stack does not run, 405 for another method, 502 when the anvil fails.
 */
async function rpcProxy(chains: readonly { chainId: number; url: string }[], method: string, query: URLSearchParams, body: string | undefined): Promise<Reply> {
  if (method !== 'POST') return json(405, { message: '/v1/rpc takes POST' })
  const chainId = query.get('chainId') ?? ''
  const chain = chains.find((c) => `eip155:${c.chainId}` === chainId)
  if (!chain) return json(400, { message: `JSON-RPC provider not found for a chain: ${chainId || '(no chainId)'}` })
  try {
    const answer = await fetch(chain.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body ?? '' })
    return { status: answer.status, type: 'application/json', body: await answer.text() }
  } catch (error) {
    return json(502, { message: `the node of ${chainId} failed: ${String(error)}` })
  }
}

/** Starts the local wallet-provider API on 127.0.0.1 (a free port unless `port` is given). */
export async function startApiServer(options: ApiServerOptions): Promise<ApiServer> {
  const requests: RecordedRequest[] = []
  const history = createHistoryIndex(options.chains ?? [], options.tokens ?? [])
  const names = createNameService({ chains: options.chains ?? [], zone: options.nameZone, now: options.now, identities: options.identities })
  const onramp = options.onramp ?? { desk: createOnrampDesk({ now: options.now }) }
  const services: Services = { history, names, onramp }
  const server = createServer((req, res) => {
    void handle(req, res, options, requests, services).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: String(error) }))
    })
  })
  const { url, stop } = await listenOnLoopback(server, options.port)
  return {
    url,
    projectId: options.projectId,
    requests,
    stop,
  }
}

type Services = { history: HistoryIndex; names: NameService; onramp: { desk: OnrampDesk; checkoutUrl?: string } }

async function handle(req: IncomingMessage, res: ServerResponse, options: ApiServerOptions, requests: RecordedRequest[], services: Services): Promise<void> {
  const at = Date.now()
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  const method = req.method ?? 'GET'
  const read = method === 'POST' ? await readBody(req) : undefined
  const bitcoin = read !== null && options.ledger ? bitcoinApiRoute(options.ledger, options.projectId, method, url, read) : undefined
  const reply = read === null ? json(413, { message: `body over ${maxBody} bytes` }) : (bitcoin ?? (await route(method, url, read, options, services)))
  const origin = req.headers.origin
  const headers: Record<string, string> = { 'cache-control': 'no-store', vary: 'Origin' }
  if (origin && isOriginAllowed(origin, options.corsOrigins ?? localOrigins)) {
    headers['access-control-allow-origin'] = origin
    headers['access-control-allow-methods'] = 'GET, POST, OPTIONS'
    headers['access-control-allow-headers'] = req.headers['access-control-request-headers'] ?? 'content-type'
    headers['access-control-max-age'] = '600'
  }
  if (reply.type) headers['content-type'] = reply.type
  res.writeHead(reply.status, headers)
  res.end(reply.body)
  const recorded: RecordedRequest = { method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: { ...req.headers }, status: reply.status, at }
  if (read != null) {
    recorded.body = read
    try {
      recorded.json = JSON.parse(read)
    } catch {
      // not JSON: the text is recorded
    }
  }
  requests.push(recorded)
}

async function route(method: string, url: URL, body: string | undefined, options: ApiServerOptions, { history, names, onramp }: Services): Promise<Reply> {
  if (method === 'OPTIONS') return { status: 204 }
  const query = url.searchParams
  const projectId = query.get('projectId')
  if (!projectId) return json(400, { message: 'projectId is required' })
  if (projectId !== options.projectId) return json(403, { message: 'Unauthorized: invalid key' })
  const path = url.pathname
  // The per-chain JSON-RPC endpoint takes chainId and projectId alone (docs/networks.md, "The provider's RPC endpoint").
  if (path === '/v1/rpc') return rpcProxy(options.chains ?? [], method, query, body)
  if (!query.get('st') || !query.get('sv')) return json(400, { message: 'st and sv are required' })
  const swap = swapRoute({ chains: options.chains ?? [], tokens: options.tokens ?? [], now: options.now }, method, url, body)
  if (swap) {
    const answer = await swap
    return json(answer.status, answer.body)
  }
  const onrampSource = { chains: options.chains ?? [], tokens: options.tokens ?? [], ...onramp }
  const buying = onrampRoute(onrampSource, method, url, body)
  if (buying) {
    const answer = await buying
    return json(answer.status, answer.body)
  }
  const profile = names.route(method, path, query, body)
  if (profile) {
    const answer = await profile
    return json(answer.status, answer.body)
  }
  const image = imageRoute.exec(path)
  const balance = balanceRoute.exec(path)
  const account = historyRoute.exec(path)
  const known = image || balance || account || ['/getWallets', '/appkit/v1/config', '/projects/v1/origins', '/getAnalyticsConfig', '/e'].includes(path)
  if (!known) return json(404, { message: `no route ${path}` })
  const expected = path === '/e' ? 'POST' : 'GET'
  if (method !== expected) return json(405, { message: `${path} takes ${expected}` })
  if (image) return imageReply(image[1]!, decodeURIComponent(image[2]!), options.wallets)
  if (balance) {
    const answer = await accountBalances({ chains: options.chains ?? [], tokens: options.tokens ?? [] }, decodeURIComponent(balance[1]!), query)
    return json(answer.status, answer.body)
  }
  if (account && query.has('onramp')) {
    const answer = onrampHistory(onrampSource, decodeURIComponent(account[1]!), query)
    return json(answer.status, answer.body)
  }
  if (account) {
    const answer = await history.history(decodeURIComponent(account[1]!), query)
    return json(answer.status, answer.body)
  }
  switch (path) {
    case '/getWallets': {
      const parsed = parseWalletQuery(query)
      return 'error' in parsed ? json(400, { message: parsed.error }) : json(200, queryWallets(options.wallets, parsed))
    }
    case '/appkit/v1/config':
      return json(200, { features: { ...defaultFeatures, analytics: false, ...options.features } })
    case '/projects/v1/origins':
      return json(200, { allowedOrigins: options.allowedOrigins ?? localOrigins })
    case '/getAnalyticsConfig':
      return json(200, { isAnalyticsEnabled: options.isAnalyticsEnabled ?? false })
    default: // POST /e: handle() records the body
      return { status: 204 }
  }
}

function imageReply(kind: string, id: string, wallets: readonly WalletListing[]): Reply {
  const wallet = wallets.find((w) => w.id === id || w.image_id === id)
  if (kind === 'getWalletImage' && !wallet) return json(404, { message: `no wallet image ${id}` })
  return { status: 200, type: 'image/svg+xml', body: walletImageSvg(wallet?.name ?? id, id) }
}

function json(status: number, value: unknown): Reply {
  return { status, type: 'application/json', body: JSON.stringify(value) }
}

/** The body as text, or null when it exceeds maxBody. */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= maxBody) chunks.push(chunk)
    })
    req.on('end', () => resolve(size > maxBody ? null : Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}
