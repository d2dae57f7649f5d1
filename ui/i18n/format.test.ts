import { describe, expect, it } from 'vitest'
import { formatMessage, formatNumber, messageArguments, warmFormats } from './format'
import { directionOf } from './messages'
import { resolveLocale } from './resolve'

const found = '{count, plural, =0 {No wallet found} one {# wallet found} other {# wallets found}}'

describe('formatMessage', () => {
  it('fills placeholders, numbers in the locale', () => {
    expect(formatMessage('Continue in {name}', { name: 'MetaMask' }, 'en')).toBe('Continue in MetaMask')
    expect(formatMessage('{count}+', { count: 1000 }, 'de')).toBe('1.000+')
    expect(formatMessage("This app doesn't {x}", { x: 'work' }, 'en')).toBe("This app doesn't work")
  })

  it('chooses plural branches by Intl.PluralRules, exact ones first', () => {
    expect([0, 1, 2, 1234].map((count) => formatMessage(found, { count }, 'en'))).toEqual(['No wallet found', '1 wallet found', '2 wallets found', '1,234 wallets found'])
    const arabic = '{count, plural, zero {z} one {o} two {t} few {f#} many {m#} other {x#}}'
    expect([0, 1, 2, 3, 11, 100].map((count) => formatMessage(arabic, { count }, 'ar'))).toEqual(['z', 'o', 't', 'f3', 'm11', 'x100'])
  })

  it('shows a template that does not parse as written, and a missing value as its placeholder', () => {
    expect(formatMessage('Broken {name', { name: 'x' }, 'en')).toBe('Broken {name')
    expect(formatMessage('{count, plural, one {x}}', { count: 1 }, 'en')).toBe('{count, plural, one {x}}')
    expect(formatMessage('Hi {name}', {}, 'en')).toBe('Hi {name}')
    expect(formatMessage('Hi {name}', { name: 'x' }, 'not a locale!')).toBe('Hi x')
  })

  it('lists arguments and plural keys', () => {
    expect(messageArguments(found)).toEqual({ names: ['count'], plurals: { count: ['=0', 'one', 'other'] } })
    expect(messageArguments('Switch {family} to {network}')).toEqual({ names: ['family', 'network'], plurals: {} })
  })
})

describe('resolveLocale', () => {
  const available = ['en', 'es', 'fr', 'de', 'ja', 'zh-CN', 'pt-BR', 'ar']
  it('takes the first preference that matches, by tag, then language and script', () => {
    expect(resolveLocale(['fr-CA', 'de'], available)).toBe('fr')
    expect(resolveLocale(['pt-PT'], available)).toBe('pt-BR')
    expect(resolveLocale(['zh', 'en'], available)).toBe('zh-CN')
    expect(resolveLocale(['zh-SG'], available)).toBe('zh-CN')
    expect(resolveLocale(['ZH-cn'], available)).toBe('zh-CN')
    expect(resolveLocale(['es-419'], available)).toBe('es')
  })
  it('does not give simplified Chinese to a traditional reader, and skips junk', () => {
    expect(resolveLocale(['zh-TW', 'en'], available)).toBe('en')
    expect(resolveLocale(['zh-Hant'], available)).toBeUndefined()
    expect(resolveLocale(['!!', '', 'ja-JP'], available)).toBe('ja')
    expect(resolveLocale(['sv'], available)).toBeUndefined()
  })
})

describe('directionOf', () => {
  it('is right to left for Arabic-script and Hebrew languages', () => {
    expect(['ar', 'ar-EG', 'he', 'fa-IR', 'ur', 'en', 'ja', 'az-Arab', 'ku-Latn'].map(directionOf)).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'rtl', 'ltr', 'ltr', 'rtl', 'ltr'])
  })
})

describe('number formats and plural rules (docs/react.md, "The modal\'s lazy chunk")', () => {
  it('are created once per locale, by warmFormats ahead of their first use, and format as before', () => {
    const { NumberFormat, PluralRules } = Intl
    const made = { numberFormats: [] as string[], pluralRules: [] as string[] }
    // Counting subclasses: every Intl object format.ts creates is recorded with its locale.
    const CountedNumberFormat = class extends NumberFormat {
      constructor(locale?: string | string[], options?: Intl.NumberFormatOptions) {
        super(locale, options)
        made.numberFormats.push(String(locale))
      }
    }
    const CountedPluralRules = class extends PluralRules {
      constructor(locale?: string | string[], options?: Intl.PluralRulesOptions) {
        super(locale, options)
        made.pluralRules.push(String(locale))
      }
    }
    Object.assign(Intl, { NumberFormat: CountedNumberFormat, PluralRules: CountedPluralRules })
    try {
      warmFormats('fr-CH')
      expect(made).toEqual({ numberFormats: ['fr-CH'], pluralRules: ['fr-CH'] })
      expect(formatNumber(1234.5, 'fr-CH')).toBe(new NumberFormat('fr-CH').format(1234.5))
      expect(formatMessage(found, { count: 1 }, 'fr-CH')).toBe('1 wallet found')
      expect(formatMessage(found, { count: 2000 }, 'fr-CH')).toBe(`${new NumberFormat('fr-CH').format(2000)} wallets found`)
      expect(made).toEqual({ numberFormats: ['fr-CH'], pluralRules: ['fr-CH'] })
      expect(formatNumber(1000, 'it')).toBe(new NumberFormat('it').format(1000))
      expect(made.numberFormats).toEqual(['fr-CH', 'it'])
    } finally {
      Object.assign(Intl, { NumberFormat, PluralRules })
    }
  })
})
