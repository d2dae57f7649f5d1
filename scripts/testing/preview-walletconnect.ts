/**
 * A stand-in for the walletconnect plugin on the preview page (scripts/ui-preview.ts), not part of the package: it lists
 * the wallet-connect connector and shows a made-up pairing URI for each connect through it; no wallet ever answers.
 */
import { EMPTY, filter, merge, mergeMap, of } from 'rxjs'
import { connectorsDiscovered, definePlugin, walletConnectRequested } from '../../kernel/index'
import { walletConnectEvents, walletConnectUriShown, walletConnectUriWanted } from '../../plugins/walletconnect/events'

const uri = `wc:${'3f9a6c2e'.repeat(8)}@2?relay-protocol=irn&symKey=${'b41d07e5'.repeat(8)}&expiryTimestamp=1767225600&methods=wc_sessionAuthenticate`

export const previewWalletConnect = definePlugin({
  name: 'walletconnect',
  events: walletConnectEvents,
  effects: [
    (events$) => {
      let shown = false
      const show = () => {
        shown = true
        return of(walletConnectUriShown({ uri, expiresAt: Date.now() + 240_000 }))
      }
      return merge(
        of(connectorsDiscovered({ connectors: [{ id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }] })),
        events$.pipe(filter(walletConnectRequested.match), filter((event) => event.payload.connectorId === 'walletConnect'), mergeMap(show)),
        events$.pipe(filter(walletConnectUriWanted.match), mergeMap(() => (shown ? show() : EMPTY))),
      )
    },
  ],
})
