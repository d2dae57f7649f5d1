/**
 * The page of scripts/e2e/ssr.e2e.test.ts: rendered to HTML on the server (Node) and hydrated in chromium by
 * client.tsx, as a Next.js or Vite SSR app does (docs/nextjs.md).
 */
import { StrictMode } from 'react'
import { createLatch, type Latch } from '../../../kernel/index'
import { createTestNetwork } from '../../../kernel/testing'
import { eip155 } from '../../../plugins/eip155/index'
import { AccountButton, ConnectButton, LatchProvider, NetworkButton } from '../../../ui/index'

/** The wallet the page's init script announces (EIP-6963) and the account it holds. */
export const ssrWallet = { rdns: 'io.latch.ssr-test', name: 'SSR Test Wallet', account: '0x1234567890abcdef1234567890abcdef1234abcd' }

/** The same options on the server and in the browser (the page's origin serves the RPC), as one module shared by both would give. */
export function createPageLatch(origin: string): Latch {
  const rpcUrl = `${origin}/rpc`
  return createLatch({
    plugins: [eip155()],
    networks: [createTestNetwork('eip155', 1, { name: 'Ethereum', rpcUrl }), createTestNetwork('eip155', 10, { name: 'Optimism', rpcUrl })],
  })
}

export function App({ latch }: { latch: Latch }) {
  return (
    <StrictMode>
      <LatchProvider latch={latch}>
        <main>
          <ConnectButton />
          <NetworkButton />
          <AccountButton />
        </main>
      </LatchProvider>
    </StrictMode>
  )
}
