import type { VisitorMessageId } from '../../kernel/index'
import type { enBase } from './en-base'
import type { enModal } from './en-modal'

/** The id of every text the modal and the buttons show (docs/i18n.md, "Message ids"). */
export type MessageId = keyof typeof enBase | keyof typeof enModal | `error.${VisitorMessageId}`

/** A complete catalogue: one text per id. A locale must give them all (TypeScript says which are missing). */
export type Messages = Readonly<Record<MessageId, string>>

/** Texts that replace some of a locale's (an integrator's wording). */
export type MessageOverrides = Readonly<Partial<Record<MessageId, string>>>

/** Writing direction of a locale. */
export type TextDirection = 'ltr' | 'rtl'

/**
 * A language the modal can speak: its BCP 47 tag, its direction, and its texts, given at once or loaded on
 * first use (a dynamic `import()`, so the catalogue becomes its own chunk).
 */
export type LocaleDefinition = {
  /** BCP 47 tag: 'fr', 'pt-BR', 'zh-CN'. */
  locale: string
  /** Default: 'rtl' for Arabic, Hebrew, Persian, Urdu and other right-to-left scripts, else 'ltr'. */
  dir?: TextDirection
  /** The texts, or a loader of them. Missing ids fall back to English. */
  messages: Messages | MessageOverrides | (() => Promise<Messages | MessageOverrides | { default: Messages | MessageOverrides }>)
}

/** Types a locale you add (`<LatchProvider locales={[…]}>`): every id checked against English's. */
// `Omit`, not an intersection with LocaleDefinition: a loader's `.then((m) => m.default)` is then typed by this one
// return type, and a complete catalogue from a module fits (docs/i18n.md, "Adding a language").
export function defineLocale(definition: Omit<LocaleDefinition, 'messages'> & { messages: Messages | (() => Promise<Messages | { default: Messages }>) }): LocaleDefinition {
  return definition
}

const rtlLanguages = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ku', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi'])

/** The writing direction of a BCP 47 tag's language (its script when it names one). */
export function directionOf(locale: string): TextDirection {
  const [language = '', script] = locale.toLowerCase().split('-')
  if (script === 'arab' || script === 'hebr' || script === 'thaa' || script === 'syrc') return 'rtl'
  if (script && script.length === 4) return 'ltr'
  return rtlLanguages.has(language) ? 'rtl' : 'ltr'
}
