/**
 * The on-ramp routes of the local provider API (docs/behaviour.md, "The on-ramp routes"): GET /v1/onramp/options,
 * POST /v1/onramp/quote, POST /v1/generators/onrampurl, and the history route's `onramp` parameter. The session tokens
 * the URL route mints and the purchases the provider simulator (onramp-provider.ts) records live in an `OnrampDesk`
 * the two servers share; tokens go through the services' Store interface (services/wallet/src/store.ts), memory by
 * default, on an injectable clock. Numbers come from onramp-rules.ts (exact integers).
 */
import { createHash, randomBytes } from 'node:crypto'
import { getAddress, isAddress } from 'viem'
import { z } from 'zod'
import { memoryStore, type Store } from '../../services/wallet/src/store'
import {
  formatFiat,
  formatUnits,
  limitRefusal,
  onrampProviders,
  onrampQuote,
  parseFiat,
  parseUnits,
  paymentCurrencies,
  paymentMethods,
  purchaseAssets,
  type OnrampProviderId,
  type PaymentCurrency,
  type PaymentMethod,
  type PurchaseAsset,
} from './onramp-rules'
import type { DemoToken } from './tokens'

/** How long a session token lives: five minutes. */
export const sessionLifeMs = 5 * 60_000
/** How long a checkout page stays payable once its token was taken: fifteen minutes. */
export const checkoutLifeMs = 15 * 60_000

/** The stack's networks by chain id, as the on-ramp names them. */
const networkNames: Readonly<Record<number, { name: string; display_name: string }>> = {
  31337: { name: 'anvil', display_name: 'Anvil' },
  31338: { name: 'anvil-2', display_name: 'Anvil 2' },
}
const networkOf = (chainId: number) => networkNames[chainId] ?? { name: `anvil-${chainId}`, display_name: `Anvil ${chainId}` }

/** What a session token is bound to: the checkout uses these values only. */
export type OnrampSession = {
  address: `0x${string}`
  asset: PurchaseAsset
  network: string
  chainId: number
  provider: OnrampProviderId
  currency: PaymentCurrency
  method: PaymentMethod
  /** The preset fiat amount: the total the visitor pays, in cents (a decimal string). */
  cents: string
  partnerUserId: string
  /** When the token stops working (ms on the desk's clock). */
  expiresAt: number
}

/** One purchase the provider simulator made (or refused). */
export type OnrampPurchase = {
  id: string
  provider: OnrampProviderId
  address: `0x${string}`
  chainId: number
  asset: PurchaseAsset
  /** The amount bought, as a decimal string ("39.6"). */
  numeric: string
  status: 'pending' | 'confirmed' | 'failed'
  /** When it was made (ms on the desk's clock). */
  at: number
  hash?: `0x${string}`
}

/** What the routes and the simulator share: session tokens, checkouts and purchases, on one clock. */
export type OnrampDesk = {
  now(): number
  /** Mints a session token for `session` (single use, five minutes). */
  openSession(session: Omit<OnrampSession, 'expiresAt'>): Promise<string>
  /** The token's session, taken (a second take gets nothing); undefined for an unknown, expired or taken token. */
  takeSession(token: string): Promise<OnrampSession | undefined>
  /** Keeps a session under a new random checkout id (the page's own state, not the token); the id. */
  openCheckout(session: OnrampSession): Promise<string>
  /** The checkout's session, taken (one payment per checkout). */
  takeCheckout(id: string): Promise<OnrampSession | undefined>
  /** Puts a taken checkout back (a form the visitor must correct). */
  returnCheckout(id: string, session: OnrampSession): Promise<void>
  record(purchase: OnrampPurchase): void
  update(id: string, change: Partial<Pick<OnrampPurchase, 'status' | 'hash'>>): void
  purchase(id: string): OnrampPurchase | undefined
  purchases(): readonly OnrampPurchase[]
}

