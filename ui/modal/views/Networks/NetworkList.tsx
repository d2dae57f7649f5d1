import { selectActiveNetwork, selectRequestedNetworks, type CaipNetwork } from '../../../../kernel/index'
import { useLatchInstance } from '../../../context'
import { useLatch } from '../../../hooks/useLatch'
import { shallowEqual } from '../../../utils/shallowEqual'
import { chooseNetwork } from '../../network-switch'
import { CheckIcon } from '../../icons'
import { NetworkImage } from './NetworkImage'
import { useT } from '../../../i18n/translate'

/** Every configured network as a row; the active one is marked; choosing one switches (docs/behaviour.md, "Network-switch routing" routing). */
export function NetworkList({ label }: { label?: string }) {
  const t = useT()
  const latch = useLatchInstance()
  const networks = useLatch(selectRequestedNetworks, shallowEqual)
  const active = useLatch(selectActiveNetwork)
  return (
    <ul className="list" aria-label={label ?? t('networks.list')}>
      {networks.map((network: CaipNetwork) => {
        const current = network.caipNetworkId === active?.caipNetworkId
        return (
          <li key={network.caipNetworkId}>
            <button type="button" className="row" aria-current={current || undefined} onClick={() => void chooseNetwork(latch, network)}>
              <NetworkImage network={network} size={36} />
              <span className="row-name" dir="auto">
                {network.name}
              </span>
              {network.testnet ? (
                <span className="tag" data-tone="neutral">
                  {t('networks.testnet')}
                </span>
              ) : null}
              {current ? (
                <span className="row-check" aria-label={t('networks.active')}>
                  <CheckIcon size={18} />
                </span>
              ) : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
