import { toLatchError } from '../engine/errors'
import type { Toast } from '../types'

/**
 * The error toast of anything thrown: its visitor text, with the text's id and values so the UI shows it in the
 * visitor's language (docs/i18n.md); free text (no id) is shown as written.
 */
export function errorToast(error: unknown): Toast {
  const { shortMessage, messageId, values } = toLatchError(error)
  return {
    message: shortMessage,
    ...(messageId === undefined ? {} : { messageId: `error.${messageId}` }),
    ...(values === undefined ? {} : { values }),
    variant: 'error',
  }
}
