/**
 * The name service of the local provider API (docs/behaviour.md, "The name service route"): an account registers a
 * name in the server's zone (`alice.latch.id`) by signing a short JSON message; anyone looks names up forwards (name →
 * record) and in reverse (address → its records). In memory, one store per server; nothing expires.
 *
 * - `GET  /v1/profile/suggestions/{label}?zone` → `{ suggestions: { name, registered }[] }`: the name asked for, then up to
 *   4 free variants (`alice1`, `alice2` …)
 * - `GET  /v1/profile/account/{name}`           → the name's record, or 404 `{ message: 'Name not found' }`
 * - `GET  /v1/profile/reverse/{address}`        → the address's records, newest registration first (`[]` for none)
 * - `POST /v1/profile/account` `{ coin_type, address, message, signature }` → the record registered (or already held)
 * - `GET  /v1/identity/{address}?sender`         → `{ name, avatar }`: the newest name the address holds in the zone, else
 *   the identity it was given for the address (`identities`), else nulls; 400 without `sender` or for a bad address
 *
 * A label is letters, digits and hyphens, 4 to 63 of them, lower-cased before it is checked. A registration is believed
 * when its message (registrationMessage) names a name in the zone, the address posting it and the coin type of a chain
 * the server runs, is at most 10 minutes old and at most 1 minute ahead of the clock, and carries the address's
 * signature, checked by that chain's node (viem's verifyMessage: plain accounts, EIP-1271 contract accounts and
 * EIP-6492 accounts not yet deployed). A replayed registration is harmless: the message binds the name to the address
 * that signed it, so it can only register what that address asked for, and registering it again changes nothing.
 */
import { createPublicClient, getAddress, http, isAddress, type Hex } from 'viem'
import * as z from 'zod/mini'
import { describeIssues } from '../../kernel/engine/issues'
import { ensCoinType } from '../../kernel/rules/names'
import { registrationMessage } from '../../plugins/names/registration-message'
import { walletNameSuffix } from '../../kernel/engine/storage-keys'

/** The zone of a server started without `nameZone`. */
export const defaultNameZone = walletNameSuffix.slice(1)

/** Bounds of the name service (docs/behaviour.md, "The name service route"). */
export const nameServiceLimits = {
  minLabel: 4,
  maxLabel: 63,
  /** The variants suggested after the name asked for, at most. */
  variants: 4,
  /** How old a registration message may be, in seconds. */
  maxAge: 10 * 60,
  /** How far ahead of the server's clock its timestamp may be, in seconds. */
  maxAhead: 60,
  /** The longest `message` and `signature` read, in characters (bodies as a whole are capped by the server). */
  maxMessage: 2_000,
  maxSignature: 100_000,
} as const

/** The coin type of an EVM chain in the name service: `0x80000000 | chainId`, unsigned, for every chain, mainnet included (Latch's own rule). */
export const coinTypeOf = ensCoinType

/** The exact text an account signs (EIP-191 personal_sign) to register a name: Latch's own (docs/names.md, "Registering"). */
export { registrationMessage }

/** A name's record as the routes serve it. */
export type NameRecord = {
  name: string
  /** When the server registered it, unix seconds. */
  registered: number
  /** By coin type (decimal string): the address the name points at. */
  addresses: Record<string, { address: string }>
  attributes: Record<string, never>
}

export type NameServiceOptions = {
  /** The zone names are registered in (default defaultNameZone). */
  zone?: string
  /** The chains whose coin types it accepts; a signature is checked on the chain of the message's coin type. */
  chains: readonly { chainId: number; url: string }[]
  /** The clock, in ms (default Date.now). */
  now?: () => number
  /** Identities it knows beyond its zone (the stack gives the ENS demo names that name their account, with their avatars). */
  identities?: readonly { address: string; name: string; avatar?: string }[]
}

/** A route's answer: the status and the JSON body (`{ message }` for a refusal). */
export type NameAnswer = { status: number; body: unknown }

export type NameService = {
  /** The answer for a request under /v1/profile/ or /v1/identity/, or undefined for any other path. */
  route(method: string, path: string, query: URLSearchParams, body: string | undefined): Promise<NameAnswer> | undefined
}

