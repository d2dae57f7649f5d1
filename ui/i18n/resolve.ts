/**
 * Which of the available locales to speak (docs/i18n.md, "Choosing the language"): the first preference that one
 * of them matches. A preference matches a locale of the same tag, else one of the same language written in the
 * same script: 'pt-PT' finds 'pt-BR' and 'zh-SG' finds 'zh-CN', but 'zh-TW' (traditional characters) does not
 * find 'zh-CN'. Undefined when nothing matches. Junk tags are skipped, never thrown.
 */
export function resolveLocale(preferences: readonly string[], available: readonly string[]): string | undefined {
  const candidates = available.map((tag) => ({ tag, key: matchKey(tag) }))
  for (const preference of preferences) {
    if (typeof preference !== 'string' || preference === '') continue
    const exact = candidates.find((c) => c.tag.toLowerCase() === preference.toLowerCase())
    if (exact) return exact.tag
    const key = matchKey(preference)
    const near = key && candidates.find((c) => c.key === key)
    if (near) return near.tag
  }
  return undefined
}

/** `language-Script` of a tag once its likely subtags are filled in ('zh-TW' → 'zh-Hant'); undefined for junk. */
function matchKey(tag: string): string | undefined {
  try {
    const locale = new Intl.Locale(tag).maximize()
    return `${locale.language}-${locale.script ?? ''}`
  } catch {
    return undefined
  }
}
