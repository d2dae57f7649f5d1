/** Rows more than one view shows (Account, ProfileWallets, Networks, UnsupportedChain): reached through ui/shared.ts. */
import { useState } from 'react'
import { useLatchContext } from '../../context'
import { useLatchTranslate } from '../../i18n/translate'
import { CheckIcon, DisconnectIcon } from '../icons'
import { leave } from './account-actions'

/** The row that disconnects every family and closes the modal: 'Disconnecting…' while it runs. */
export function LeaveRow({ label }: { label: string }) {
  const { latch } = useLatchContext()
  const t = useLatchTranslate()
  const [leaving, setLeaving] = useState(false)
  return (
    <button
      type="button"
      className="row"
      data-tone="danger"
      aria-busy={leaving || undefined}
      disabled={leaving}
      onClick={() => {
        setLeaving(true)
        void leave(latch).finally(() => setLeaving(false))
      }}
    >
      <span className="row-icon"><DisconnectIcon /></span>
      <span className="row-name">{leaving ? t('common.disconnecting') : label}</span>
    </button>
  )
}

/** The tick that marks the current row (the active network, the active account), named for screen readers. */
export function CurrentMark({ label }: { label: string }) {
  return (
    <span className="row-check" aria-label={label}>
      <CheckIcon size={18} />
    </span>
  )
}