type Entry = { name: string; address: string; coinType: number; registered: number; order: number }

const labelPattern = new RegExp(`^[a-z0-9-]{${nameServiceLimits.minLabel},${nameServiceLimits.maxLabel}}$`)
const suggestionsRoute = /^\/v1\/profile\/suggestions\/([^/]+)$/
const accountRoute = /^\/v1\/profile\/account\/([^/]+)$/
const reverseRoute = /^\/v1\/profile\/reverse\/([^/]+)$/
const registerPath = '/v1/profile/account'
const identityRoute = /^\/v1\/identity\/([^/]+)$/

const bodySchema = z.object({
  coin_type: z.number().check(z.int(), z.nonnegative()),
  address: z.string(),
  message: z.string().check(z.maxLength(nameServiceLimits.maxMessage)),
  signature: z.string().check(z.maxLength(nameServiceLimits.maxSignature), z.regex(/^0x(?:[0-9a-fA-F]{2})+$/)),
})
const messageSchema = z.strictObject({
  name: z.string(),
  address: z.string(),
  coin_type: z.number().check(z.int(), z.nonnegative()),
  timestamp: z.number().check(z.int(), z.nonnegative()),
})

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const refuse = (message: string, status = 400): never => {
  throw new Refusal(status, message)
}

export function createNameService(options: NameServiceOptions): NameService {
  const zone = (options.zone ?? defaultNameZone).toLowerCase()
  const suffix = `.${zone}`
  const now = options.now ?? Date.now
  const chains = new Map(options.chains.map((chain) => [coinTypeOf(chain.chainId), chain]))
  const names = new Map<string, Entry>()
  let order = 0

  /** The lower-cased label of a name in the zone, or of a bare label; refused when it breaks the rule. */
  const labelOf = (input: string, bare: boolean): string => {
    const lower = input.toLowerCase()
    if (lower.endsWith(suffix)) return checkedLabel(lower.slice(0, -suffix.length))
    if (!bare || lower.includes('.')) refuse(`${input} is not a name in the zone ${zone}`)
    return checkedLabel(lower)
  }

  const suggestions = (input: string, query: URLSearchParams): NameAnswer => {
    const asked = query.get('zone')
    if (asked !== null && asked.toLowerCase() !== zone) refuse(`unknown zone ${asked}: this server registers names in ${zone}`)
    const label = labelOf(input, true)
    const list = [{ name: label + suffix, registered: names.has(label + suffix) }]
    for (let n = 1; list.length <= nameServiceLimits.variants; n++) {
      const variant = `${label}${n}`
      // Longer with every n: none further can pass.
      if (!labelPattern.test(variant)) break
      if (!names.has(variant + suffix)) list.push({ name: variant + suffix, registered: false })
    }
    return { status: 200, body: { suggestions: list } }
  }

  const lookup = (name: string): NameAnswer => {
    const entry = names.get(name.toLowerCase())
    return entry ? { status: 200, body: recordOf(entry) } : { status: 404, body: { message: 'Name not found' } }
  }

  const reverse = (address: string): NameAnswer => {
    if (!isAddress(address, { strict: false })) refuse(`not an EVM address: ${address}`)
    const lower = address.toLowerCase()
    const held = [...names.values()].filter((entry) => entry.address.toLowerCase() === lower).sort((a, b) => b.registered - a.registered || b.order - a.order)
    return { status: 200, body: held.map(recordOf) }
  }

  /** docs/behaviour.md, "The name service route": the identity of an address, asked by `sender`. */
  const identity = (address: string, query: URLSearchParams): NameAnswer => {
    if (!isAddress(address, { strict: false })) refuse(`not an EVM address: ${address}`)
    const sender = query.get('sender')
    if (sender === null || !isAddress(sender, { strict: false })) refuse('sender must be the EVM address asking')
    const [newest] = reverse(address).body as NameRecord[]
    if (newest) return { status: 200, body: { name: newest.name, avatar: null } }
    const known = options.identities?.find((entry) => entry.address.toLowerCase() === address.toLowerCase())
    return { status: 200, body: { name: known?.name ?? null, avatar: known?.avatar ?? null } }
  }

  const register = async (text: string | undefined): Promise<NameAnswer> => {
    const body = parsed(bodySchema, jsonOf(text ?? '', 'body'), 'body')
    const message = parsed(messageSchema, jsonOf(body.message, 'message'), 'message')
    const name = `${labelOf(message.name, false)}${suffix}`
    if (!isAddress(message.address, { strict: false })) refuse(`message.address is not an EVM address: ${message.address}`)
    if (message.address.toLowerCase() !== body.address.toLowerCase()) refuse(`message.address ${message.address} is not the address posting it (${body.address})`)
    if (message.coin_type !== body.coin_type) refuse(`message.coin_type ${message.coin_type} is not coin_type ${body.coin_type}`)
    const chain = chains.get(body.coin_type) ?? refuse(`coin type ${body.coin_type} is not that of a chain this server runs (${[...chains.keys()].join(', ') || 'none'})`)
    const seconds = Math.floor(now() / 1000)
    if (message.timestamp < seconds - nameServiceLimits.maxAge) refuse(`message expired: its timestamp ${message.timestamp} is more than ${nameServiceLimits.maxAge / 60} minutes old`)
    if (message.timestamp > seconds + nameServiceLimits.maxAhead) refuse(`message timestamp ${message.timestamp} is more than ${nameServiceLimits.maxAhead / 60} minute in the future`)
    const address = getAddress(body.address)
    const client = createPublicClient({ transport: http(chain.url) })
    const valid = await client.verifyMessage({ address, message: body.message, signature: body.signature as Hex })
    if (!valid) refuse('Invalid signature')
    // After the await: the store as it is now, so two registrations of one name cannot both win.
    const held = names.get(name)
    if (held && held.address.toLowerCase() !== address.toLowerCase()) refuse('Name already registered', 409)
    // The same address again (a retry, or a replay of its own message): the record as first registered.
    const entry = held ?? { name, address, coinType: body.coin_type, registered: Math.floor(now() / 1000), order: ++order }
    names.set(name, entry)
    return { status: 200, body: recordOf(entry) }
  }

  return {
    route(method, path, query, body) {
      if (!path.startsWith('/v1/profile/') && !identityRoute.test(path)) return undefined
      return (async (): Promise<NameAnswer> => {
        try {
          const get = (pattern: RegExp) => {
            const match = pattern.exec(path)
            if (!match) return undefined
            if (method !== 'GET') refuse(`${path} takes GET`, 405)
            return decoded(match[1]!)
          }
          if (path === registerPath) return method === 'POST' ? await register(body) : refuse(`${path} takes POST`, 405)
          const label = get(suggestionsRoute)
          if (label !== undefined) return suggestions(label, query)
          const name = get(accountRoute)
          if (name !== undefined) return lookup(name)
          const address = get(reverseRoute)
          if (address !== undefined) return reverse(address)
          const asked = get(identityRoute)
          if (asked !== undefined) return identity(asked, query)
          return refuse(`no route ${path}`, 404)
        } catch (error) {
          if (error instanceof Refusal) return { status: error.status, body: { message: error.message } }
          throw error
        }
      })()
    },
  }
}

function checkedLabel(label: string): string {
  if (!labelPattern.test(label)) refuse(`label "${label}" must be ${nameServiceLimits.minLabel} to ${nameServiceLimits.maxLabel} letters, digits or hyphens`)
  return label
}

function recordOf(entry: Entry): NameRecord {
  return { name: entry.name, registered: entry.registered, addresses: { [String(entry.coinType)]: { address: entry.address } }, attributes: {} }
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return refuse(`malformed path segment ${segment}`)
  }
}

function jsonOf(text: string, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return refuse(`${what} is not JSON`)
  }
}

function parsed<T>(schema: z.ZodMiniType<T>, value: unknown, what: string): T {
  const result = z.safeParse(schema, value)
  return result.success ? result.data : refuse(`invalid ${what}: ${describeIssues(result.error.issues)}`)
}
