/** Latch: an EVM + Solana + Bitcoin mainnet dapp with a connect button (latch-evm.tsx with the solana and bip122 plugins; docs/solana.md, docs/bitcoin.md), for `npm run bench`'s peer comparison. */
import { createRoot } from 'react-dom/client'
import { mainnet } from 'viem/chains'
import { createLatch } from '../../kernel/index'
import { api } from '../../plugins/api/index'
import { bip122, bitcoin } from '../../plugins/bip122/index'
import { eip155, fromViemChain } from '../../plugins/eip155/index'
import { solana, solanaMainnet } from '../../plugins/solana/index'
import { ConnectButton, LatchProvider } from '../../ui/index'

// api() without a baseUrl serves the curated wallet list offline.
const latch = createLatch({
  networks: [fromViemChain(mainnet), solanaMainnet(), bitcoin],
  plugins: [eip155(), solana(), bip122(), api()],
  metadata: { name: 'Bench dapp', description: 'Latch bench', url: 'http://127.0.0.1', icons: [] },
})

createRoot(document.getElementById('root')!).render(
  <LatchProvider latch={latch}>
    <ConnectButton />
  </LatchProvider>,
)
