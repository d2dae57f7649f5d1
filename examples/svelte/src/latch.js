// One Latch for the app, its UI mounted once (docs/svelte.md). The standalone entry carries React inside: a Svelte app has none.
import { createLatch, eip155, fromViemChain, mountLatch } from 'latch/elements/standalone'

// The local chain (anvil's defaults); ?rpc= points the app at another node.
const rpcUrl = new URLSearchParams(location.search).get('rpc') ?? 'http://127.0.0.1:8545'

export const latch = createLatch({
  networks: [fromViemChain({ id: 31337, name: 'Anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })],
  plugins: [eip155()],
  metadata: { name: 'Svelte app', description: 'Latch in Svelte', url: location.origin, icons: [] },
})

export const ui = mountLatch(latch)

// The active account as a Svelte store: subscribe() with fireImmediately is one (a store's subscriber hears the value at once).
export const account = {
  subscribe: (run) =>
    ui.subscribe(
      (state) => {
        const ns = state.activeNamespace
        const chain = ns ? state.chains[ns] : undefined
        return chain?.connectorId !== undefined ? (chain?.account.caipAddress?.split(':')[2] ?? null) : null
      },
      run,
      { fireImmediately: true },
    ),
}
