import { useEffect, useState } from 'react'
import { modalClosed, selectIsActiveNetworkSupported, selectView } from '../../../../kernel/index'
import { useLatchInstance } from '../../../context'
import { useLatch } from '../../../hooks/useLatch'
import { WarningIcon } from '../../icons'
import { leave } from '../Account/Account'
import { NetworkList } from '../Networks/NetworkList'

/** docs/behaviour.md, "Views" UnsupportedChain: explains and lists the networks to switch to; closes once the network is supported. */
export default function UnsupportedChain() {
  const latch = useLatchInstance()
  const supported = useLatch(selectIsActiveNetworkSupported)
  const [leaving, setLeaving] = useState(false)
  useEffect(() => {
    const state = latch.getState()
    if (supported && state.router.open && selectView(state).name === 'UnsupportedChain') latch.dispatch(modalClosed({}))
  }, [latch, supported])
  return (
    <div>
      <div className="notice">
        <span className="notice-icon">
          <WarningIcon size={26} />
        </span>
        <p className="headline">Network not supported</p>
        <p className="subtle">This app doesn't support your wallet's current network. Switch to one of these to continue.</p>
      </div>
      <NetworkList label="Available networks" />
      <button
        type="button"
        className="button secondary wide"
        disabled={leaving}
        onClick={() => {
          setLeaving(true)
          void leave(latch).finally(() => setLeaving(false))
        }}
      >
        {leaving ? 'Disconnecting…' : 'Disconnect'}
      </button>
    </div>
  )
}
