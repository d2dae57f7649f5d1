import { selectConfiguredNamespaces, selectView, type ChainNamespace, type Latch, type WalletListing } from '../../../../kernel/index'
import { walletConnectConnectorId } from '../../../../plugins/walletconnect/ui'
import { startAttempt } from '../kit'

/**
 * The family to pair: the active one when the walletconnect plugin lists its connector there, else the first it lists one
 * for (else the first configured, whose connect then fails with the kernel's error).
 */
export function pairingNamespace(latch: Latch): ChainNamespace {
  const state = latch.getState()
  const listed = state.connectors.list.filter((c) => c.id === walletConnectConnectorId)
  const connector = listed.find((c) => c.chain === state.activeNamespace) ?? listed[0]
  return connector?.chain ?? state.activeNamespace ?? selectConfiguredNamespaces(state)[0] ?? 'eip155'
}

/**
 * Connects through WalletConnect from the QR view shown now (the plugin shows the pairing URI meanwhile, outside the
 * state), as `startAttempt` says: the attempt and its pairing phase live in `connection.attempt` (docs/behaviour.md, "The
 * connect attempt"). Leaving this QR view — or another wallet shown in its place — cancels the connect for its family
 * (docs/behaviour.md, "Wallet requests"). `undefined` when the kernel took no event (a replay): no pairing started.
 */
export function startPairing(latch: Latch, listing?: WalletListing): Promise<void> | undefined {
  const ns = pairingNamespace(latch)
  const shown = selectView(latch.getState())
  return startAttempt(
    latch,
    { via: 'walletconnect', ns, connectorId: walletConnectConnectorId, listing },
    {
      shows: (view) => view.name === shown.name && view.name.startsWith('ConnectingWalletConnect') && view.payload?.walletId === shown.payload?.walletId,
      closes: (view) => view.name.startsWith('ConnectingWalletConnect'),
    },
  )
}
