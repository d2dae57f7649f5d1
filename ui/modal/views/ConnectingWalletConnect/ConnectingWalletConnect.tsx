import { useState } from 'react'
import { selectView, type State } from '../../../../kernel/index'
import { NotInstalled } from './NotInstalled'
import { PairingView } from './PairingView'
import { useViewStyles } from './useViewStyles'
import { findListing } from './wallet-link'
import { useLatch, useLatchInstance, useLatchTranslate } from '../kit'

const selectPayload = (state: State) => selectView(state).payload

/**
 * docs/behaviour.md, "Views" ConnectingWalletConnect: a wallet that is not installed here. With the walletconnect plugin, the
 * pairing QR code and the wallet's link; without it, the wallet's own link.
 */
export default function ConnectingWalletConnect() {
  return <Connecting specific />
}

/** docs/behaviour.md, "Views" ConnectingWalletConnectBasic: the pairing QR code for any wallet (the wallet-connect entry). */
export function ConnectingWalletConnectBasic() {
  return <Connecting specific={false} />
}

function Connecting({ specific }: { specific: boolean }) {
  const latch = useLatchInstance()
  const payload = useLatch(selectPayload)
  const styles = useViewStyles()
  if (!latch.plugins.includes('walletconnect')) return <NotInstalled />
  const walletId = specific && typeof payload?.walletId === 'string' ? payload.walletId : undefined
  const name = typeof payload?.name === 'string' ? payload.name : undefined
  const imageUrl = typeof payload?.imageUrl === 'string' ? payload.imageUrl : undefined
  // Keyed by wallet: another wallet chosen in its place pairs afresh.
  return (
    <div ref={styles}>
      <WalletPairing key={walletId ?? ''} walletId={walletId} name={name} imageUrl={imageUrl} />
    </div>
  )
}

/** The listing of the chosen wallet, read once: the view keeps it while the list changes around it. */
function WalletPairing({ walletId, name, imageUrl }: { walletId?: string; name?: string; imageUrl?: string }) {
  const latch = useLatchInstance()
  const t = useLatchTranslate()
  const [listing] = useState(() => findListing(latch.getState(), walletId))
  return <PairingView listing={listing} name={name ?? listing?.name ?? t('notInstalled.someWallet')} imageUrl={imageUrl ?? listing?.image_url} />
}
