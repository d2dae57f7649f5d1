/** Latch: an EVM-mainnet dapp with a connect button (README's quick start), for `npm run bench`'s peer comparison. */
import { createRoot } from 'react-dom/client'
import { mainnet } from 'viem/chains'
import { createLatch } from '../../kernel/index'
import { api } from '../../plugins/api/index'
import { eip155, fromViemChain } from '../../plugins/eip155/index'
import { ConnectButton, LatchProvider } from '../../ui/index'

// api() without a baseUrl serves the curated wallet list offline.
const latch = createLatch({
  networks: [fromViemChain(mainnet)],
  plugins: [eip155(), api()],
  metadata: { name: 'Bench dapp', description: 'Latch bench', url: 'http://127.0.0.1', icons: [] },
})

createRoot(document.getElementById('root')!).render(
  <LatchProvider latch={latch}>
    <ConnectButton />
  </LatchProvider>,
)
