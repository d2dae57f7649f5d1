/**
 * docs/siwx.md, "Messages": the sign-in message of each family, as CAIP-122 lays it out. For eip155 it is exactly
 * EIP-4361 (Sign-In with Ethereum), so any EIP-4361 tool reads it; Solana and Bitcoin use the same layout with their
 * account names ("Solana account", "Bitcoin account") and their CAIP-2 references as chain ids.
 */
import { checksumAddress } from '../../kernel/rules/checksum'
import { LatchError, type ChainNamespace } from '../../kernel/index'
import { isCleanLine } from './statement'

/** The fields of a sign-in message (CAIP-122 / EIP-4361). Times are ISO 8601 strings in UTC, as they are signed. */
export type SiwxFields = {
  /** The RFC 3986 authority asking for the sign-in (`example.com`, `example.com:8443`, `localhost:3000`). */
  domain: string
  /** The account: EIP-55 checksummed for eip155 (lower-case input is checksummed), as the wallet gives it otherwise. */
  address: string
  /** One line for the visitor; no line breaks. */
  statement?: string
  /** The RFC 3986 URI of the resource signed in to. */
  uri: string
  version: '1'
  /** eip155: the chain's number; solana and bip122: the CAIP-2 reference of the network. */
  chainId: string
  /** At least 8 letters or digits, from a cryptographic source (`createNonce`). */
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
  /** A scheme written before the domain (`https://example.com wants you …`). */
  scheme?: string
}

const accountNames: Partial<Record<ChainNamespace, string>> = { eip155: 'Ethereum', solana: 'Solana', bip122: 'Bitcoin' }

