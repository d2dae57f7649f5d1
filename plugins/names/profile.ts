/**
 * The provider API's name-service routes (docs/names.md, "The routes"): suggestions, an address's names, and a
 * registration signed by the account. Every answer is checked; junk fails with the route's own error code.
 */
import * as z from 'zod/mini'
import { LatchError, toLatchError } from '../../kernel/index'
import { isValidRegistrationName } from '../../kernel/rules/names'
import { getJson, httpError, parseBody, send, type ApiClient } from '../provider-api/index'
import type { NameSuggestion } from './names'

const nameText = z.string().check(z.minLength(1), z.maxLength(255))
const suggestionsSchema = z.object({
  suggestions: z.array(z.object({ name: nameText, registered: z.boolean() })).check(z.maxLength(20)),
})
const recordSchema = z.object({ name: nameText })
const reverseSchema = z.array(recordSchema).check(z.maxLength(100))
/** A refusal's body: the reason the name service gives, shown to the visitor as it is (docs/names.md, "Errors"). */
const refusalSchema = z.object({ message: z.string().check(z.minLength(1), z.maxLength(200)) })

/**
 * The label of `name` in `zone` ('alice' for 'alice' or 'alice.latch.id'), lower-cased and trimmed; undefined when it
 * breaks the name rule (letters, digits and hyphens, at least 4) or names another zone.
 */
export function labelOf(name: string, zone: string): string | undefined {
  const trimmed = name.trim().toLowerCase()
  const suffix = `.${zone.toLowerCase()}`
  const label = trimmed.endsWith(suffix) ? trimmed.slice(0, -suffix.length) : trimmed
  return isValidRegistrationName(label) && label.length <= 63 ? label : undefined
}

function failWith(code: 'NAME_SUGGESTIONS_FAILED' | 'NAME_LOOKUP_FAILED', error: unknown): never {
  const cause = toLatchError(error)
  if (cause.code === 'ABORTED') throw cause
  throw new LatchError(code, { details: cause.details ?? cause.message, cause: error })
}

/** GET /v1/profile/suggestions/{label}?zone: the name first, then free variants. `NAME_SUGGESTIONS_FAILED` on failure. */
export async function getNameSuggestions(client: ApiClient, parameters: { label: string; zone: string; signal?: AbortSignal }): Promise<NameSuggestion[]> {
  const path = `/v1/profile/suggestions/${encodeURIComponent(parameters.label)}`
  try {
    const body = await getJson(client, { path, query: { zone: parameters.zone }, signal: parameters.signal })
    return parseBody(suggestionsSchema, body, path).suggestions
  } catch (error) {
    return failWith('NAME_SUGGESTIONS_FAILED', error)
  }
}

/** GET /v1/profile/reverse/{address}: the names the address holds, newest first. `NAME_LOOKUP_FAILED` on failure. */
export async function getNamesForAddress(client: ApiClient, parameters: { address: string; signal?: AbortSignal }): Promise<string[]> {
  const path = `/v1/profile/reverse/${encodeURIComponent(parameters.address)}`
  try {
    const body = await getJson(client, { path, query: { sender: parameters.address, apiVersion: 2 }, signal: parameters.signal })
    return parseBody(reverseSchema, body, path).map((record) => record.name)
  } catch (error) {
    return failWith('NAME_LOOKUP_FAILED', error)
  }
}

/** The identity of an address (docs/names.md, "The account's identity"): its name and avatar, each possibly null. */
export type Identity = { name: string | null; avatar: string | null }
const identitySchema = z.object({
  name: z.optional(z.nullable(nameText)),
  avatar: z.optional(z.nullable(z.string().check(z.maxLength(100_000)))),
})

/**
 * GET /v1/identity/{address}?sender: the name and avatar the provider API knows for the address (`sender`, the account
 * asking, is the address itself). `NAME_LOOKUP_FAILED` ('Error fetching names for address') on failure or junk.
 */
