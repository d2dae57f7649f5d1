import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { LatchError } from '../kernel/engine/errors'
import { isEvmAddress } from '../kernel/rules/address'
import { isSolanaAddress } from '../kernel/rules/solana-address'
import { decodeBase58, encodeBase58 } from '../kernel/rules/base58'
import { isCaipAddress, isCaipNetworkId, parseCaipAddress, parseCaipNetworkId, toCaipAddress } from '../kernel/rules/caip'
import { ensCoinType, assertRegistrationName, isValidRegistrationName, invalidNameMessage } from '../kernel/rules/names'
import { isOriginAllowed } from '../kernel/rules/origin'
import { classifyRpcResult } from '../kernel/rules/rpc-result'

const runs = { numRuns: 1000 }

// ---- independent oracles (character loops, no shared regexes) ----

/** Counts colons and checks no part is empty, by walking the characters. */
function hasColonParts(value: unknown, parts: number): boolean {
  if (typeof value !== 'string' || value.length === 0) return false
  let colons = 0
  for (let i = 0; i < value.length; i += 1) {
    if (value[i] !== ':') continue
    colons += 1
    if (i === 0 || i === value.length - 1 || value[i - 1] === ':') return false
  }
  return colons === parts - 1
}

const hexDigits = '0123456789abcdefABCDEF'
const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const nameAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-'

/** True when every character of `value` is in `alphabet`. */
function allIn(value: string, alphabet: string): boolean {
  for (const character of value) if (!alphabet.includes(character)) return false
  return true
}

function evmOracle(value: unknown): boolean {
  if (typeof value !== 'string') return false
  const body = value.startsWith('0x') ? value.slice(2) : value
  return body.length === 40 && allIn(body, hexDigits)
}

/** Base58 read as a BigInt: one zero byte per leading '1', then the number's bytes. */
function base58ByteLength(value: string): number {
  let ones = 0
  while (value[ones] === '1') ones += 1
  let n = 0n
  for (const character of value.slice(ones)) n = n * 58n + BigInt(base58Alphabet.indexOf(character))
  return ones + (n === 0n ? 0 : n.toString(16).length + 1 >> 1)
}

function solanaOracle(value: unknown): boolean {
  return typeof value === 'string' && value.length >= 32 && value.length <= 44 && allIn(value, base58Alphabet) && base58ByteLength(value) === 32
}

function rpcOracle(value: unknown): 'transaction' | 'signature' | 'object' {
  if (typeof value !== 'string' || !value.startsWith('0x')) return 'object'
  const body = value.slice(2)
  if (!allIn(body, hexDigits)) return 'object'
  if (body.length === 64) return 'transaction'
  return body.length >= 62 ? 'signature' : 'object'
}

function nameOracle(value: unknown): boolean {
  return typeof value === 'string' && value.length >= 4 && allIn(value, nameAlphabet)
}

/** Runs `run`; returns ['ok', value] or ['threw', error]. */
function attempt<T>(run: () => T): ['ok', T] | ['threw', unknown] {
  try {
    return ['ok', run()]
  } catch (error) {
    return ['threw', error]
  }
}

// ---- generators ----

/** Strings from a small alphabet so colon/prefix edge cases come up often. */
const stringFrom = (alphabet: string, maxLength = 50) =>
  fc.string({ unit: fc.constantFrom(...alphabet.split('')), maxLength })

const anyInput = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  stringFrom('ab:1 '),
  fc.anything(),
)

const caipPart = fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).filter((part) => !part.includes(':'))

describe('CAIP-2 network ids', () => {
  it('valid ids parse and round-trip', () => {
    fc.assert(
      fc.property(caipPart, caipPart, (namespace, reference) => {
        const id = `${namespace}:${reference}`
        expect(parseCaipNetworkId(id)).toEqual({ namespace, reference })
        expect(isCaipNetworkId(id)).toBe(true)
      }),
      runs,
    )
  })

  it('acceptance equals the oracle; rejection is always INVALID_CAIP2 with the catalogue text', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const accepted = hasColonParts(input, 2)
        expect(isCaipNetworkId(input)).toBe(accepted)
        const [outcome, result] = attempt(() => parseCaipNetworkId(input as string))
        expect(outcome === 'ok').toBe(accepted)
        if (outcome === 'threw') {
          expect(result).toBeInstanceOf(LatchError)
          expect(result).toMatchObject({ code: 'INVALID_CAIP2', shortMessage: 'Invalid CAIP-2 network id' })
        }
      }),
      runs,
    )
  })
})

