/** Latch against its peers: installs them, measures every dapp of bench/apps, then opens each of them in chromium. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensurePeers, peerVersions } from './peers-install'
import { benchPeersOpen, defaultPeerOpenOptions, type PeerOpenFigures, type PeerOpenOptions } from './peers-open'
import { benchPeerSizes } from './peers-sizes'
import type { PeerAppCost } from './peers-types'

/** Everything the section shows. */
export type PeerFigures = { costs: PeerAppCost[]; open: PeerOpenFigures; versions: Record<string, string>; options: PeerOpenOptions }

/** Installs bench/peers if needed, measures every dapp, runs the latency bench on every dapp (EVM and multi-chain), and removes the builds. */
export async function benchPeers(log: (line: string) => void = () => {}, options = defaultPeerOpenOptions): Promise<PeerFigures> {
  ensurePeers(log)
  const workDir = mkdtempSync(join(tmpdir(), 'latch-bench-peers-'))
  try {
    const costs = await benchPeerSizes(workDir, log)
    const open = await benchPeersOpen(costs, options, log)
    return { costs, open, versions: peerVersions(), options }
  } finally {
    rmSync(workDir, { recursive: true, force: true })
  }
}
