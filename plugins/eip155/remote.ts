import type { RemoteWallet } from '../../kernel/family/wallets'
import type { Eip1193Provider } from './provider'

const adapted = new WeakMap<RemoteWallet, Eip1193Provider>()

/**
 * A connector's remote wallet (a WalletConnect session's EVM part; docs/plugins.md, "The family kit") as the EIP-1193
 * provider this family calls for its injected wallets: EIP-1193 is JSON-RPC, so each request goes to the remote wallet
 * as it is, on the family's current network, but a chain switch, which the connector decides. One provider per wallet, so identical calls join as they do for any wallet.
 */
export function remoteProvider(wallet: RemoteWallet): Eip1193Provider {
  let provider = adapted.get(wallet)
  if (!provider) {
    provider = {
      // A chain switch follows the connector's rules (WalletConnect: at once on a chain the session approved).
      request: ({ method, params }) => (method === 'wallet_switchEthereumChain' ? wallet.switchChain(`eip155:${Number(readChainId(params))}`).then(() => null) : wallet.request(method, params ?? [])),
    }
    adapted.set(wallet, provider)
  }
  return provider
}

/** The `chainId` of `wallet_switchEthereumChain`'s parameters (`[{ chainId: '0x…' }]`), checked by the family before. */
function readChainId(params: unknown): string {
  const first = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined
  return typeof first?.chainId === 'string' ? first.chainId : ''
}