describe('CAIP-10 addresses', () => {
  it('valid addresses parse and round-trip through toCaipAddress', () => {
    fc.assert(
      fc.property(caipPart, caipPart, caipPart, (namespace, reference, address) => {
        const caipAddress = `${namespace}:${reference}:${address}`
        const parsed = parseCaipAddress(caipAddress)
        expect(parsed).toEqual({ namespace, reference, address, caipNetworkId: `${namespace}:${reference}` })
        expect(toCaipAddress(parsed.caipNetworkId, parsed.address)).toBe(caipAddress)
        expect(isCaipAddress(caipAddress)).toBe(true)
      }),
      runs,
    )
  })

  it('acceptance equals the oracle; rejection is always INVALID_CAIP10 with the catalogue text', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const accepted = hasColonParts(input, 3)
        expect(isCaipAddress(input)).toBe(accepted)
        const [outcome, result] = attempt(() => parseCaipAddress(input as string))
        expect(outcome === 'ok').toBe(accepted)
        if (outcome === 'threw') {
          expect(result).toBeInstanceOf(LatchError)
          expect(result).toMatchObject({ code: 'INVALID_CAIP10', shortMessage: 'Invalid CAIP-10 address' })
        }
      }),
      runs,
    )
  })

  it('toCaipAddress only throws LatchErrors and agrees with the oracles', () => {
    fc.assert(
      fc.property(anyInput, anyInput, (network, address) => {
        const [outcome, result] = attempt(() => toCaipAddress(network as string, address as string))
        const expected = typeof address === 'string' && hasColonParts(network, 2) && hasColonParts(`x:y:${address}`, 3)
        expect(outcome === 'ok').toBe(expected)
        if (outcome === 'threw') expect(result).toBeInstanceOf(LatchError)
      }),
      runs,
    )
  })
})

describe('address checks', () => {
  const evmLike = fc.oneof(
    fc.string({ unit: fc.constantFrom(...hexDigits.split('')), minLength: 40, maxLength: 40 }).map((hex) => `0x${hex}`),
    fc.string({ unit: fc.constantFrom(...hexDigits.split('')), minLength: 40, maxLength: 40 }),
    stringFrom('0xXaFg9 \n', 44),
    anyInput,
  )

  it('isEvmAddress equals the oracle', () => {
    fc.assert(fc.property(evmLike, (input) => { expect(isEvmAddress(input)).toBe(evmOracle(input)) }), runs)
  })

  const solanaLike = fc.oneof(
    fc.string({ unit: fc.constantFrom(...base58Alphabet.split('')), minLength: 30, maxLength: 46 }),
    fc.string({ unit: fc.constantFrom(...`${base58Alphabet}0OIl `.split('')), minLength: 30, maxLength: 46 }),
    anyInput,
  )

  it('isSolanaAddress equals the oracle', () => {
    fc.assert(fc.property(solanaLike, (input) => { expect(isSolanaAddress(input)).toBe(solanaOracle(input)) }), runs)
  })

  it('every 32-byte key is a Solana address, and no key of another length is', () => {
    const key = (length: number) => fc.uint8Array({ minLength: length, maxLength: length })
    fc.assert(fc.property(key(32), (bytes) => { expect(isSolanaAddress(encodeBase58(bytes))).toBe(true) }), runs)
    fc.assert(fc.property(fc.oneof(key(31), key(33), fc.uint8Array({ maxLength: 64 }).filter((b) => b.length !== 32)), (bytes) => {
      expect(isSolanaAddress(encodeBase58(bytes))).toBe(false)
    }), runs)
  })
})

describe('base58', () => {
  it('decode(encode(bytes)) is bytes, leading zeros included, and agrees with the BigInt oracle', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        const text = encodeBase58(bytes)
        expect(allIn(text, base58Alphabet)).toBe(true)
        expect(decodeBase58(text)).toEqual(bytes)
        expect(base58ByteLength(text)).toBe(bytes.length)
      }),
      runs,
    )
  })

  it('decode is total: text outside the alphabet and non-strings give undefined, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), anyInput), (input) => {
        const decoded = decodeBase58(input)
        if (typeof input === 'string' && allIn(input, base58Alphabet)) expect(decoded).toBeInstanceOf(Uint8Array)
        else expect(decoded).toBeUndefined()
      }),
      runs,
    )
  })
})

describe('RPC result classification', () => {
  const rpcLike = fc.oneof(
    fc.string({ unit: fc.constantFrom(...hexDigits.split('')), minLength: 58, maxLength: 70 }).map((hex) => `0x${hex}`),
    fc.string({ unit: fc.constantFrom(...`${hexDigits}xg`.split('')), minLength: 60, maxLength: 70 }).map((s) => `0x${s}`),
    anyInput,
  )

  it('classification equals the oracle', () => {
    fc.assert(fc.property(rpcLike, (input) => { expect(classifyRpcResult(input)).toBe(rpcOracle(input)) }), runs)
  })
})

