// One Latch for the app, its UI mounted once (docs/vue.md). The standalone entry carries React inside: a Vue app has none.
import { createLatch, eip155, fromViemChain, mountLatch } from 'latch/elements/standalone'

// The local chain (anvil's defaults); ?rpc= points the app at another node.
const rpcUrl = new URLSearchParams(location.search).get('rpc') ?? 'http://127.0.0.1:8545'

export const latch = createLatch({
  networks: [fromViemChain({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })],
  plugins: [eip155()],
  metadata: { name: 'Vue 3 app', description: 'Latch in Vue', url: location.origin, icons: [] },
})

export const ui = mountLatch(latch)
