import { createRoot } from 'react-dom/client'
import { createLatch } from '../../../kernel/index'
import { createTestNetwork } from '../../../kernel/testing'
import { api } from '../../../plugins/api/index'
import { eip155 } from '../../../plugins/eip155/index'
import { LatchProvider } from '../../../ui/index'
import { App } from './App'
import type { DemoConfig } from './config'

const config: DemoConfig = __LATCH_DEMO_CONFIG__
const query = new URLSearchParams(location.search)
const theme = query.get('theme')
// `?balances=chain`: token balances read from the chain (Multicall3 over the token list) instead of the provider API.
const fromChain = query.get('balances') === 'chain'

const latch = createLatch({
  networks: config.chains.map((chain) => createTestNetwork('eip155', chain.chainId, { name: chain.name, rpcUrl: chain.rpcUrl })),
  plugins: [eip155({ tokens: config.tokens }), api(config.api ? { baseUrl: config.api.url, projectId: config.api.projectId, balances: !fromChain } : {})],
  projectId: config.api?.projectId,
  metadata: { name: 'Latch demo', description: 'A dapp on a local chain', url: location.origin, icons: [] },
  themeMode: theme === 'dark' || theme === 'light' ? theme : (config.themeMode ?? 'system'),
  // A development page: show Latch's warnings (an impostor wallet, a dropped stored value) in the console.
  logLevel: 'warn',
})

// For debugging from the console and for the end-to-end tests: the exported log replays any session.
Object.defineProperty(window, 'latchDemo', { value: { latch, exportLog: () => latch.exportLog() } })

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <LatchProvider latch={latch}>
      <App />
    </LatchProvider>,
  )
}
