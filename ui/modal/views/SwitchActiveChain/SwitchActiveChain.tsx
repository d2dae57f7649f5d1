import { useState } from 'react'
import { selectRequestedNetworks, selectView, type State } from '../../../../kernel/index'
import { useLatchInstance, useLatch, switchActiveChain, familyNames, NetworkImage, useLatchTranslate } from '../kit'

const selectTarget = (state: State) => {
  const id = selectView(state).payload?.network
  return selectRequestedNetworks(state).find((n) => n.caipNetworkId === id)
}

/** docs/behaviour.md, "Views" SwitchActiveChain: the target network is of another chain family with no account yet; switch, then Connect. */
export default function SwitchActiveChain() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const network = useLatch(selectTarget)
  const [busy, setBusy] = useState(false)
  if (!network) return <p className="subtle center">{t('switchFamily.unavailable')}</p>
  const family = familyNames[network.chainNamespace]
  return (
    <div className="status-view">
      <div className="loader">
        <NetworkImage network={network} size={64} />
      </div>
      <p className="headline">{t('switchFamily.title', { network: network.name })}</p>
      <p className="subtle">{t('switchFamily.body', { family, network: network.name })}</p>
      <button
        type="button"
        className="button primary"
        data-autofocus
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => {
          setBusy(true)
          void switchActiveChain(latch, network).finally(() => setBusy(false))
        }}
      >
        {busy ? t('switchFamily.switching') : t('switchFamily.button', { family })}
      </button>
    </div>
  )
}
