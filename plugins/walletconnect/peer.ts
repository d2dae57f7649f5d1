import { loadPeer, type Peer } from '../../kernel/engine/peer'

/** The optional peer the plugin's session code needs (docs/walletconnect.md, "Install"). */
const signClientPeer: Peer = { name: '@walletconnect/sign-client', entry: 'latch/plugins/walletconnect', export: 'SignClient' }

/**
 * Imports the sign-client, checked: a missing package is `PEER_MISSING` (docs/errors.md), never a bundler's error
 * about an internal module. A dynamic import, so it loads with the session code and not before.
 */
export function loadSignClient() {
  return loadPeer(signClientPeer, () => import('@walletconnect/sign-client'))
}
