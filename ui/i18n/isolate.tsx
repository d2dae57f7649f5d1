import type { ReactNode } from 'react'
import type { MessageValues } from './format'
import type { MessageId } from './messages'
import type { Translate } from './translate'

/** Stands for the value while its sentence is translated (a private-use character no catalogue writes). */
const mark = '\uE000'

/**
 * A translated sentence with one value (a wallet's name) in a <bdi>: data keeps its own direction inside the sentence, so
 * 'Continue in MetaMask 2' reads right in Arabic (docs/i18n.md, "Right to left"). The text is the same as `t`'s.
 */
export function isolated(t: Translate, id: MessageId, values: MessageValues, key: string): ReactNode {
  const value = values[key]
  if (value === undefined) return t(id, values)
  const text = t(id, { ...values, [key]: mark })
  const at = text.indexOf(mark)
  if (at < 0) return t(id, values)
  return (
    <>
      {text.slice(0, at)}
      <bdi>{String(value)}</bdi>
      {text.slice(at + mark.length).replaceAll(mark, String(value))}
    </>
  )
}
