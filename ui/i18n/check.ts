import { visitorMessages } from '../../kernel/index'
import { enBase } from './en-base'
import { enModal } from './en-modal'
import { messageArguments } from './format'
import { shippedErrorTexts } from './plugin-errors'
import type { MessageOverrides, Messages } from './messages'

/**
 * Every English text by id: the buttons', the modal's and the error texts (`error.<id>`) of the kernel and of the plugins
 * Latch ships. Typed as a complete catalogue, so a locale spread from it is checked (docs/i18n.md, "Adding a language"):
 * an unknown id or a text that is not a string is an error, and the result is a `Messages`.
 */
export function englishMessages(): Messages {
  const english: Record<string, string> = { ...enBase, ...enModal }
  for (const [id, text] of Object.entries(shippedErrorTexts(visitorMessages))) english[`error.${id}`] = text
  return english as Messages
}

/**
 * What is wrong with a catalogue for `locale` (docs/i18n.md, "Checking a locale"), one line per problem: a missing,
 * unknown or empty id, a text that does not parse, placeholders that differ from English's, a plural without a
 * form the language needs. Empty when it is complete. For a test of a locale you add or of your overrides
 * (`{ partial: true }`: missing ids are not problems).
 */
export function checkLocale(locale: string, messages: MessageOverrides, options: { partial?: boolean } = {}): string[] {
  const english: Readonly<Record<string, string>> = englishMessages()
  const given = messages as Record<string, string | undefined>
  const problems: string[] = []
  let categories: string[] = ['other']
  try {
    categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
  } catch {
    problems.push(`${locale}: not a locale Intl knows`)
  }
  for (const id of Object.keys(given)) if (!Object.hasOwn(english, id)) problems.push(`${id}: no such message`)
  for (const [id, source] of Object.entries(english)) {
    const text = given[id]
    if (text === undefined) {
      if (!options.partial) problems.push(`${id}: missing`)
      continue
    }
    if (!text.trim()) problems.push(`${id}: empty`)
    const theirs = messageArguments(text)
    const ours = messageArguments(source)
    if (!theirs || !ours) {
      problems.push(`${id}: does not parse`)
      continue
    }
    if (theirs.names.join() !== ours.names.join()) problems.push(`${id}: placeholders {${theirs.names.join('}, {')}}, English has {${ours.names.join('}, {')}}`)
    for (const [name, keys] of Object.entries(ours.plurals)) {
      const forms = theirs.plurals[name] ?? []
      for (const needed of [...categories, ...keys.filter((k) => k.startsWith('='))]) {
        if (!forms.includes(needed)) problems.push(`${id}: plural {${name}} lacks the '${needed}' form`)
      }
    }
  }
  return problems
}