describe('registration names', () => {
  const nameLike = fc.oneof(
    fc.string({ unit: fc.constantFrom(...nameAlphabet.split('')), maxLength: 12 }),
    stringFrom('ab-_.1 é', 8),
    anyInput,
  )

  it('acceptance equals the oracle; rejection is INVALID_NAME with the exact text', () => {
    fc.assert(
      fc.property(nameLike, (input) => {
        const accepted = nameOracle(input)
        expect(isValidRegistrationName(input)).toBe(accepted)
        const [outcome, result] = attempt(() => assertRegistrationName(input))
        expect(outcome === 'ok').toBe(accepted)
        if (outcome === 'threw') {
          expect(result).toBeInstanceOf(LatchError)
          expect(result).toMatchObject({ code: 'INVALID_NAME', shortMessage: invalidNameMessage })
        }
      }),
      runs,
    )
  })

  it('ensCoinType sets the high bit and keeps the chain id, mainnet included', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant(1), fc.integer({ min: 0, max: 0x7fffffff })), (chainId) => {
        const coinType = ensCoinType(chainId)
        expect(coinType).toBeGreaterThanOrEqual(0x80000000)
        expect(coinType).toBeLessThanOrEqual(0xffffffff)
        expect(coinType - 0x80000000).toBe(chainId)
      }),
      runs,
    )
  })

  it('ensCoinType rejects out-of-range ids with a LatchError only', () => {
    const outOfRange = fc.oneof(
      fc.integer({ max: -1 }),
      fc.double().filter((n) => !Number.isInteger(n) || n > 0x7fffffff || n < 0),
      fc.integer({ min: 0x80000000, max: Number.MAX_SAFE_INTEGER }),
    )
    fc.assert(
      fc.property(outOfRange, (chainId) => {
        const [outcome, result] = attempt(() => ensCoinType(chainId))
        expect(outcome).toBe('threw')
        expect(result).toBeInstanceOf(LatchError)
      }),
      runs,
    )
  })
})

/** Oracle: a string that the URL parser serialises back to itself as an origin. */
function isCanonicalOrigin(input: unknown): boolean {
  try {
    return typeof input === 'string' && new URL(input).origin === input
  } catch {
    return false
  }
}

describe('origin allow-check', () => {
  const scheme = fc.constantFrom('http', 'https')
  const validOrigin = fc
    .tuple(scheme, fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }))
    .map(([s, host, port]) => new URL(`${s}://${host}${port === undefined ? '' : `:${port}`}`).origin)

  const patternBody = fc.string({ unit: fc.constantFrom(...'ab.*-:1'.split('')), maxLength: 14 })

  /** Independent oracle: the classic escaped-regex reading of a wildcard pattern. */
  function wildcardOracle(origin: string, pattern: string): boolean {
    const trimmed = pattern.endsWith('/') ? pattern.slice(0, -1) : pattern
    const escaped = trimmed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\*/g, '.*')
    return new RegExp(`^${escaped}$`, 'i').test(origin)
  }

  it('an exact match is always allowed', () => {
    fc.assert(
      fc.property(validOrigin, fc.array(fc.string(), { maxLength: 3 }), (origin, others) => {
        expect(isOriginAllowed(origin, [...others, origin])).toBe(true)
      }),
      runs,
    )
  })

  it('* allows every valid origin', () => {
    fc.assert(fc.property(validOrigin, (origin) => { expect(isOriginAllowed(origin, ['*'])).toBe(true) }), runs)
  })

  it('a pattern never allows an origin whose scheme differs from its own', () => {
    fc.assert(
      fc.property(validOrigin, patternBody, (origin, body) => {
        const otherScheme = origin.startsWith('https:') ? 'http' : 'https'
        const hostPart = origin.slice(origin.indexOf('://') + 3)
        expect(isOriginAllowed(origin, [`${otherScheme}://${body}`])).toBe(false)
        expect(isOriginAllowed(origin, [`${otherScheme}://*`, `${otherScheme}://${hostPart}`])).toBe(false)
      }),
      runs,
    )
  })

  it('wildcard patterns agree with an escaped-regex oracle', () => {
    const pattern = fc.tuple(fc.constantFrom('', 'http://', 'https://', '*://', 'HTTPS://'), patternBody).map(([a, b]) => `${a}${b}`)
    const origin = fc.oneof(
      validOrigin,
      fc.tuple(scheme, fc.string({ unit: fc.constantFrom(...'ab.-1'.split('')), minLength: 1, maxLength: 8 }))
        .map(([s, host]) => `${s}://${host}`)
        .filter(isCanonicalOrigin),
    )
    fc.assert(
      fc.property(origin, pattern.filter((p) => p.includes('*')), (o, p) => {
        expect(isOriginAllowed(o, [p])).toBe(wildcardOracle(o, p))
      }),
      runs,
    )
  })

  it('malformed origins are never allowed, and nothing throws', () => {
    const notCanonical = fc.oneof(
      fc.tuple(validOrigin, fc.constantFrom('/', '/x.example.com', '?a', '#b', ':443x')).map(([o, suffix]) => `${o}${suffix}`),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.anything(),
    )
    fc.assert(
      fc.property(notCanonical, (input) => {
        expect(isOriginAllowed(input as string, ['*'])).toBe(isCanonicalOrigin(input))
      }),
      runs,
    )
  })
})
