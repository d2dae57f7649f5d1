import { selectRequestedNetworks, selectView, type State } from '../../../../kernel/index'
import { useLatch } from '../../../hooks/useLatch'
import { Loader } from '../../Loader/Loader'
import { NetworkImage } from '../Networks/NetworkImage'
import { useLatchTranslate } from '../../../i18n/translate'

const selectTarget = (state: State) => {
  const id = selectView(state).payload?.caipNetworkId
  return selectRequestedNetworks(state).find((n) => n.caipNetworkId === id)
}

/** docs/behaviour.md, "Views" SwitchNetwork: 'Approve in wallet' while the wallet is asked (a failure goes back and shows a toast). */
export default function SwitchNetwork() {
  const t = useLatchTranslate()
  const network = useLatch(selectTarget)
  return (
    <div className="status-view">
      <Loader state="pending">
        {network ? <NetworkImage network={network} size={64} /> : <span className="network-icon" style={{ width: 64, height: 64 }} />}
      </Loader>
      <p className="headline">{t('switchNetwork.approve')}</p>
      <p className="subtle">{network ? t('switchNetwork.acceptTo', { network: network.name }) : t('switchNetwork.accept')}</p>
    </div>
  )
}
