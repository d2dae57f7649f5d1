import { useEffect, useState } from 'react'
import { modalClosed, selectIsActiveNetworkSupported, selectView } from '../../../../kernel/index'
import { NetworkList } from '../Networks/NetworkList'
import { useLatchInstance, useLatch, WarningIcon, leave, useLatchTranslate } from '../kit'

/** docs/behaviour.md, "Views" UnsupportedChain: explains and lists the networks to switch to; closes once the network is supported. */
export default function UnsupportedChain() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
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
        <p className="headline">{t('unsupported.title')}</p>
        <p className="subtle">{t('unsupported.body')}</p>
      </div>
      <NetworkList label={t('networks.available')} />
      <button
        type="button"
        className="button secondary wide"
        disabled={leaving}
        onClick={() => {
          setLeaving(true)
          void leave(latch).finally(() => setLeaving(false))
        }}
      >
        {leaving ? t('common.disconnecting') : t('common.disconnect')}
      </button>
    </div>
  )
}
