/** Bundles the dev wallet's browser script with its chains and accounts baked in. */
import { fileURLToPath } from 'node:url'
import { buildDevScript } from '../dev-script'
import type { DevWalletConfig } from './config'

const entry = fileURLToPath(new URL('./wallet.ts', import.meta.url))

/** The dev wallet as one classic-script JS text (an IIFE, no imports, no eval) for the given chains and accounts. */
export async function buildDevWallet(config: DevWalletConfig): Promise<string> {
  if (config.chains.length === 0) throw new Error('buildDevWallet needs at least one chain')
  if (config.accounts.length === 0) throw new Error('buildDevWallet needs at least one account')
  for (const chain of config.chains) {
    if (new URL(chain.rpcUrl).hostname !== '127.0.0.1') throw new Error(`dev wallet RPC URLs must be on 127.0.0.1, got ${chain.rpcUrl}`)
  }
  return buildDevScript(entry, '__LATCH_DEV_WALLET_CONFIG__', { chains: config.chains, accounts: config.accounts })
}
