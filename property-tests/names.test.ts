import fc from 'fast-check'
import { encodeAbiParameters, encodeFunctionData, namehash as viemNamehash, parseAbi, toHex } from 'viem'
import { packetToBytes } from 'viem/ens'
import { describe, expect, it } from 'vitest'
import { decodeAddr, decodeReverse, decodeText, dnsEncode, encodeResolve, encodeReverse, isPlausibleName, namehash, shownAvatar } from '../plugins/eip155/ens-codec'
import { isShownName } from '../kernel/rules/names'

const runs = { numRuns: 300 }
const abi = parseAbi([
  'function reverseWithGateways(bytes reverseName, uint256 coinType, string[] gateways)',
  'function resolveWithGateways(bytes name, bytes data, string[] gateways)',
  'function text(bytes32 node, string key)',
  'function addr(bytes32 node)',
])

const label = fc.stringMatching(/^[a-z0-9-]{1,20}$/)
const name = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('eth', 'test', 'xyz')).map(([labels, tld]) => [...labels, tld].join('.'))
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => toHex(bytes))

describe('ENS calls, as viem encodes them (docs/behaviour.md, "Names")', () => {
  it('namehash and the DNS form agree with viem for any name', () => {
    fc.assert(
      fc.property(name, (n) => {
        expect(`0x${namehash(n)}`).toBe(viemNamehash(n))
        expect(toHex(dnsEncode(n))).toBe(toHex(packetToBytes(n)))
      }),
      runs,
    )
  })

  it('the reverse and resolve calldata are what viem sends', () => {
    fc.assert(
      fc.property(address, name, fc.string({ maxLength: 40 }), (a, n, key) => {
        expect(encodeReverse(a)).toBe(encodeFunctionData({ abi, functionName: 'reverseWithGateways', args: [a, 60n, []] }))
        const text = encodeFunctionData({ abi, functionName: 'text', args: [viemNamehash(n), key] })
        expect(encodeResolve(n, { text: key })).toBe(encodeFunctionData({ abi, functionName: 'resolveWithGateways', args: [toHex(packetToBytes(n)), text, []] }))
        const addr = encodeFunctionData({ abi, functionName: 'addr', args: [viemNamehash(n)] })
        expect(encodeResolve(n, 'addr')).toBe(encodeFunctionData({ abi, functionName: 'resolveWithGateways', args: [toHex(packetToBytes(n)), addr, []] }))
      }),
      runs,
    )
  })

  it('decodes any well-formed answer as viem would have encoded it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), address, address, (s, a, b) => {
        expect(decodeReverse(encodeAbiParameters([{ type: 'string' }, { type: 'address' }, { type: 'address' }], [s, a, b]))).toBe(s)
        const text = encodeAbiParameters([{ type: 'string' }], [s])
        expect(decodeText(encodeAbiParameters([{ type: 'bytes' }, { type: 'address' }], [text, b]))).toBe(s)
        const word = encodeAbiParameters([{ type: 'address' }], [a])
        const decoded = decodeAddr(encodeAbiParameters([{ type: 'bytes' }, { type: 'address' }], [word, b]))
        expect(decoded).toBe(/^0x0{40}$/.test(a) ? null : a.toLowerCase())
      }),
      runs,
    )
  })

  it('junk never crashes: a decoder either answers or throws an Error, never anything else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 200 }).map((bytes) => toHex(bytes)), fc.anything()), (junk) => {
        for (const decode of [decodeReverse, decodeText, decodeAddr]) {
          try {
            decode(junk)
          } catch (error) {
            expect(error).toBeInstanceOf(Error)
          }
        }
      }),
      runs,
    )
  })
})

describe('which names and avatars are shown', () => {
  it('every generated name is plausible; upper case, spaces, one label or an empty label never are', () => {
    fc.assert(
      fc.property(name, (n) => {
        expect(isPlausibleName(n)).toBe(true)
        expect(isPlausibleName(n.toUpperCase())).toBe(n === n.toUpperCase())
        expect(isPlausibleName(n.replace('.', ' .'))).toBe(false)
        expect(isPlausibleName(n.split('.')[0])).toBe(false)
        expect(isPlausibleName(`${n}.`)).toBe(false)
        expect(isPlausibleName(`.${n}`)).toBe(false)
      }),
      runs,
    )
  })

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        expect(typeof isPlausibleName(junk)).toBe('boolean')
      }),
      runs,
    )
  })

  it('an avatar is shown only when it is a data: image or on the page\'s own origin', () => {
    const page = 'https://dapp.example'
    fc.assert(
      fc.property(fc.webUrl(), (url) => {
        const shown = shownAvatar(url, page)
        expect(shown === null || new URL(shown).origin === page).toBe(true)
      }),
      runs,
    )
  })
})

describe('the names shown as an account name (ENSIP-15 leaves them as they are)', () => {
  const label = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/).filter((l) => l.slice(2, 4) !== '--')
  const name = fc.array(label, { minLength: 2, maxLength: 4 }).map((labels) => labels.join('.'))
  // Bidi controls, zero-width characters, full-width letters, another script's look-alike letters, upper case, a space.
  const unsafe = fc.constantFrom('\u202e', '\u202a', '\u2066', '\u200e', '\u061c', '\u200b', '\u200d', '\u2060', '\ufeff', '\uff41', '\u0430', '\u03bf', 'A', ' ', '\u00e9')

  it('plain ASCII labels of letters, digits and hyphens are shown', () => {
    fc.assert(
      fc.property(name, (n) => {
        expect(isShownName(n)).toBe(true)
      }),
      runs,
    )
  })

  it('one bidi, zero-width, full-width, look-alike or upper-case character anywhere hides the name', () => {
    fc.assert(
      fc.property(name, unsafe, fc.nat(), (n, c, at) => {
        const i = at % (n.length + 1)
        expect(isShownName(`${n.slice(0, i)}${c}${n.slice(i)}`)).toBe(false)
      }),
      runs,
    )
  })

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(typeof isShownName(value)).toBe('boolean')
      }),
      runs,
    )
  })
})
