import { useId, useMemo } from 'react'
import { selectAddress, type CaipNetwork, type ChainNamespace, type State } from '../../../../kernel/index'
import { checksumAddress } from '../../../../kernel/rules/checksum'
import { encodeQr, qrPath, type QrPath } from '../../../qr/index'
import { receiveCss } from './Receive.css'
import { copyAddress, useViewStyles, familyNames, shallowEqual, useLatch, useLatchInstance, useLatchTranslate, CopyIcon, WarningIcon, NetworkImage } from '../kit'

/** What the view shows: the active account's family, its address, and the family's configured networks. */
export function selectReceiveView(state: State): { ns?: ChainNamespace; address?: string; networks: readonly CaipNetwork[] } {
  const ns = state.activeNamespace
  const address = selectAddress(state)
  if (!ns || !address) return { networks: [] }
  return { ns, address: receiveAddress(ns, address), networks: state.chains[ns].network.requestedCaipNetworks }
}

/**
 * The text the code holds (docs/behaviour.md, "Receive"): the address alone. An EVM address is given its EIP-55
 * checksum (a payment URI would name one chain, and many wallets read only the plain address).
 */
export function receiveAddress(ns: ChainNamespace, address: string): string {
  return ns === 'eip155' && /^0x[0-9a-fA-F]{40}$/.test(address) ? checksumAddress(address) : address
}

/** The address's code at level M (an address is short: the code stays coarse enough for any camera), or undefined. */
function drawAddress(address: string): QrPath | undefined {
  try {
    return qrPath(encodeQr(address, { ecLevel: 'M' }))
  } catch {
    return undefined
  }
}

/**
 * docs/behaviour.md, "Receive": the active account's address as a QR code (black on white in every theme), in full
 * (selectable), a Copy button, and the networks of its family the dapp is configured for, with a warning to send only on those.
 */
export default function Receive() {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const view = useLatch(selectReceiveView, shallowEqual)
  const styles = useViewStyles(receiveCss)
  const networksId = useId()
  const code = useMemo(() => (view.address ? drawAddress(view.address) : undefined), [view.address])
  if (!view.address || !view.ns) return <p className="subtle center">{t('account.none')}</p>
  const { address, ns } = view
  const family = familyNames[ns]
  return (
    <section className="receive" ref={styles}>
      {code ? (
        <div className="receive-qr" role="img" aria-label={t('receive.qrLabel', { family })}>
          <svg viewBox={`0 0 ${code.size} ${code.size}`} aria-hidden="true" focusable="false">
            <rect width={code.size} height={code.size} fill="#fff" />
            <path d={code.d} fill="#000" />
          </svg>
        </div>
      ) : null}
      <p className="receive-address">
        <bdi>{address}</bdi>
      </p>
      <button type="button" className="button secondary receive-copy" onClick={() => void copyAddress(latch, address)}>
        <CopyIcon size={16} />
        {t('account.copy')}
      </button>
      {view.networks.length ? (
        <div className="receive-networks">
          <h3 id={networksId}>{t('receive.networks')}</h3>
          <ul aria-labelledby={networksId}>
            {view.networks.map((network) => (
              <li key={network.caipNetworkId}>
                <NetworkImage network={network} size={22} />
                <span dir="auto">{network.name}</span>
              </li>
            ))}
          </ul>
          <p className="receive-warning">
            <WarningIcon size={16} />
            <span>{t('receive.warning')}</span>
          </p>
        </div>
      ) : null}
    </section>
  )
}
