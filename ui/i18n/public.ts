/**
 * `latch/i18n`: tools for the languages of the modal (docs/i18n.md). Kept out of `latch/react` so a page pays
 * for them only in the tests or builds that import them.
 */
export { checkLocale, englishMessages } from './check'
export { pseudoLocalize, pseudoMessages, pseudoLocaleTag } from './pseudo'
export { formatMessage, messageArguments, type MessageValues } from './format'
export { defineLocale, directionOf, type Messages, type MessageId, type MessageOverrides, type LocaleDefinition, type TextDirection } from './messages'
