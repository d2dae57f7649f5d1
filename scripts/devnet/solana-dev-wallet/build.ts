/** Bundles the Solana dev wallet's browser script with its cluster, RPC and key baked in. */
import { fileURLToPath } from 'node:url'
import { buildDevScript } from '../dev-script'
import type { SolanaDevWalletConfig } from './config'

const entry = fileURLToPath(new URL('./main.ts', import.meta.url))

/** The Solana dev wallet as one classic-script JS text (an IIFE, no imports, no eval). */
export async function buildSolanaDevWallet(config: SolanaDevWalletConfig): Promise<string> {
  if (new URL(config.rpcUrl).hostname !== '127.0.0.1') throw new Error(`the Solana dev wallet's RPC must be on 127.0.0.1, got ${config.rpcUrl}`)
  return buildDevScript(entry, '__LATCH_SOLANA_DEV_WALLET_CONFIG__', config)
}
