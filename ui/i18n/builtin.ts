import type { LocaleDefinition } from './messages'

/**
 * The languages Latch ships besides English (docs/i18n.md, "Languages"). Each catalogue is its own chunk, loaded
 * only when it is the one spoken.
 */
export const builtinLocales: readonly LocaleDefinition[] = [
  { locale: 'es', messages: () => import('./locales/es') },
  { locale: 'fr', messages: () => import('./locales/fr') },
  { locale: 'de', messages: () => import('./locales/de') },
  { locale: 'ja', messages: () => import('./locales/ja') },
  { locale: 'zh-CN', messages: () => import('./locales/zh-CN') },
  { locale: 'pt-BR', messages: () => import('./locales/pt-BR') },
  { locale: 'ar', dir: 'rtl', messages: () => import('./locales/ar') },
]
