/**
 * The React side: WagmiProvider and TanStack Query as any wagmi app has them, LatchProvider inside so the
 * modal can show, and a component written only with wagmi's hooks.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { Latch } from 'latch'
import { LatchProvider } from 'latch/react'
import { useState } from 'react'
import { useAccount, useBalance, useConnect, useDisconnect, useSignMessage, WagmiProvider, type Config } from 'wagmi'

export function App({ latch, config }: { latch: Latch; config: Config }) {
  const [queryClient] = useState(() => new QueryClient())
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <LatchProvider latch={latch}>
          <Wallet />
        </LatchProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}

/** A wagmi component as it was before Latch: `connect` now opens Latch's modal. */
export function Wallet() {
  const { address, isConnected } = useAccount()
  const { connect, connectors, error: connectError } = useConnect()
  const { disconnect } = useDisconnect()
  const { signMessage, data: signature } = useSignMessage()
  const { data: balance } = useBalance({ address })
  const latch = connectors.find((connector) => connector.id === 'latch')

  if (!isConnected) {
    return (
      <div>
        <button type="button" disabled={!latch} onClick={() => latch && connect({ connector: latch })}>
          Connect
        </button>
        {connectError && <p role="alert">{connectError.name}</p>}
      </div>
    )
  }
  return (
    <div>
      <p data-testid="address">{address}</p>
      <p data-testid="balance">{balance ? `${balance.formatted} ${balance.symbol}` : '…'}</p>
      <button type="button" onClick={() => signMessage({ message: 'Hello from wagmi' })}>
        Sign
      </button>
      {signature && <p data-testid="signature">{signature}</p>}
      <button type="button" onClick={() => disconnect()}>
        Disconnect
      </button>
    </div>
  )
}
