import fc from 'fast-check'
import { SiweMessage } from 'siwe'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { createNonce, createSiwxMessage, parseSiwxMessage, type SiwxFields } from '../plugins/siwx/message'

// docs/siwx.md, "Messages": every message Latch writes reads back to the same fields, and for EVM it is EIP-4361 as viem
// writes and reads it and as the siwe package (the reference implementation's grammar) reads and writes it.
const domain = fc.constantFrom('example.com', 'app.example.org:8443', 'localhost:3000', '127.0.0.1:5173', 'xn--bcher-kva.example')
// EIP-4361's grammar: statements of RFC 3986 reserved and unreserved characters and spaces, request ids of pchars.
const line = fc.stringMatching(/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=][A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]{0,58}[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]$/)
const requestId = fc.stringMatching(/^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-F]{2}){1,40}$/)
const date = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString())
const uri = fc.constantFrom('https://example.com', 'https://example.com/login?next=%2F', 'ipfs://bafybeigdyrzt', 'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66')
const evmFields: fc.Arbitrary<SiwxFields> = fc.record(
  {
    domain,
    address: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${[...b].map((x) => x.toString(16).padStart(2, '0')).join('')}`),
    statement: line,
    uri,
    version: fc.constant('1' as const),
    chainId: fc.integer({ min: 1, max: 2 ** 31 }).map(String),
    nonce: fc.stringMatching(/^[a-zA-Z0-9]{8,24}$/),
    issuedAt: date,
    expirationTime: date,
    notBefore: date,
    requestId,
    resources: fc.array(uri, { minLength: 1, maxLength: 3 }),
    scheme: fc.constantFrom('https', 'http'),
  },
  { requiredKeys: ['domain', 'address', 'uri', 'version', 'chainId', 'nonce', 'issuedAt'] },
)

describe('sign-in messages (properties)', () => {
  it('EVM: Latch writes what viem writes, and both read it back to the same fields', () => {
    fc.assert(
      fc.property(evmFields, (input) => {
        const message = createSiwxMessage('eip155', input)
        const { ns, fields } = parseSiwxMessage(message)
        expect(ns).toBe('eip155')
        expect(fields).toEqual({ ...input, address: fields.address })
        expect(fields.address.toLowerCase()).toBe(input.address.toLowerCase())
        const viemMessage = createSiweMessage({
          ...input,
          address: fields.address as `0x${string}`,
          chainId: Number(input.chainId),
          issuedAt: new Date(input.issuedAt),
          expirationTime: input.expirationTime ? new Date(input.expirationTime) : undefined,
          notBefore: input.notBefore ? new Date(input.notBefore) : undefined,
        })
        expect(message).toBe(viemMessage)
        const read = parseSiweMessage(message)
        expect(read.address).toBe(fields.address)
        expect(read.chainId).toBe(Number(input.chainId))
        expect(read.nonce).toBe(input.nonce)
        expect(read.domain).toBe(input.domain)
        expect(read.statement).toBe(input.statement)
        expect(read.uri).toBe(input.uri)
        expect(read.issuedAt?.toISOString()).toBe(input.issuedAt)
        expect(read.expirationTime?.toISOString()).toBe(input.expirationTime)
        expect(read.notBefore?.toISOString()).toBe(input.notBefore)
        expect(read.requestId).toBe(input.requestId)
        expect(read.resources).toEqual(input.resources)
        // The siwe package (the reference implementation's ABNF parser) reads the same fields.
        const reference = new SiweMessage(message)
        expect({
          domain: reference.domain,
          address: reference.address,
          statement: reference.statement,
          uri: reference.uri,
          version: reference.version,
          chainId: String(reference.chainId),
          nonce: reference.nonce,
          issuedAt: reference.issuedAt,
          expirationTime: reference.expirationTime,
          notBefore: reference.notBefore,
          requestId: reference.requestId,
          resources: reference.resources,
          scheme: reference.scheme,
        }).toEqual({ statement: undefined, expirationTime: undefined, notBefore: undefined, requestId: undefined, resources: undefined, scheme: undefined, ...fields })
        expect(reference.prepareMessage()).toBe(message)
      }),
    )
  })

  it('EVM: a statement or request id outside EIP-4361’s grammar is refused when writing (INVALID_PARAMS)', () => {
    const base = { domain: 'example.com', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', uri: 'https://example.com', version: '1' as const, chainId: '1', nonce: 'abcdefgh12', issuedAt: '2026-11-23T00:00:00.000Z' }
    for (const statement of ['say "hi"', 'café', 'a\nb', '100%']) expect(() => createSiwxMessage('eip155', { ...base, statement })).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }))
    for (const requestId of ['a b', '"x"', '%zz']) expect(() => createSiwxMessage('eip155', { ...base, requestId })).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }))
    for (const uri of ['https://example.com/a b', 'https://example.com/"', 'https://example.com/%zz', 'no-scheme']) expect(() => createSiwxMessage('eip155', { ...base, uri })).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }))
    expect(createSiwxMessage('eip155', { ...base, statement: "I accept the Terms: https://example.com/tos (v2); it's fine!", requestId: 'req-1%2F2' })).toContain('Request ID: req-1%2F2')
  })

  it('Solana and Bitcoin: each message reads back to its family and fields', () => {
    const base58 = fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const bech32 = fc.stringMatching(/^bc1q[02-9ac-hj-np-z]{38}$/)
    const family = fc.oneof(
      fc.tuple(fc.constant('solana' as const), base58, fc.constantFrom('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'localnet')),
      fc.tuple(fc.constant('bip122' as const), bech32, fc.constantFrom('000000000019d6689c085ae165831e93', '0f9188f13cb7b2c71f2a335e3a4fc328')),
    )
    fc.assert(
      fc.property(family, evmFields, ([ns, address, chainId], rest) => {
        const input = { ...rest, address, chainId }
        const message = createSiwxMessage(ns, input)
        expect(message).toContain(`wants you to sign in with your ${ns === 'solana' ? 'Solana' : 'Bitcoin'} account:\n${address}\n`)
        expect(parseSiwxMessage(message)).toEqual({ ns, fields: input })
      }),
    )
  })

  it('a statement (or request id) holding a line break, a control, bidi or zero-width character is refused in every family: writing, reading, and in siwx() options', async () => {
    const { siwx } = await import('../plugins/siwx/plugin')
    // docs/siwx.md, "Messages": CR, NEL, the line and paragraph separators, every other control character, the bidi
    // controls and the zero-width characters.
    const named = ['\r', '\n', '\u0085', '\u2028', '\u2029', '\u061c', '\u200e', '\u200f', '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']
    const ranges = [
      [0x202a, 0x202e],
      [0x2066, 0x2069],
      [0x00, 0x1f],
      [0x7f, 0x9f],
    ] as const
    const forbidden = fc.oneof(fc.constantFrom(...named), fc.constantFrom(...ranges).chain(([from, to]) => fc.integer({ min: from, max: to }).map((c) => String.fromCharCode(c))))
    const family = fc.constantFrom(
      { ns: 'eip155' as const, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: '1' },
      { ns: 'solana' as const, address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T', chainId: 'localnet' },
      { ns: 'bip122' as const, address: 'bcrt1q9vza2e8x573nczrlzms0wvx3gsqjx7vay85cr9', chainId: '0f9188f13cb7b2c71f2a335e3a4fc328' },
    )
    const base = { domain: 'example.com', uri: 'https://example.com', version: '1' as const, nonce: 'abcdefgh12', issuedAt: '2026-11-23T00:00:00.000Z' }
    fc.assert(
      fc.property(family, line, forbidden, fc.nat(), ({ ns, address, chainId }, clean, bad, at) => {
        const cut = at % (clean.length + 1)
        const statement = `${clean.slice(0, cut)}${bad}${clean.slice(cut)}`
        const fields = { ...base, address, chainId }
        expect(() => createSiwxMessage(ns, { ...fields, statement })).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }))
        expect(() => createSiwxMessage(ns, { ...fields, requestId: `r${bad}1` })).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }))
        // A message written by hand with it (as a forger would) does not read.
        const written = createSiwxMessage(ns, { ...fields, statement: clean })
        expect(written).toContain(`\n\n${clean}\n`)
        expect(() => parseSiwxMessage(written.replace(`\n\n${clean}\n`, `\n\n${statement}\n`))).toThrow(expect.objectContaining({ code: 'INVALID_PARAMS' }))
        expect(() => siwx({ statement })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }))
      }),
    )
    // Other Unicode stays welcome in Solana and Bitcoin statements (EVM keeps EIP-4361's grammar).
    const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).filter((t) => t.trim() === t && t !== '' && [...t].every((c) => !named.includes(c) && !ranges.some(([from, to]) => c.charCodeAt(0) >= from && c.charCodeAt(0) <= to)))
    fc.assert(
      fc.property(family.filter((f) => f.ns !== 'eip155'), text, ({ ns, address, chainId }, statement) => {
        const message = createSiwxMessage(ns, { ...base, address, chainId, statement })
        expect(parseSiwxMessage(message).fields.statement).toBe(statement)
        expect(() => siwx({ statement })).not.toThrow()
      }),
    )
  })

  it('a message with any line changed, dropped or added is refused or reads to other fields, never to the same', () => {
    fc.assert(
      fc.property(evmFields, fc.nat(), fc.constantFrom('drop', 'duplicate', 'junk'), (input, at, change) => {
        const message = createSiwxMessage('eip155', input)
        const lines = message.split('\n')
        const index = 3 + (at % (lines.length - 3))
        if (lines[index] === '') return
        const changed =
          change === 'drop' ? lines.filter((_, i) => i !== index) : change === 'duplicate' ? [...lines.slice(0, index + 1), ...lines.slice(index)] : [...lines.slice(0, index), 'Junk: x', ...lines.slice(index)]
        let read: ReturnType<typeof parseSiwxMessage> | undefined
        try {
          read = parseSiwxMessage(changed.join('\n'))
        } catch (error) {
          expect((error as { code?: string }).code).toBe('INVALID_PARAMS')
          return
        }
        expect(read.fields).not.toEqual(parseSiwxMessage(message).fields)
      }),
    )
  })

  it('nonces are 16 letters or digits from the cryptographic source, and differ', () => {
    const nonces = new Set(Array.from({ length: 1000 }, () => createNonce()))
    expect(nonces.size).toBe(1000)
    for (const nonce of nonces) expect(nonce).toMatch(/^[a-zA-Z0-9]{16}$/)
    let calls = 0
    const counting = { getRandomValues: <T extends ArrayBufferView | null>(array: T) => ((calls += 1), globalThis.crypto.getRandomValues(array as never) as T) }
    createNonce(counting as Crypto)
    expect(calls).toBeGreaterThan(0)
  })
})

describe('checking a signed-in message (properties)', async () => {
  const { refuseSignIn } = await import('../plugins/siwx/check')
  const hour = 3_600_000
  const good = fc.record({
    now: fc.integer({ min: Date.parse('2001-01-01T00:00:00Z'), max: Date.parse('2098-01-01T00:00:00Z') }),
    before: fc.integer({ min: 0, max: 24 * hour }),
    after: fc.integer({ min: 1, max: 24 * hour }),
    nonce: fc.stringMatching(/^[a-zA-Z0-9]{8,24}$/),
    chainId: fc.integer({ min: 1, max: 2 ** 31 }).map(String),
  })
  const signed = ({ now, before, after, nonce, chainId }: { now: number; before: number; after: number; nonce: string; chainId: string }): SiwxFields => ({
    domain: 'app.example.com',
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    uri: 'https://app.example.com/login',
    version: '1',
    chainId,
    nonce,
    issuedAt: new Date(now - before).toISOString(),
    notBefore: new Date(now - before).toISOString(),
    expirationTime: new Date(now + after).toISOString(),
  })
  const expectation = (v: { now: number; nonce: string; chainId: string }) => ({ ns: 'eip155' as const, domain: 'app.example.com', origin: 'https://app.example.com', chainId: v.chainId, nonce: v.nonce, now: v.now })

  it('a message that says what the dapp expects, inside its window, passes', () => {
    fc.assert(
      fc.property(good, (v) => {
        expect(refuseSignIn('eip155', signed(v), expectation(v))).toBeUndefined()
      }),
    )
  })

  it('any one field changed is refused, for that reason', () => {
    const changes = fc.constantFrom(
      ['domain', { domain: 'evil.example.com' }],
      ['domain', { domain: 'app.example.com.evil.org' }],
      ['uri', { uri: 'https://app.example.com.evil.org/login' }],
      ['uri', { uri: 'https://evil.example.com/' }],
      ['chain', { chainId: '999999999999' }],
      ['nonce', { nonce: 'replayedNonce0' }],
    ) as fc.Arbitrary<[string, Partial<SiwxFields>]>
    fc.assert(
      fc.property(good, changes, (v, [reason, change]) => {
        expect(refuseSignIn('eip155', { ...signed(v), ...change }, expectation(v))?.reason).toBe(reason)
      }),
    )
  })

  it('past its expiry the message is refused as expired, before its not-before as not yet valid, from another family as such', () => {
    fc.assert(
      fc.property(good, fc.integer({ min: 0, max: 48 * hour }), (v, later) => {
        const fields = signed(v)
        expect(refuseSignIn('eip155', fields, expectation({ ...v, now: v.now + v.after + later }))?.reason).toBe('expired')
        expect(refuseSignIn('eip155', { ...fields, issuedAt: new Date(v.now - v.before - 1 - later - 2 * 60_000).toISOString() }, expectation({ ...v, now: v.now - v.before - 1 - later }))?.reason).toBe('not-yet-valid')
        expect(refuseSignIn('solana', fields, expectation(v))?.reason).toBe('family')
      }),
    )
  })
})

describe('verifying a signed sign-in message (properties)', async () => {
  const { privateKeyToAccount } = await import('viem/accounts')
  const { verifyEvmSignIn } = await import('../plugins/siwx/verify')
  const { verifySolanaSignIn } = await import('../plugins/siwx/verify-solana')
  const { encodeBase58 } = await import('../kernel/rules/base58')
  // docs/siwx.md, "Verifying a signature": a signature is of one message; the same message with any one field changed
  // (and written again, so it still reads) no longer verifies, whatever the field.
  const changed: fc.Arbitrary<[keyof SiwxFields, string]> = fc.oneof(
    fc.tuple(fc.constant('domain' as const), fc.constantFrom('evil.example.com', 'example.com.evil.org:443')),
    fc.tuple(fc.constant('uri' as const), fc.constantFrom('https://evil.example.com', 'https://example.com.evil.org/login')),
    fc.tuple(fc.constant('chainId' as const), fc.integer({ min: 1, max: 2 ** 31 }).map(String)),
    fc.tuple(fc.constant('nonce' as const), fc.stringMatching(/^[a-zA-Z0-9]{8,24}$/)),
    fc.tuple(fc.constant('issuedAt' as const), date),
    fc.tuple(fc.constant('expirationTime' as const), date),
    fc.tuple(fc.constant('statement' as const), line),
  )
  const key = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((b) => b.some((x) => x !== 0) && b[0]! < 0xf0)

  it('EVM (EIP-191): the signed message verifies for its account; one field changed does not', async () => {
    await fc.assert(
      fc.asyncProperty(evmFields, key, changed, async (fields, secret, [field, value]) => {
        const account = privateKeyToAccount(`0x${[...secret].map((x) => x.toString(16).padStart(2, '0')).join('')}`)
        const signedFields = { ...fields, address: account.address }
        const message = createSiwxMessage('eip155', signedFields)
        const signature = await account.signMessage({ message })
        expect(await verifyEvmSignIn({ address: account.address, message, signature })).toBe(true)
        fc.pre(signedFields[field] !== value)
        const other = createSiwxMessage('eip155', { ...signedFields, [field]: value })
        expect(await verifyEvmSignIn({ address: account.address, message: other, signature })).toBe(false)
      }),
      { numRuns: 40 },
    )
  })

  it('Solana (Ed25519): the signed message verifies for its key; one field changed does not', async () => {
    const subtle = globalThis.crypto.subtle
    const pair = (await subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair
    const address = encodeBase58(new Uint8Array(await subtle.exportKey('raw', pair.publicKey)))
    const solanaFields = evmFields.map((f) => ({ ...f, address, chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))
    await fc.assert(
      fc.asyncProperty(solanaFields, changed.filter(([field]) => field !== 'chainId'), async (fields, [field, value]) => {
        const message = createSiwxMessage('solana', fields)
        const signature = encodeBase58(new Uint8Array(await subtle.sign({ name: 'Ed25519' }, pair.privateKey, new TextEncoder().encode(message))))
        expect(await verifySolanaSignIn({ address, message, signature })).toBe(true)
        fc.pre(fields[field] !== value)
        const other = createSiwxMessage('solana', { ...fields, [field]: value })
        expect(await verifySolanaSignIn({ address, message: other, signature })).toBe(false)
      }),
      { numRuns: 40 },
    )
  })
})

describe('Ed25519 keys and signatures Solana sign-ins refuse (properties)', async () => {
  const { ed25519 } = await import('@noble/curves/ed25519.js')
  const { verifyEd25519, verifySolanaSignIn } = await import('../plugins/siwx/verify-solana')
  const { encodeBase58 } = await import('../kernel/rules/base58')
  const hex = (text: string) => Uint8Array.from(text.match(/../g)!.map((byte) => parseInt(byte, 16)))
  // The 8 points of small order (1, 2, 4 and 8), canonically encoded: the identity, (0, -1), (±√-1, 0), and the four of
  // order 8. With one of them as the key, [S]B = R + [k]A can hold for any message (R = A = identity, S = 0).
  const smallOrder = [
    '0100000000000000000000000000000000000000000000000000000000000000',
    'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
    '0000000000000000000000000000000000000000000000000000000000000000',
    '0000000000000000000000000000000000000000000000000000000000000080',
    '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
    '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85',
    'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
    'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa',
  ].map(hex)
  const { Point } = ed25519
  const order = Point.CURVE().n
  const p = Point.CURVE().p
  const le = (value: bigint) => Uint8Array.from({ length: 32 }, (_, i) => Number((value >> BigInt(8 * i)) & BigInt(0xff)))
  const runs = { numRuns: 60 }
  const secret = fc.uint8Array({ minLength: 32, maxLength: 32 })
  const text = fc.string({ unit: 'grapheme', maxLength: 60 })
  const signIn = (address: string, statement: string) =>
    createSiwxMessage('solana', { domain: 'example.com', address, ...(statement ? { statement } : {}), uri: 'https://example.com', version: '1', chainId: 'localnet', nonce: 'abcdefgh12', issuedAt: '2026-11-23T00:00:00.000Z' })
  const statement = fc.stringMatching(/^[A-Za-z0-9 .,]{0,40}$/).map((t) => t.trim())

  it('the list is the 8 small-order points: each distinct, [8]P the identity', () => {
    const points = smallOrder.map((bytes) => Point.fromBytes(bytes))
    for (const point of points) expect(point.multiplyUnsafe(BigInt(8)).is0()).toBe(true)
    expect(new Set(points.map((point) => point.toHex())).size).toBe(8)
  })

  it('a small-order key verifies nothing, whatever R (small order too) and S below L, and whatever the message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 7 }), fc.nat({ max: 7 }), fc.bigInt({ min: BigInt(0), max: order - BigInt(1) }), fc.constantFrom(BigInt(0), BigInt(1)), statement, async (key, r, s, zero, words) => {
        const publicKey = smallOrder[key]!
        const signature = Uint8Array.of(...smallOrder[r]!, ...le(zero === BigInt(0) ? BigInt(0) : s))
        const message = signIn(encodeBase58(publicKey), words)
        expect(verifyEd25519(publicKey, new TextEncoder().encode(message), signature)).toBe(false)
        expect(await verifySolanaSignIn({ address: encodeBase58(publicKey), message, signature: encodeBase58(signature) })).toBe(false)
      }),
      runs,
    )
  })

  it('a real signature verifies; with S + L, with R of small order, or with a non-canonical key or R, it does not', async () => {
    // Non-canonical encodings: y from p to 2^255 - 1 (it names y - p), or the sign bit set on a point whose x is 0.
    const nonCanonical = fc.oneof(
      fc.tuple(fc.bigInt({ min: p, max: (BigInt(1) << BigInt(255)) - BigInt(1) }), fc.boolean()).map(([y, sign]) => le(sign ? y | (BigInt(1) << BigInt(255)) : y)),
      fc.constantFrom(hex('0100000000000000000000000000000000000000000000000000000000000080'), hex('ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff')),
    )
    await fc.assert(
      fc.asyncProperty(secret, statement, nonCanonical, fc.nat({ max: 7 }), async (key, words, bad, small) => {
        const publicKey = ed25519.getPublicKey(key)
        const address = encodeBase58(publicKey)
        const message = signIn(address, words)
        const bytes = new TextEncoder().encode(message)
        const signature = ed25519.sign(bytes, key)
        expect(verifyEd25519(publicKey, bytes, signature)).toBe(true)
        expect(await verifySolanaSignIn({ address, message, signature: encodeBase58(signature) })).toBe(true)
        // S + L: the same equation, another encoding (malleable), when it fits in 256 bits.
        const s = signature.subarray(32).reduceRight((value, byte) => (value << BigInt(8)) | BigInt(byte), BigInt(0))
        if (s + order < BigInt(1) << BigInt(256)) expect(verifyEd25519(publicKey, bytes, Uint8Array.of(...signature.subarray(0, 32), ...le(s + order)))).toBe(false)
        expect(verifyEd25519(publicKey, bytes, Uint8Array.of(...smallOrder[small]!, ...signature.subarray(32)))).toBe(false)
        expect(verifyEd25519(publicKey, bytes, Uint8Array.of(...bad, ...signature.subarray(32)))).toBe(false)
        expect(verifyEd25519(bad, bytes, signature)).toBe(false)
        expect(await verifySolanaSignIn({ address: encodeBase58(bad), message: signIn(encodeBase58(bad), words), signature: encodeBase58(signature) })).toBe(false)
      }),
      runs,
    )
  })

  it('a signed message whose statement holds a line break, bidi or zero-width character is no sign-in, though the signature is good', async () => {
    const bad = fc.constantFrom('\r', '\u0085', '\u2028', '\u2029', '\u202e', '\u2066', '\u200f', '\u061c', '\u200b', '\u2060', '\ufeff')
    await fc.assert(
      fc.asyncProperty(secret, statement.filter((t) => t !== ''), bad, fc.nat(), async (key, words, char, at) => {
        const address = encodeBase58(ed25519.getPublicKey(key))
        const cut = at % (words.length + 1)
        const message = signIn(address, words).replace(`\n\n${words}\n`, `\n\n${words.slice(0, cut)}${char}${words.slice(cut)}\n`)
        const signature = ed25519.sign(new TextEncoder().encode(message), key)
        expect(verifyEd25519(ed25519.getPublicKey(key), new TextEncoder().encode(message), signature)).toBe(true)
        expect(await verifySolanaSignIn({ address, message, signature: encodeBase58(signature) })).toBe(false)
      }),
      runs,
    )
  })

  it('junk of any length in place of a key or a signature is false, never a throw', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), fc.uint8Array({ maxLength: 80 }), text, (key, signature, message) => {
        const verdict = verifyEd25519(key, new TextEncoder().encode(message), signature)
        expect(typeof verdict).toBe('boolean')
        if (key.length !== 32 || signature.length !== 64) expect(verdict).toBe(false)
      }),
      runs,
    )
  })
})