const domainPattern = /^(([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+([a-zA-Z]{2,63}|[xX][nN]--[a-zA-Z0-9-]{0,58}[a-zA-Z0-9])|((25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(25[0-5]|2[0-4]\d|[01]?\d\d?)|localhost)(:\d{1,5})?$/
const noncePattern = /^[a-zA-Z0-9]{8,}$/
const schemePattern = /^[a-zA-Z][a-zA-Z0-9+\-.]*$/
// An RFC 3986 URI: a scheme, then only the characters a URI may hold (percent-escapes well formed).
const uriPattern = /^[a-zA-Z][a-zA-Z0-9+\-.]*:(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/
const statementPattern = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/
const requestIdPattern = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*$/
const isoPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/

function invalid(field: string, value: unknown): LatchError {
  return new LatchError('INVALID_PARAMS', { details: `sign-in message: ${field} ${JSON.stringify(value)?.slice(0, 120)} is not valid` })
}

/** The fields checked and normalised (the EVM address checksummed); `INVALID_PARAMS` names the first bad one. */
export function checkFields(ns: ChainNamespace, fields: SiwxFields): SiwxFields {
  if (!accountNames[ns]) throw invalid('namespace', ns)
  if (!domainPattern.test(fields.domain)) throw invalid('domain', fields.domain)
  if (!uriPattern.test(fields.uri)) throw invalid('uri', fields.uri)
  if (fields.version !== '1') throw invalid('version', fields.version)
  if (!noncePattern.test(fields.nonce)) throw invalid('nonce', fields.nonce)
  if (ns === 'eip155' ? !/^[1-9]\d{0,15}$/.test(fields.chainId) : !/^[-_a-zA-Z0-9]{1,32}$/.test(fields.chainId)) throw invalid('chainId', fields.chainId)
  // Every family: no line break, control, bidi or zero-width character (plugins/siwx/statement.ts).
  if (fields.statement !== undefined && !isCleanLine(fields.statement)) throw invalid('statement', fields.statement)
  // EIP-4361's grammar: a statement of RFC 3986 reserved and unreserved characters and spaces, a request id of pchars.
  if (ns === 'eip155' && fields.statement !== undefined && !statementPattern.test(fields.statement)) throw invalid('statement', fields.statement)
  if (ns === 'eip155' && fields.requestId !== undefined && !requestIdPattern.test(fields.requestId)) throw invalid('requestId', fields.requestId)
  if (fields.scheme !== undefined && !schemePattern.test(fields.scheme)) throw invalid('scheme', fields.scheme)
  for (const key of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const value = fields[key]
    if (value !== undefined && (!isoPattern.test(value) || Number.isNaN(Date.parse(value)))) throw invalid(key, value)
  }
  if (fields.requestId !== undefined && !isCleanLine(fields.requestId)) throw invalid('requestId', fields.requestId)
  for (const resource of fields.resources ?? []) if (!uriPattern.test(resource)) throw invalid('resources', resource)
  let address = fields.address
  if (ns === 'eip155') {
    if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw invalid('address', address)
    address = checksumAddress(address)
  } else if (!/^[a-zA-Z0-9]{20,100}$/.test(address)) throw invalid('address', address)
  return { ...fields, address }
}

/** The message a wallet signs (docs/siwx.md, "Messages"). Throws `INVALID_PARAMS` on a field that does not fit. */
export function createSiwxMessage(ns: ChainNamespace, input: SiwxFields): string {
  const fields = checkFields(ns, input)
  const origin = fields.scheme ? `${fields.scheme}://${fields.domain}` : fields.domain
  const statement = fields.statement ? `${fields.statement}\n` : ''
  const lines = [
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
    ...(fields.expirationTime ? [`Expiration Time: ${fields.expirationTime}`] : []),
    ...(fields.notBefore ? [`Not Before: ${fields.notBefore}`] : []),
    ...(fields.requestId ? [`Request ID: ${fields.requestId}`] : []),
    ...(fields.resources ? ['Resources:', ...fields.resources.map((resource) => `- ${resource}`)] : []),
  ]
  return `${origin} wants you to sign in with your ${accountNames[ns]} account:\n${fields.address}\n\n${statement}\n${lines.join('\n')}`
}

const labels: [string, keyof SiwxFields][] = [
  ['URI', 'uri'],
  ['Version', 'version'],
  ['Chain ID', 'chainId'],
  ['Nonce', 'nonce'],
  ['Issued At', 'issuedAt'],
  ['Expiration Time', 'expirationTime'],
  ['Not Before', 'notBefore'],
  ['Request ID', 'requestId'],
]

/**
 * Reads a message back into its family and fields; `INVALID_PARAMS` when it is not a sign-in message Latch would
 * write (lines out of order, a field twice, an unknown line, a bad field).
 */
export function parseSiwxMessage(message: string): { ns: ChainNamespace; fields: SiwxFields } {
  const head = /^(?:([a-zA-Z][a-zA-Z0-9+\-.]*):\/\/)?(\S+) wants you to sign in with your (Ethereum|Solana|Bitcoin) account:\n(\S+)\n\n/.exec(message)
  if (!head) throw invalid('message', message.slice(0, 80))
  const [, scheme, domain, account, address] = head as unknown as [string, string | undefined, string, string, string]
  const ns = (Object.entries(accountNames).find(([, name]) => name === account)?.[0] ?? 'eip155') as ChainNamespace
  let rest = message.slice(head[0].length)
  let statement: string | undefined
  if (!rest.startsWith('\n')) {
    const end = rest.indexOf('\n\n')
    if (end < 0) throw invalid('statement', rest.slice(0, 80))
    statement = rest.slice(0, end)
    rest = rest.slice(end + 1)
  }
  const lines = rest.slice(1).split('\n')
  const fields: Record<string, unknown> = { domain, address, ...(scheme ? { scheme } : {}), ...(statement !== undefined ? { statement } : {}) }
  let at = 0
  for (const [label, key] of labels) {
    const line = lines[at]
    if (line?.startsWith(`${label}: `)) {
      fields[key] = line.slice(label.length + 2)
      at += 1
    }
  }
  if (lines[at] === 'Resources:') {
    fields.resources = lines.slice(at + 1).map((line) => {
      if (!line.startsWith('- ')) throw invalid('resources', line)
      return line.slice(2)
    })
    at = lines.length
  }
  if (at !== lines.length) throw invalid('line', lines[at])
  for (const required of ['uri', 'version', 'chainId', 'nonce', 'issuedAt']) if (fields[required] === undefined) throw invalid(required, undefined)
  const checked = checkFields(ns, fields as SiwxFields)
  if (checked.address !== address) throw invalid('address', address)
  return { ns, fields: checked }
}

/**
 * The account a sign-in message of family `ns` names, or undefined when `message` is not one Latch would write for that
 * family. The verifiers check a signature against this account, never against the one a caller says signed
 * (docs/siwx.md, "Verifying a signature").
 */
export function accountNamed(ns: ChainNamespace, message: unknown): string | undefined {
  if (typeof message !== 'string') return undefined
  try {
    const read = parseSiwxMessage(message)
    return read.ns === ns ? read.fields.address : undefined
  } catch {
    return undefined
  }
}

/** A nonce from the platform's cryptographic source (never Math.random): 16 letters and digits, about 95 bits. */
export function createNonce(random: Pick<Crypto, 'getRandomValues'> = globalThis.crypto): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const out: string[] = []
  while (out.length < 16) {
    for (const byte of random.getRandomValues(new Uint8Array(32))) {
      // 248 = 4 × 62: bytes past it are skipped, so every character is equally likely.
      if (byte < 248 && out.length < 16) out.push(alphabet[byte % 62] as string)
    }
  }
  return out.join('')
}
