import { selectActiveNetwork, selectRequestedNetworks, type CaipNetwork } from '../../../../kernel/index'
import { useLatchInstance, useLatch, shallowEqual, chooseNetwork, CurrentMark, familyNames, NetworkImage, useLatchTranslate } from '../kit'

/**
 * Every configured network as a row, under its family's name when the dapp has several; the active one is marked;
 * choosing one switches (docs/behaviour.md, "Network-switch routing": another family may route to SwitchActiveChain).
 */
export function NetworkList({ label }: { label?: string }) {
  const t = useLatchTranslate()
  const networks = useLatch(selectRequestedNetworks, shallowEqual)
  const families = [...new Set(networks.map((network) => network.chainNamespace))]
  if (families.length < 2) return <NetworkRows networks={networks} label={label ?? t('networks.list')} />
  return (
    <div className="network-families">
      {families.map((ns) => (
        <section key={ns} className="network-family">
          <h3 className="family-name">{familyNames[ns]}</h3>
          <NetworkRows networks={networks.filter((network) => network.chainNamespace === ns)} label={`${label ?? t('networks.list')}: ${familyNames[ns]}`} />
        </section>
      ))}
    </div>
  )
}

function NetworkRows({ networks, label }: { networks: readonly CaipNetwork[]; label: string }) {
  const t = useLatchTranslate()
  const latch = useLatchInstance()
  const active = useLatch(selectActiveNetwork)
  return (
    <ul className="list" aria-label={label}>
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
              {current ? <CurrentMark label={t('networks.active')} /> : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
