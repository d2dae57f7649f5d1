/** Types (and the multi-chain label) shared by the peer comparison's modules (sizes, open latency, probe, report), so none imports another for them. */
import type { Split } from './app'

/** The libraries compared. */
export type Library = 'Latch' | 'AppKit' | 'RainbowKit'

/** The chains of the multi-chain dapps (Latch's and AppKit's); the other dapps are 'EVM'. */
export const multiChain = 'EVM + Solana + Bitcoin'

/** One dapp of bench/apps: which library, which chains, its entry file. */
export type PeerApp = { id: string; library: Library; chains: string; entry: string }

/** What one dapp costs; `outdir` holds its React-bundled build (served by the latency bench), `css` names its stylesheet if any. */
export type PeerAppCost = {
  app: PeerApp
  initial: Split
  all: Split
  /** Largest packages of the React-external initial load (minified bytes), largest first. */
  initialTop: { group: string; bytes: number }[]
  outdir: string
  css?: string
}
