/**
 * The message syntax of the catalogue (docs/i18n.md, "Writing messages"): a small subset of ICU MessageFormat,
 * enough for a wallet modal and a few hundred bytes instead of a library.
 *
 *   `{name}`                                   the value, numbers formatted for the locale
 *   `{count, plural, =0 {…} one {…} other {…}}` a branch chosen by `Intl.PluralRules`; `#` is the number
 *
 * Branches may hold placeholders. Text outside braces is literal (apostrophes included). A template that does not
 * parse is shown as written: a translator's typo never breaks the modal.
 */

/** Values of a message's placeholders. */
export type MessageValues = Readonly<Record<string, string | number>>

type Part = string | { arg: string } | { arg: string; branches: Readonly<Record<string, Part[]>> } | { hash: true }

/** `template` with its placeholders filled for `locale`. */
export function formatMessage(template: string, values: MessageValues | undefined, locale: string): string {
  if (!template.includes('{')) return template
  const parsed = parse(template, 0, false)
  if (!parsed || parsed.end !== template.length) return template
  return render(parsed.parts, values ?? {}, locale, undefined)
}

function render(parts: readonly Part[], values: MessageValues, locale: string, hash: number | undefined): string {
  let out = ''
  for (const part of parts) {
    if (typeof part === 'string') out += part
    else if ('hash' in part) out += hash === undefined ? '#' : formatNumber(hash, locale)
    else if (!('branches' in part)) out += show(values, part.arg, locale)
    else {
      const value = Number(Object.hasOwn(values, part.arg) ? values[part.arg] : NaN)
      const branch = part.branches[`=${value}`] ?? part.branches[pluralCategory(value, locale)] ?? part.branches.other ?? []
      out += render(branch, values, locale, value)
    }
  }
  return out
}

function show(values: MessageValues, name: string, locale: string): string {
  if (!Object.hasOwn(values, name)) return `{${name}}`
  const value = values[name]
  return typeof value === 'number' ? formatNumber(value, locale) : String(value)
}

// One formatter per locale: creating an Intl object loads the locale's data, which costs milliseconds the first time
// (on the first open of the modal, when nothing has been created in advance: warmFormats).
const numberFormats = new Map<string, Intl.NumberFormat>()
const pluralRules = new Map<string, Intl.PluralRules>()

function cached<T>(cache: Map<string, T>, locale: string, create: (locale: string) => T): T {
  let value = cache.get(locale)
  if (value === undefined) {
    value = create(locale)
    cache.set(locale, value)
  }
  return value
}

/** A number in the locale's digits and separators. */
export function formatNumber(value: number, locale: string): string {
  try {
    return cached(numberFormats, locale, (l) => new Intl.NumberFormat(l)).format(value)
  } catch {
    return String(value)
  }
}

function pluralCategory(value: number, locale: string): string {
  try {
    return cached(pluralRules, locale, (l) => new Intl.PluralRules(l)).select(value)
  } catch {
    return 'other'
  }
}

/** Creates the locale's number format and plural rules ahead of their first use (the modal does it while the browser is idle). */
export function warmFormats(locale: string): void {
  formatNumber(0, locale)
  pluralCategory(0, locale)
}

type Parsed = { parts: Part[]; end: number }

/** Parses from `at` up to the end, or up to the `}` that closes a branch when `inBranch`. */
function parse(text: string, at: number, inBranch: boolean): Parsed | undefined {
  const parts: Part[] = []
  let literal = ''
  let i = at
  while (i < text.length) {
    const char = text[i]
    if (char === '}') {
      if (!inBranch) return undefined
      break
    }
    if (char === '#' && inBranch) {
      if (literal) parts.push(literal)
      literal = ''
      parts.push({ hash: true })
      i += 1
      continue
    }
    if (char !== '{') {
      literal += char
      i += 1
      continue
    }
    if (literal) parts.push(literal)
    literal = ''
    const argument = parseArgument(text, i + 1)
    if (!argument) return undefined
    parts.push(argument.part)
    i = argument.end
  }
  if (literal) parts.push(literal)
  return { parts, end: i }
}

/** `name}` or `name, plural, key {…} … }` starting after the `{`; `end` is after the closing `}`. */
function parseArgument(text: string, at: number): { part: Part; end: number } | undefined {
  const close = text.indexOf('}', at)
  const comma = text.indexOf(',', at)
  if (close < 0) return undefined
  if (comma < 0 || comma > close) {
    const name = text.slice(at, close).trim()
    return /^\w+$/.test(name) ? { part: { arg: name }, end: close + 1 } : undefined
  }
  const name = text.slice(at, comma).trim()
  const kindEnd = text.indexOf(',', comma + 1)
  if (!/^\w+$/.test(name) || kindEnd < 0 || text.slice(comma + 1, kindEnd).trim() !== 'plural') return undefined
  const branches: Record<string, Part[]> = {}
  let i = kindEnd + 1
  for (;;) {
    while (/\s/.test(text[i] ?? '')) i += 1
    if (text[i] === '}') return Object.hasOwn(branches, 'other') ? { part: { arg: name, branches }, end: i + 1 } : undefined
    const open = text.indexOf('{', i)
    if (open < 0) return undefined
    const key = text.slice(i, open).trim()
    if (!/^(=\d+|zero|one|two|few|many|other)$/.test(key)) return undefined
    const branch = parse(text, open + 1, true)
    if (!branch || text[branch.end] !== '}') return undefined
    branches[key] = branch.parts
    i = branch.end + 1
  }
}

/**
 * The placeholders of a template and, for each plural, its branch keys: `count:plural[one,other]`, `name`.
 * For checking that a translation asks for the same values as English (docs/i18n.md, "Checking a locale").
 */
export function messageArguments(template: string): { names: string[]; plurals: Record<string, string[]> } | undefined {
  const parsed = parse(template, 0, false)
  if (!parsed || parsed.end !== template.length) return undefined
  const names = new Set<string>()
  const plurals: Record<string, string[]> = {}
  const walk = (parts: readonly Part[]) => {
    for (const part of parts) {
      if (typeof part === 'string' || 'hash' in part) continue
      names.add(part.arg)
      if ('branches' in part) {
        plurals[part.arg] = [...new Set([...(plurals[part.arg] ?? []), ...Object.keys(part.branches)])].sort()
        Object.values(part.branches).forEach(walk)
      }
    }
  }
  walk(parsed.parts)
  return { names: [...names].sort(), plurals }
}