/** A desk over `store` (default: a memory store on the same clock) and the clock `now` (default Date.now). */
export function createOnrampDesk(options: { store?: Store; now?: () => number } = {}): OnrampDesk {
  const now = options.now ?? Date.now
  const store = options.store ?? memoryStore({ now })
  const list: OnrampPurchase[] = []
  // The store never holds a token itself: its key is the token's SHA-256.
  const sessionKey = (token: string) => `onramp:session:${createHash('sha256').update(token).digest('base64url')}`
  const checkoutKey = (id: string) => `onramp:checkout:${id}`
  const parseSession = (value: string | undefined, at: number): OnrampSession | undefined => {
    if (value === undefined) return undefined
    const session = JSON.parse(value) as OnrampSession
    // The clock decides, not the store's TTL (which only forgets).
    return session.expiresAt > at ? session : undefined
  }
  return {
    now,
    async openSession(session) {
      const token = randomBytes(32).toString('base64url')
      await store.set(sessionKey(token), JSON.stringify({ ...session, expiresAt: now() + sessionLifeMs }), sessionLifeMs)
      return token
    },
    async takeSession(token) {
      if (!/^[A-Za-z0-9_-]{22,128}$/.test(token)) return undefined
      return parseSession(await store.take(sessionKey(token)), now())
    },
    async openCheckout(session) {
      const id = `co_${randomBytes(16).toString('base64url')}`
      await store.set(checkoutKey(id), JSON.stringify({ ...session, expiresAt: now() + checkoutLifeMs }), checkoutLifeMs)
      return id
    },
    async takeCheckout(id) {
      if (!/^co_[A-Za-z0-9_-]{22}$/.test(id)) return undefined
      return parseSession(await store.take(checkoutKey(id)), now())
    },
    async returnCheckout(id, session) {
      await store.set(checkoutKey(id), JSON.stringify(session), Math.max(1, session.expiresAt - now()))
    },
    record(purchase) {
      list.push({ ...purchase })
    },
    update(id, change) {
      const found = list.find((p) => p.id === id)
      if (found) Object.assign(found, change)
    },
    purchase(id) {
      const found = list.find((p) => p.id === id)
      return found && { ...found }
    },
    purchases() {
      return list.map((p) => ({ ...p }))
    },
  }
}

/** What the routes need: the chains the stack runs, its tokens, the desk, and the simulator's origin. */
export type OnrampSource = {
  chains: readonly { chainId: number; url: string }[]
  tokens: readonly DemoToken[]
  desk: OnrampDesk
  /** The provider simulator's base URL (its checkout); without it, POST /v1/generators/onrampurl answers 503. */
  checkoutUrl?: string
}

type Answer = { status: number; body: unknown }
const invalid = (message: string): Answer => ({ status: 400, body: { message, code: 'INVALID_REQUEST' } })

/** The assets sold on a network: the coin, and the demo tokens the stack installed. */
function assetsOf(source: OnrampSource): { id: PurchaseAsset; address: string }[] {
  return (Object.keys(purchaseAssets) as PurchaseAsset[]).flatMap((id): { id: PurchaseAsset; address: string }[] => {
    if (id === 'ETH') return [{ id, address: '' }]
    const token = source.tokens.find((t) => t.symbol === id)
    return token ? [{ id, address: token.address }] : []
  })
}

/** The options answer (docs/behaviour.md, "The on-ramp routes"). */
export function onrampOptions(source: OnrampSource) {
  const limits = (Object.keys(paymentMethods) as PaymentMethod[]).map((id) => ({ id, min: formatFiat(paymentMethods[id].min), max: formatFiat(paymentMethods[id].max) }))
  return {
    paymentCurrencies: (Object.keys(paymentCurrencies) as PaymentCurrency[]).map((id) => ({ id, payment_method_limits: limits })),
    purchaseCurrencies: assetsOf(source).map(({ id, address }) => ({
      id,
      name: purchaseAssets[id].name,
      symbol: id,
      networks: source.chains.map(({ chainId }) => ({ ...networkOf(chainId), chain_id: String(chainId), contract_address: address })),
    })),
  }
}

const oneOf = <T extends string>(values: readonly [T, ...T[]], what: string) =>
  z.enum(values, { error: (issue) => (typeof issue.input === 'string' ? `unknown ${what} '${issue.input.slice(0, 40)}'` : `expected a ${what}`) })
const fiat = z.string({ error: 'expected a decimal string' }).refine((s) => parseFiat(s) !== undefined, 'expected an amount with at most 2 decimals, such as "100.00"')
const providerIds = Object.keys(onrampProviders) as [OnrampProviderId, ...OnrampProviderId[]]
const provider = oneOf(providerIds, 'provider')
const currency = oneOf(Object.keys(paymentCurrencies) as [PaymentCurrency, ...PaymentCurrency[]], 'payment currency')
const method = oneOf(Object.keys(paymentMethods) as [PaymentMethod, ...PaymentMethod[]], 'payment method')
const asset = oneOf(Object.keys(purchaseAssets) as [PurchaseAsset, ...PurchaseAsset[]], 'purchase currency')