export async function getIdentity(client: ApiClient, parameters: { address: string; signal?: AbortSignal }): Promise<Identity> {
  const path = `/v1/identity/${encodeURIComponent(parameters.address)}`
  try {
    const body = await getJson(client, { path, query: { sender: parameters.address }, signal: parameters.signal })
    const identity = parseBody(identitySchema, body, path)
    return { name: identity.name ?? null, avatar: identity.avatar ?? null }
  } catch (error) {
    return failWith('NAME_LOOKUP_FAILED', error)
  }
}

const addressRecordSchema = z.object({
  name: nameText,
  addresses: z.record(z.string().check(z.regex(/^\d{1,10}$/)), z.object({ address: z.string().check(z.maxLength(100)) })),
})

/**
 * GET /v1/profile/account/{name}: the address `name` points at for `coinType` (else for the default EVM coin type,
 * 0x80000000), lower-case; null when the name is not registered or has no EVM address for it. `NAME_RESOLUTION_FAILED` on
 * failure or junk.
 */
export async function getNameAddress(client: ApiClient, parameters: { name: string; coinType: number; signal?: AbortSignal }): Promise<string | null> {
  const path = `/v1/profile/account/${encodeURIComponent(parameters.name)}`
  try {
    const answer = await send(client, { path, query: { apiVersion: 2 }, signal: parameters.signal })
    if (answer.status === 404) return null
    if (answer.status < 200 || answer.status > 299) throw httpError(path, answer.status)
    const record = parseBody(addressRecordSchema, answer.body, path)
    // A record is believed only for the name asked (docs/names.md, "Sending to a name").
    if (record.name.toLowerCase() !== parameters.name.toLowerCase()) throw new LatchError('SERVER_ERROR', { details: `GET ${path} answered the record of another name` })
    const found = record.addresses[String(parameters.coinType)] ?? record.addresses[String(0x80000000)]
    if (!found) return null
    if (!/^0x[0-9a-fA-F]{40}$/.test(found.address)) throw new LatchError('SERVER_ERROR', { details: `GET ${path} answered an address that is not an EVM address` })
    // A record of the zero address points nowhere: the name resolves to nothing (docs/names.md, "Sending to a name").
    return /^0x0{40}$/.test(found.address) ? null : found.address.toLowerCase()
  } catch (error) {
    const cause = toLatchError(error)
    if (cause.code === 'ABORTED') throw cause
    throw new LatchError('NAME_RESOLUTION_FAILED', { details: cause.details ?? cause.message, cause: error })
  }
}

/** The body of POST /v1/profile/account. */
export type NameRegistration = { name: string; coinType: number; address: string; message: string; signature: string; signal?: AbortSignal }

/**
 * POST /v1/profile/account. Fails with `NAME_REGISTRATION_FAILED` ('Error registering name {name}'); when the name
 * service says why (a JSON `{ message }`), that reason is the visitor's text.
 */
export async function postNameRegistration(client: ApiClient, registration: NameRegistration): Promise<string> {
  const path = '/v1/profile/account'
  const { name, coinType, address, message, signature, signal } = registration
  const fail = (details: string, cause?: unknown, reason?: string): never => {
    throw new LatchError('NAME_REGISTRATION_FAILED', { values: { name }, details, cause, ...(reason ? { shortMessage: reason } : {}) })
  }
  let answer: Awaited<ReturnType<typeof send>>
  try {
    answer = await send(client, { path, body: { coin_type: coinType, address, message, signature }, signal })
  } catch (error) {
    const cause = toLatchError(error)
    if (cause.code === 'ABORTED') throw cause
    return fail(cause.details ?? cause.message, error)
  }
  if (answer.status < 200 || answer.status > 299) {
    const refusal = z.safeParse(refusalSchema, answer.body)
    return fail(`POST ${path} answered HTTP ${answer.status}`, undefined, refusal.success ? refusal.data.message : undefined)
  }
  const record = z.safeParse(recordSchema, answer.body)
  if (!record.success || record.data.name !== name) return fail(`POST ${path} answered an invalid body`)
  return record.data.name
}
