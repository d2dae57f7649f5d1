import { createContext, useContext, useMemo } from 'react'
import { errorText, type LatchErrorData } from '../../kernel/index'
import { enBase } from './en-base'
import type { MessageValues } from './format'
import type { MessageId, MessageOverrides, TextDirection } from './messages'

/** What the modal and the buttons read to speak the visitor's language. */
export type I18nValue = {
  /** The locale spoken now (its catalogue is loaded). */
  locale: string
  dir: TextDirection
  /** The spoken locale's texts with the integrator's overrides; empty for English. */
  translated: MessageOverrides
  /** English texts loaded so far (the buttons', then the modal's), with the integrator's English overrides. */
  english: MessageOverrides
  /** The integrator's English overrides, kept apart so the modal can lay them over its own English. */
  englishOverrides: MessageOverrides
  /**
   * Fills a template. Outside the modal: placeholders only (the buttons' texts have no plural), so the page's
   * initial load carries no message parser; the modal chunk brings the full one (format.ts).
   */
  format: (template: string, values: MessageValues | undefined, locale: string) => string
}

/** `{name}` placeholders only, numbers in the locale's digits. */
export function fillPlaceholders(template: string, values: MessageValues | undefined, locale: string): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = values && Object.hasOwn(values, name) ? values[name] : undefined
    if (value === undefined) return match
    if (typeof value !== 'number') return value
    try {
      return new Intl.NumberFormat(locale).format(value)
    } catch {
      return String(value)
    }
  })
}

/** English, with the buttons' texts: what is spoken outside a LatchProvider and before anything loads. */
export const defaultI18n: I18nValue = { locale: 'en', dir: 'ltr', translated: {}, english: enBase, englishOverrides: {}, format: fillPlaceholders }

export const I18nContext = createContext<I18nValue>(defaultI18n)

/** A translator: `t('connect.allWallets')`, `t('allWallets.found', { count: 3 })`. */
export type Translate = {
  (id: MessageId, values?: MessageValues): string
  locale: string
  dir: TextDirection
  /** The visitor text of an error or toast, in the spoken language: by its id when it has one, else as written. */
  text(item: { messageId?: string; values?: MessageValues; message?: string; shortMessage?: string }): string
  /** The visitor text of a LatchError (or its logged data). */
  error(error: Pick<LatchErrorData, 'messageId' | 'values' | 'shortMessage'>): string
}

/** The translator of the nearest LatchProvider (English outside one). */
export function useLatchTranslate(): Translate {
  return translator(useContext(I18nContext))
}

const cache = new WeakMap<I18nValue, Translate>()

/** One translator per context value, so components that pass `t` down do not re-render for nothing. */
export function translator(value: I18nValue): Translate {
  const known = cache.get(value)
  if (known) return known
  const template = (id: string): string | undefined =>
    (value.translated as Record<string, string | undefined>)[id] ??
    (value.english as Record<string, string | undefined>)[id] ??
    // An error text the catalogues lack (a third-party plugin's): its English from the kernel's or the plugin's declaration.
    (id.startsWith('error.') ? errorText(id.slice(6)) : undefined)
  const t = ((id: MessageId, values?: MessageValues) => value.format(template(id) ?? id, values, value.locale)) as Translate
  t.locale = value.locale
  t.dir = value.dir
  t.text = (item) => {
    const found = item.messageId === undefined ? undefined : template(item.messageId)
    if (found !== undefined) return value.format(found, item.values, value.locale)
    return item.message ?? item.shortMessage ?? ''
  }
  t.error = (error) => t.text({ messageId: error.messageId === undefined ? undefined : `error.${error.messageId}`, values: error.values, shortMessage: error.shortMessage })
  cache.set(value, t)
  return t
}

/** The context value with more English and a full formatter (the modal chunk's), for the tree below. */
export function useWithEnglish(more: MessageOverrides, format: I18nValue['format']): I18nValue {
  const value = useContext(I18nContext)
  return useMemo(() => ({ ...value, english: { ...value.english, ...more, ...value.englishOverrides }, format }), [value, more, format])
}
