import * as z from 'zod/mini'
import { defineEvent, type EventsOf } from '../../engine/events'
import { toLatchError } from '../../engine/errors'
import { toastSchema } from '../../schemas'
import { patch, type SliceUpdaters } from './slice'
import type { Toast } from '../../types'

/** The `toast` slice (docs/behaviour.md, "Toasts"): the toast shown last, and whether it is open. */
export type ToastState = { current?: Toast & { id: string }; open: boolean }

/** Intent: show a toast. The toast effect (kernel/core/toast-effect.ts) closes an open one first and shows this one 150 ms later. */
export const toastRequested = defineEvent('toast/requested', z.object({ toast: toastSchema }))
export const toastShown = defineEvent('toast/shown', z.object({ id: z.string(), toast: toastSchema }))
export const toastClosed = defineEvent('toast/closed', z.object({}))

export const toastEvents = [toastRequested, toastShown, toastClosed] as const

declare module '../../engine/events' {
  interface EventMap extends EventsOf<typeof toastEvents> {}
}

export const toastReducers: SliceUpdaters<{ toast: ToastState }> = {
  'toast/shown'(state, { payload }) {
    return { ...state, toast: { current: { ...payload.toast, id: payload.id }, open: true } }
  },

  'toast/closed'(state) {
    return patch(state, { toast: patch(state.toast, { open: false }) })
  },
}

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
