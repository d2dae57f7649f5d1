import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { localeChanged, type Latch } from '../../kernel/index'
import { builtinLocales } from './builtin'
import { enBase } from './en-base'
import { directionOf, type LocaleDefinition, type MessageOverrides } from './messages'
import { resolveLocale } from './resolve'
import { fillPlaceholders, I18nContext, type I18nValue } from './translate'
import { useHeld } from '../utils/held'

/** Props of the language half of `<LatchProvider>` (docs/i18n.md). */
export type I18nOptions = {
  /** The language to speak (BCP 47: 'fr', 'pt-BR'); default: the browser's languages, else English. */
  locale?: string
  /** Languages you add, or built-in ones you replace (same tag). */
  locales?: readonly LocaleDefinition[]
  /** Your wording: texts that replace some of a locale's, by locale tag (`{ en: { 'button.connect': 'Sign in' } }`). */
  messages?: Readonly<Record<string, MessageOverrides>>
}

const noLocales: readonly LocaleDefinition[] = []
const noOverrides: Readonly<Record<string, MessageOverrides>> = {}
const english = { locale: 'en', messages: {} } as const

/** Speaks the chosen language to everything below; loads its catalogue first, staying on the last one meanwhile. */
export function I18nProvider({ latch, locale, locales = noLocales, messages = noOverrides, children }: I18nOptions & { latch: Latch; children: ReactNode }) {
  const definitions = useMemo(() => {
    const byTag = new Map<string, LocaleDefinition>(builtinLocales.map((d) => [d.locale.toLowerCase(), d]))
    for (const definition of locales) byTag.set(definition.locale.toLowerCase(), definition)
    return [...byTag.values()]
  }, [locales])
  const browser = useSyncExternalStore(subscribeLanguages, browserLanguages, serverLanguages)
  const preferences = useMemo(() => (locale ? [locale, ...browser.split(',')] : browser.split(',')), [locale, browser])
  const target = resolveLocale(preferences, ['en', ...definitions.map((d) => d.locale)]) ?? 'en'
  const definition = definitions.find((d) => d.locale === target)
  const immediate = definition && typeof definition.messages !== 'function' ? definition.messages : undefined
  const [loaded, setLoaded] = useState<{ locale: string; messages: MessageOverrides }>({ locale: 'en', messages: {} })

  // Held, so StrictMode's second mount calls a loader once (docs/react.md, "StrictMode").
  useHeld(() => {
    if (!definition || typeof definition.messages !== 'function') return () => undefined
    let current = true
    definition.messages().then(
      (module) => current && setLoaded({ locale: definition.locale, messages: 'default' in module ? (module.default as MessageOverrides) : module }),
      // A catalogue that fails to load (offline, a new deployment) leaves the last language; the next change retries.
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [definition])

  // English and integrator-given catalogues speak at once; a lazy one once it has loaded.
  const active = target === 'en' ? english : immediate ? { locale: target, messages: immediate } : loaded
  const value = useMemo<I18nValue>(() => {
    const englishOverrides = messages.en ?? {}
    const dir = active.locale === 'en' ? 'ltr' : (definitions.find((d) => d.locale === active.locale)?.dir ?? directionOf(active.locale))
    const translated = active.locale === 'en' ? {} : { ...active.messages, ...messages[active.locale] }
    return { locale: active.locale, dir, translated, english: { ...enBase, ...englishOverrides }, englishOverrides, format: fillPlaceholders }
  }, [active.locale, active.messages, messages, definitions])

  useEffect(() => {
    const { options } = latch.getState()
    if (options.locale !== value.locale || options.dir !== value.dir) latch.dispatch(localeChanged({ locale: value.locale, dir: value.dir }))
  }, [latch, value.locale, value.dir])

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

function browserLanguages(): string {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language]
  return languages.filter((l) => typeof l === 'string').join(',')
}

/** On the server (and while hydrating) no browser language is known: the first render matches the server's. */
function serverLanguages(): string {
  return ''
}

function subscribeLanguages(onChange: () => void): () => void {
  addEventListener('languagechange', onChange)
  return () => removeEventListener('languagechange', onChange)
}
