import { englishMessages } from './check'
import type { Messages } from './messages'

/**
 * The pseudo-locale `en-XA` (docs/i18n.md, "Checking a locale"): every English text with its letters accented,
 * 30 % longer, between ⟦ and ⟧. A page in it shows at a glance any text that bypassed the catalogue (plain
 * ASCII letters outside the brackets) and any label that does not fit once translated (a cut bracket).
 */
export const pseudoLocaleTag = 'en-XA'

const accents: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i] ?? c]),
)

/** One text, pseudo-localised; placeholders and plural syntax are kept as they are. */
export function pseudoLocalize(template: string): string {
  let length = 0
  const text = (s: string) => {
    length += s.length
    return [...s].map((c) => accents[c] ?? c).join('')
  }
  const body = transform(template, text)
  const padding = '·'.repeat(Math.ceil(length * 0.3))
  return `⟦${body}${padding}⟧`
}

/** Every English text, pseudo-localised: a complete catalogue. */
export function pseudoMessages(): Messages {
  return Object.fromEntries(Object.entries(englishMessages()).map(([id, text]) => [id, pseudoLocalize(text)])) as Messages
}

function transform(template: string, text: (s: string) => string): string {
  let out = ''
  let i = 0
  while (i < template.length) {
    const open = template.indexOf('{', i)
    if (open < 0) return out + text(template.slice(i))
    out += text(template.slice(i, open))
    const close = template.indexOf('}', open)
    const comma = template.indexOf(',', open)
    if (comma < 0 || comma > close) {
      out += template.slice(open, close + 1)
      i = close + 1
      continue
    }
    // `{count, plural, key {branch} … }`: keep the header and keys, transform the branches.
    const header = template.indexOf(',', comma + 1) + 1
    out += template.slice(open, header)
    i = header
    for (;;) {
      const next = template.slice(i).search(/\S/) + i
      if (template[next] === '}') {
        out += template.slice(i, next + 1)
        i = next + 1
        break
      }
      const branchOpen = template.indexOf('{', next)
      out += template.slice(i, branchOpen + 1)
      const branchClose = matching(template, branchOpen)
      out += transform(template.slice(branchOpen + 1, branchClose), text) + '}'
      i = branchClose + 1
    }
  }
  return out
}

function matching(template: string, open: number): number {
  let depth = 0
  for (let i = open; i < template.length; i += 1) {
    if (template[i] === '{') depth += 1
    else if (template[i] === '}' && --depth === 0) return i
  }
  return template.length
}
