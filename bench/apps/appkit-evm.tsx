/** Reown AppKit with its wagmi adapter: an EVM-mainnet dapp with `<appkit-button>` (AppKit's React quick start). */
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { mainnet } from '@reown/appkit/networks'
import { createAppKit } from '@reown/appkit/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'

// A dummy project id: nothing here may reach Reown's servers (the bench blocks every outside request).
const projectId = 'bench0000000000000000000000000000'
const metadata = { name: 'Bench dapp', description: 'AppKit bench', url: 'http://127.0.0.1', icons: [] }
const queryClient = new QueryClient()
const wagmiAdapter = new WagmiAdapter({ networks: [mainnet], projectId })

createAppKit({ adapters: [wagmiAdapter], networks: [mainnet], projectId, metadata })

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <appkit-button />
    </QueryClientProvider>
  </WagmiProvider>,
)
