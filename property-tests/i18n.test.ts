import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pseudoLocalize } from '../ui/i18n/pseudo'
import { formatMessage, messageArguments } from '../ui/i18n/format'
import { resolveLocale } from '../ui/i18n/resolve'
import { formatAmount } from '../ui/utils/format'

const runs = { numRuns: 1000 }
const locales = ['en', 'de', 'fr', 'ar', 'ja', 'zh-CN', 'pt-BR', 'es', 'hi', 'xx', 'not a tag']
const literal = fc.string({ maxLength: 12 }).map((s) => s.replace(/[{}#]/g, ''))
const name = fc.constantFrom('name', 'count', 'network', 'n')
const placeholder = name.map((n) => `{${n}}`)
const plural = fc
  .tuple(fc.subarray(['=0', 'zero', 'one', 'two', 'few', 'many']), fc.array(fc.oneof(literal, placeholder, fc.constant('#')), { maxLength: 3 }))
  .map(([keys, body]) => `{count, plural, ${[...keys, 'other'].map((k) => `${k} {${body.join('')}}`).join(' ')}}`)
/** Templates the catalogue's syntax allows. */
const template = fc.array(fc.oneof(literal, placeholder, plural), { maxLength: 6 }).map((parts) => parts.join(''))
const values = fc.record({ name: fc.string(), count: fc.oneof(fc.integer(), fc.double()), network: fc.string(), n: fc.nat() })

describe('message formatting', () => {
  it('never throws, whatever the template, values and locale', () => {
    fc.assert(
      fc.property(fc.string(), fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.double())), fc.constantFrom(...locales), (t, v, locale) => {
        expect(typeof formatMessage(t, v, locale)).toBe('string')
      }),
      runs,
    )
  })

  it('fills every placeholder of a well-formed template: no brace is left', () => {
    fc.assert(
      fc.property(template, values, fc.constantFrom(...locales), (t, v, locale) => {
        expect(messageArguments(t)).toBeDefined()
        const safe = { ...v, name: v.name.replace(/[{}]/g, ''), network: v.network.replace(/[{}]/g, '') }
        expect(formatMessage(t, safe, locale)).not.toMatch(/[{}]/)
      }),
      runs,
    )
  })

  it('the pseudo-locale keeps placeholders and plural keys, and marks every text', () => {
    fc.assert(
      fc.property(template, (t) => {
        const pseudo = pseudoLocalize(t)
        expect(messageArguments(pseudo)).toEqual(messageArguments(t))
        expect(pseudo.startsWith('⟦') && pseudo.endsWith('⟧')).toBe(true)
      }),
      runs,
    )
  })
})

describe('choosing the language', () => {
  const available = ['en', 'es', 'fr', 'de', 'ja', 'zh-CN', 'pt-BR', 'ar']
  it('answers one of the available tags or nothing, never throws, and honours an exact first preference', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom(...available, 'pt-PT', 'zh-TW', 'en-GB'))), (preferences) => {
        const chosen = resolveLocale(preferences, available)
        if (chosen !== undefined) expect(available).toContain(chosen)
        const first = preferences[0]
        if (first && available.includes(first)) expect(chosen).toBe(first)
      }),
      runs,
    )
  })
})

describe('amounts in the locale', () => {
  it('keeps every digit of a decimal string of any size', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 0, max: 3 }), fc.constantFrom('en', 'de', 'fr', 'ja'), (units, scale, locale) => {
        const digits = units.toString().padStart(scale + 1, '0')
        const decimal = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits
        const written = formatAmount(decimal, locale)
        const back = written.replace(/[^\d,.]/g, '')
        const separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
        const [whole = '', fraction = ''] = back.split(separator).map((s) => s.replace(/[^\d]/g, ''))
        expect(BigInt(whole || '0')).toBe(BigInt(decimal.split('.')[0] ?? '0'))
        expect(fraction.replace(/0+$/, '')).toBe((decimal.split('.')[1] ?? '').replace(/0+$/, ''))
      }),
      runs,
    )
  })
})