const quoteBody = z.object({
  purchaseCurrency: asset,
  paymentCurrency: currency,
  amount: fiat,
  network: z.string({ error: 'expected a network name' }).max(64),
  provider: provider.optional(),
  paymentMethod: method.optional(),
  projectId: z.string().optional(),
})

const urlBody = z.object({
  destinationWallets: z
    .array(
      z.object({
        address: z.string({ error: 'expected an address' }).refine((a) => isAddress(a, { strict: false }), 'not an EVM address'),
        blockchains: z.array(z.string().max(64)).min(1).max(20),
        assets: z.array(asset).length(1, 'the local provider sells one asset a session'),
      }),
    )
    .length(1, 'expected exactly one destination wallet'),
  defaultNetwork: z.string().max(64).optional(),
  partnerUserId: z.string({ error: 'expected a string' }).min(1).max(128),
  defaultExperience: z.literal('buy', { error: "expected 'buy'" }).optional(),
  presetCryptoAmount: z.string().refine((s) => /^\d{1,60}(\.\d{1,18})?$/.test(s), 'expected a decimal string').optional(),
  presetFiatAmount: fiat,
  provider: provider.optional(),
  paymentCurrency: currency.optional(),
  paymentMethod: method.optional(),
  quoteId: z.string().max(128).optional(),
  projectId: z.string().optional(),
})

function parse<T extends z.ZodTypeAny>(schema: T, body: string | undefined): { ok: true; value: z.output<T> } | { ok: false; answer: Answer } {
  let input: unknown
  try {
    input = JSON.parse(body ?? '')
  } catch {
    return { ok: false, answer: invalid('request: expected a JSON body') }
  }
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, value: result.data }
  const issue = result.error.issues[0]!
  return { ok: false, answer: invalid(`${issue.path.join('.') || 'request'}: ${issue.message}`) }
}

function chainOfNetwork(source: OnrampSource, network: string): number | undefined {
  return source.chains.find((c) => networkOf(c.chainId).name === network)?.chainId
}

function offered(source: OnrampSource, id: PurchaseAsset): boolean {
  return assetsOf(source).some((a) => a.id === id)
}

const money = (cents: bigint, currency: string) => ({ amount: formatFiat(cents), currency })

function quote(source: OnrampSource, body: string | undefined): Answer {
  const b = parse(quoteBody, body)
  if (!b.ok) return b.answer
  const { purchaseCurrency, paymentCurrency, network } = b.value
  if (chainOfNetwork(source, network) === undefined) return invalid(`network: unknown network '${network.slice(0, 40)}'`)
  if (!offered(source, purchaseCurrency)) return invalid(`purchaseCurrency: unknown purchase currency '${purchaseCurrency}'`)
  const cents = parseFiat(b.value.amount)!
  const chosen = b.value.provider ?? providerIds[0]!
  const refusal = limitRefusal(cents, b.value.paymentMethod ?? 'card', paymentCurrency)
  if (refusal) return { status: 400, body: refusal }
  const n = onrampQuote(cents, chosen, paymentCurrency, purchaseCurrency)
  return {
    status: 200,
    body: {
      quoteId: `q_${randomBytes(12).toString('base64url')}`,
      coinbaseFee: money(n.fee, paymentCurrency),
      networkFee: money(n.networkFee, paymentCurrency),
      paymentSubtotal: money(n.subtotal, paymentCurrency),
      paymentTotal: money(n.total, paymentCurrency),
      purchaseAmount: { amount: formatUnits(n.purchase, purchaseAssets[purchaseCurrency].decimals), currency: purchaseCurrency },
    },
  }
}

