/** Reown AppKit with the wagmi, Solana and Bitcoin adapters: EVM + Solana + Bitcoin mainnets, `<appkit-button>` (AppKit's multichain docs). */
import { BitcoinAdapter } from '@reown/appkit-adapter-bitcoin'
import { SolanaAdapter } from '@reown/appkit-adapter-solana/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { bitcoin, mainnet, solana, type AppKitNetwork } from '@reown/appkit/networks'
import { createAppKit } from '@reown/appkit/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'

const projectId = 'bench0000000000000000000000000000'
const metadata = { name: 'Bench dapp', description: 'AppKit bench', url: 'http://127.0.0.1', icons: [] }
const queryClient = new QueryClient()
const wagmiAdapter = new WagmiAdapter({ networks: [mainnet], projectId })
const solanaAdapter = new SolanaAdapter()
const bitcoinAdapter = new BitcoinAdapter({ projectId })
// AppKit 1.8's solana and bitcoin declarations inline an older viem `Chain` than the viem its peer range allows (2.57 here): a type-only mismatch.
const networks = [mainnet, solana, bitcoin] as [AppKitNetwork, ...AppKitNetwork[]]

createAppKit({ adapters: [wagmiAdapter, solanaAdapter, bitcoinAdapter], networks, projectId, metadata })

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <appkit-button />
    </QueryClientProvider>
  </WagmiProvider>,
)
