import { describe, expect, it } from 'vitest'
import { createLatch, defineErrors, definePlugin, errorText, type LatchErrorCode, type VisitorMessageId } from '../../kernel/index'
import { createTestPorts } from '../../kernel/testing'
import { checkLocale, englishMessages } from './check'
import { formatMessage } from './format'
import { shippedErrors } from './plugin-errors'
import { defaultI18n, translator } from './translate'

// docs/i18n.md, "Your wording": a third-party plugin's error text is English from its declaration, other languages from
// the integrator's overrides; Latch's own plugins' texts are in every catalogue.
const skating = defineErrors({ codes: { SKATE_THIN_ICE: 'Ice under {depth} cm' } })
const format = (template: string, values: Parameters<typeof formatMessage>[1], locale: string) => formatMessage(template, values, locale)

describe("a plugin's error texts in the modal", () => {
  it('a third-party code: its English once registered, its translation from the overrides, else English', () => {
    const error = skating.error('SKATE_THIN_ICE' as LatchErrorCode, { values: { depth: 5 } }).toData()
    const english = translator({ ...defaultI18n, format })
    // Not registered: the error still carries its English words.
    expect(errorText('SKATE_THIN_ICE')).toBeUndefined()
    expect(english.error(error)).toBe('Ice under 5 cm')
    createLatch({ plugins: [definePlugin({ name: 'skating', errors: skating })], ports: createTestPorts().ports })
    // Registered: the text by id, filled with the values, whatever words the error carried.
    expect(english.error({ ...error, shortMessage: 'stale' })).toBe('Ice under 5 cm')
    const french = translator({ ...defaultI18n, format, locale: 'fr', translated: { ['error.SKATE_THIN_ICE' as `error.${VisitorMessageId}`]: 'Glace de moins de {depth} cm' } })
    expect(french.error(error)).toBe('Glace de moins de 5 cm')
    expect(translator({ ...defaultI18n, format, locale: 'de', translated: {} }).error(error)).toBe('Ice under 5 cm')
  })

  it("englishMessages holds the kernel's and the shipped plugins' error texts, never a third party's", () => {
    const english = englishMessages() as Record<string, string>
    for (const declared of shippedErrors) {
      for (const [id, text] of Object.entries({ ...declared.codes, ...declared.messages })) expect(english[`error.${id}`], id).toBe(text)
    }
    expect(english['error.SKATE_THIN_ICE']).toBeUndefined()
    expect(checkLocale('fr', { 'error.SIWX_AUTH_ERROR': 'Problème' } as never, { partial: true })).toEqual([])
  })
})
