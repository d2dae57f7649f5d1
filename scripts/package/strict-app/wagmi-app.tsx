/**
 * docs/wagmi.md's example: Latch's connector in wagmi's own config, under wagmi's providers. Apart from examples.tsx
 * because wagmi's own declarations do not pass these settings with skipLibCheck off (its files' errors are wagmi's,
 * scripts/package/strict-types.test.ts tells them apart).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createLatch } from 'latch'
import { eip155, fromViemChain } from 'latch/plugins/eip155'
import { LatchProvider, useLatchSignMessage } from 'latch/react'
import { latchConnector } from 'latch/wagmi'
import { createConfig, http, useSignMessage, WagmiProvider } from 'wagmi'
import { base, mainnet } from 'wagmi/chains'

const rpc = { [mainnet.id]: 'https://rpc.example/1', [base.id]: 'https://rpc.example/8453' }
const withWagmi = createLatch({
  networks: [fromViemChain(mainnet, { rpcUrls: [rpc[mainnet.id]] }), fromViemChain(base, { rpcUrls: [rpc[base.id]] })],
  plugins: [eip155()],
})

export const config = createConfig({
  chains: [mainnet, base],
  connectors: [latchConnector(withWagmi)],
  transports: { [mainnet.id]: http(rpc[mainnet.id]), [base.id]: http(rpc[base.id]) },
  multiInjectedProviderDiscovery: false,
})

const queryClient = new QueryClient()

export const WagmiApp = () => (
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <LatchProvider latch={withWagmi}>
        <Both />
      </LatchProvider>
    </QueryClientProvider>
  </WagmiProvider>
)

// wagmi's hook and Latch's side by side: one name each, no clash (docs/react.md, "Hooks").
function Both() {
  const wagmiSign = useSignMessage()
  const latchSign = useLatchSignMessage()
  return (
    <>
      <button onClick={() => wagmiSign.signMessage({ message: 'Hello' })}>wagmi</button>
      <button onClick={() => latchSign.signMessage({ message: 'Hello' })}>Latch</button>
    </>
  )
}