async function onrampUrl(source: OnrampSource, body: string | undefined): Promise<Answer> {
  const b = parse(urlBody, body)
  if (!b.ok) return b.answer
  const wallet = b.value.destinationWallets[0]!
  const network = b.value.defaultNetwork ?? (wallet.blockchains.length === 1 ? wallet.blockchains[0]! : undefined)
  if (network === undefined) return invalid('defaultNetwork: required when the wallet lists more than one blockchain')
  if (!wallet.blockchains.includes(network)) return invalid(`destinationWallets.0.blockchains: does not list the network '${network.slice(0, 40)}'`)
  const chainId = chainOfNetwork(source, network)
  if (chainId === undefined) return invalid(`defaultNetwork: unknown network '${network.slice(0, 40)}'`)
  const assetId = wallet.assets[0]!
  if (!offered(source, assetId)) return invalid(`destinationWallets.0.assets.0: unknown purchase currency '${assetId}'`)
  const currencyId = b.value.paymentCurrency ?? 'USD'
  const methodId = b.value.paymentMethod ?? 'card'
  const cents = parseFiat(b.value.presetFiatAmount)!
  const refusal = limitRefusal(cents, methodId, currencyId)
  if (refusal) return { status: 400, body: refusal }
  if (b.value.presetCryptoAmount !== undefined && parseUnits(b.value.presetCryptoAmount, purchaseAssets[assetId].decimals) === undefined)
    return invalid(`presetCryptoAmount: more decimals than ${assetId} has`)
  if (!source.checkoutUrl) return { status: 503, body: { message: 'No on-ramp provider runs here', code: 'PROVIDER_UNAVAILABLE' } }
  const token = await source.desk.openSession({
    address: getAddress(wallet.address),
    asset: assetId,
    network,
    chainId,
    provider: b.value.provider ?? providerIds[0]!,
    currency: currencyId,
    method: methodId,
    cents: String(cents),
    partnerUserId: b.value.partnerUserId,
  })
  return { status: 200, body: { url: `${source.checkoutUrl}/checkout?sessionToken=${token}` } }
}

/** The on-ramp routes' handler: an answer for /v1/onramp/options, /v1/onramp/quote or /v1/generators/onrampurl, undefined for any other path. */
export function onrampRoute(source: OnrampSource, method: string, url: URL, body: string | undefined): Promise<Answer> | undefined {
  const routes: Record<string, { method: 'GET' | 'POST'; run: () => Answer | Promise<Answer> }> = {
    '/v1/onramp/options': { method: 'GET', run: () => ({ status: 200, body: onrampOptions(source) }) },
    '/v1/onramp/quote': { method: 'POST', run: () => quote(source, body) },
    '/v1/generators/onrampurl': { method: 'POST', run: () => onrampUrl(source, body) },
  }
  const route = routes[url.pathname]
  if (!route) return undefined
  if (method !== route.method) return Promise.resolve({ status: 405, body: { message: `${url.pathname} takes ${route.method}` } })
  return Promise.resolve(route.run())
}

/** A purchase in the activity plugin's transaction shape (plugins/activity/transactions.ts). */
export function purchaseTransaction(p: OnrampPurchase) {
  return {
    id: p.id,
    metadata: {
      minedAt: new Date(p.at).toISOString(),
      chain: `eip155:${p.chainId}`,
      status: p.status,
      operationType: 'buy',
      sentFrom: p.provider,
      sentTo: p.address,
      ...(p.hash ? { hash: p.hash } : {}),
    },
    transfers: [{ fungible_info: { name: purchaseAssets[p.asset].name, symbol: p.asset }, direction: 'in', quantity: { numeric: p.numeric } }],
  }
}

/** The most purchases one history answer lists (the activity plugin refuses pages over 100). */
const historyMax = 100

/**
 * The history route with `onramp=<provider>`: that provider's purchases for the address on the chain, newest first,
 * all on one page (`next: null`).
 */
export function onrampHistory(source: OnrampSource, address: string, query: URLSearchParams): Answer {
  const id = query.get('onramp') ?? ''
  if (!providerIds.includes(id as OnrampProviderId)) return invalid(`onramp: unknown provider '${id.slice(0, 40)}'`)
  if (!isAddress(address, { strict: false })) return invalid(`address: not an EVM address: ${address.slice(0, 60)}`)
  const chainId = Number(/^eip155:(\d+)$/.exec(query.get('chainId') ?? '')?.[1])
  const list = source.desk
    .purchases()
    .map((p, index) => ({ p, index }))
    .filter(({ p }) => p.provider === id && p.chainId === chainId && p.address.toLowerCase() === address.toLowerCase())
    .sort((a, b) => b.p.at - a.p.at || b.index - a.index)
    .slice(0, historyMax)
  return { status: 200, body: { data: list.map(({ p }) => purchaseTransaction(p)), next: null } }
}
