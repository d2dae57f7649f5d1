import { useCallback } from 'react'
import { modalClosed, modalOpened, type State, type View, type ViewName } from '../../kernel/index'
import { useLatchInstance } from '../context'
import { loadModal } from '../modal-loader'
import { useLatch } from './useLatch'

const selectOpen = (state: State) => state.router.open

/** What `useLatchModal` returns. */
export type ModalControls = {
  isOpen: boolean
  /** Opens the modal on a view (default: Account when connected, else Connect). */
  open(view?: ViewName | View): void
  close(): void
}

/** Opens and closes the modal through the kernel (`modal/opened`, `modal/closed`). */
export function useLatchModal(): ModalControls {
  const latch = useLatchInstance()
  const isOpen = useLatch(selectOpen)
  const open = useCallback(
    (view?: ViewName | View) => {
      void loadModal().catch(() => undefined) // usually preloaded already; the shell shows meanwhile
      latch.dispatch(modalOpened(view === undefined ? {} : { view: typeof view === 'string' ? { name: view } : view }))
    },
    [latch],
  )
  const close = useCallback(() => void latch.dispatch(modalClosed({})), [latch])
  return { isOpen, open, close }
}
