/**
 * The provider API's on-ramp routes (docs/behaviour.md, "Buy (on-ramp)"): the options, a quote, the checkout URL, and the
 * purchases of a provider from the history route. Every answer is checked with zod. The checkout URL is returned to the
 * effect and nowhere else: no error made here carries it (it holds a single-use session token).
 */
import * as z from 'zod/mini'
import { LatchError, toLatchError } from '../../kernel/index'
import { getJson, httpError, parseBody, send, type ApiClient } from '../provider-api/index'
import { optionsSchema, quoteSchema, type OnrampQuoteRequest } from './onramp'
import type { OnrampOptions, OnrampQuote } from './rules'

/** A refusal's body: `{ message, code? }` (the limits' texts come this way). */
const refusalSchema = z.object({ message: z.string().check(z.minLength(1), z.maxLength(300)), code: z.optional(z.string().check(z.maxLength(64))) })
/** The checkout URL: http(s), nothing else. */
const urlSchema = z.object({ url: z.string().check(z.maxLength(4096), z.refine((value) => /^https?:\/\//.test(value), 'not an http(s) URL')) })

const amountCodes = new Set(['AMOUNT_TOO_LOW', 'AMOUNT_TOO_HIGH'])

/** The error of a failed call: a 4xx with a message is the route's own refusal (its text shown), anything else `code`. */
async function refusal(path: string, status: number, body: unknown, code: 'ONRAMP_QUOTE_FAILED' | 'ONRAMP_CHECKOUT_FAILED'): Promise<LatchError> {
  const parsed = z.safeParse(refusalSchema, body)
  if (status >= 400 && status < 500 && parsed.success) {
    const { message, code: reason } = parsed.data
    if (reason && amountCodes.has(reason)) return new LatchError('ONRAMP_AMOUNT_REFUSED', { values: { reason: message }, details: `POST ${path}: ${reason}` })
    return new LatchError(code, { details: `POST ${path} answered HTTP ${status}: ${reason ?? ''} ${message}`.slice(0, 400) })
  }
  return new LatchError(code, { details: httpError(path, status).details })
}

/** GET /v1/onramp/options. `ONRAMP_OPTIONS_FAILED` on any failure (then the default list is shown). */
export async function getOnrampOptions(client: ApiClient, signal?: AbortSignal): Promise<OnrampOptions> {
  const path = '/v1/onramp/options'
  try {
    return parseBody(optionsSchema, await getJson(client, { path, signal }), path)
  } catch (error) {
    const cause = toLatchError(error)
    if (cause.code === 'ABORTED') throw cause
    throw new LatchError('ONRAMP_OPTIONS_FAILED', { details: cause.details ?? cause.message, cause: error })
  }
}

/** POST /v1/onramp/quote for one provider. `ONRAMP_AMOUNT_REFUSED` (the route's limit text) or `ONRAMP_QUOTE_FAILED`. */
export async function postOnrampQuote(client: ApiClient, request: OnrampQuoteRequest & { provider: string }, signal?: AbortSignal): Promise<OnrampQuote> {
  const path = '/v1/onramp/quote'
  const body = {
    purchaseCurrency: request.asset,
    paymentCurrency: request.paymentCurrency,
    amount: request.amount,
    network: request.network,
    provider: request.provider,
    paymentMethod: request.paymentMethod,
    projectId: client.projectId,
  }
  let answer
  try {
    answer = await send(client, { path, body, signal })
  } catch (error) {
    const cause = toLatchError(error)
    if (cause.code === 'ABORTED') throw cause
    throw new LatchError('ONRAMP_QUOTE_FAILED', { details: cause.details ?? cause.message, cause: error })
  }
  if (answer.status < 200 || answer.status > 299) throw await refusal(path, answer.status, answer.body, 'ONRAMP_QUOTE_FAILED')
  try {
    return parseBody(quoteSchema, answer.body, path)
  } catch (error) {
    throw new LatchError('ONRAMP_QUOTE_FAILED', { details: toLatchError(error).details })
  }
}

/** What the checkout is for. */
export type CheckoutRequest = OnrampQuoteRequest & { provider: string; address: string; quoteId?: string }

/**
 * POST /v1/generators/onrampurl: the provider's hosted checkout URL, with its single-use session token. The URL is the
 * answer and goes nowhere else; failures carry the status and the route's message, never the URL.
 */
export async function postOnrampUrl(client: ApiClient, request: CheckoutRequest, signal?: AbortSignal): Promise<string> {
  const path = '/v1/generators/onrampurl'
  const body = {
    destinationWallets: [{ address: request.address, blockchains: [request.network], assets: [request.asset] }],
    defaultNetwork: request.network,
    partnerUserId: request.address.toLowerCase(),
    defaultExperience: 'buy',
    presetFiatAmount: request.amount,
    provider: request.provider,
    paymentCurrency: request.paymentCurrency,
    paymentMethod: request.paymentMethod,
    ...(request.quoteId ? { quoteId: request.quoteId } : {}),
    projectId: client.projectId,
  }
  let answer
  try {
    answer = await send(client, { path, body, signal })
  } catch (error) {
    const cause = toLatchError(error)
    if (cause.code === 'ABORTED') throw cause
    throw new LatchError('ONRAMP_CHECKOUT_FAILED', { details: cause.details ?? cause.message })
  }
  if (answer.status < 200 || answer.status > 299) throw await refusal(path, answer.status, answer.body, 'ONRAMP_CHECKOUT_FAILED')
  const parsed = z.safeParse(urlSchema, answer.body)
  // The body is not quoted in the error: it may hold the URL.
  if (!parsed.success) throw new LatchError('ONRAMP_CHECKOUT_FAILED', { details: `POST ${path} answered a body without an http(s) url` })
  return parsed.data.url
}

/** A purchase as the history route reports it (docs/behaviour.md, "The history route", `onramp`). */
export type Purchase = { id: string; status: 'pending' | 'confirmed' | 'failed'; amount: string; symbol: string }

const purchaseSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  metadata: z.object({ status: z.enum(['pending', 'confirmed', 'failed']) }),
  transfers: z.array(z.object({ fungible_info: z.optional(z.object({ symbol: z.optional(z.string().check(z.maxLength(64))) })), quantity: z.object({ numeric: z.string().check(z.regex(/^\d{1,78}(\.\d{1,78})?$/)) }) })).check(z.maxLength(20)),
})
const pageSchema = z.object({ data: z.array(z.unknown()).check(z.maxLength(100)) })

/** GET /v1/account/{address}/history?chainId&onramp=<provider>: that provider's purchases for the address, newest first. */
export async function getPurchases(client: ApiClient, parameters: { address: string; chainId: string; provider: string; signal?: AbortSignal }): Promise<Purchase[]> {
  const path = `/v1/account/${encodeURIComponent(parameters.address)}/history`
  const page = parseBody(pageSchema, await getJson(client, { path, query: { chainId: parameters.chainId, onramp: parameters.provider }, signal: parameters.signal }), path)
  return page.data.flatMap((entry) => {
    const parsed = z.safeParse(purchaseSchema, entry)
    if (!parsed.success) return []
    const transfer = parsed.data.transfers[0]
    return [{ id: parsed.data.id, status: parsed.data.metadata.status, amount: transfer?.quantity.numeric ?? '0', symbol: transfer?.fungible_info?.symbol ?? '' }]
  })
}
