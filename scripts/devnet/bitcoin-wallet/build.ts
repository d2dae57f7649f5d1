/** Bundles the Bitcoin dev wallet's browser script with its configuration baked in. */
import { fileURLToPath } from 'node:url'
import { buildDevScript } from '../dev-script'
import type { BitcoinWalletConfig } from './provider'

const entry = fileURLToPath(new URL('./wallet.ts', import.meta.url))

/** The Bitcoin dev wallet as one classic-script JS text (an IIFE, no imports, no eval) for the given ledger. */
export async function buildBitcoinWallet(config: BitcoinWalletConfig): Promise<string> {
  if (new URL(config.esploraUrl).hostname !== '127.0.0.1') throw new Error(`the Bitcoin dev wallet's ledger must be on 127.0.0.1, got ${config.esploraUrl}`)
  return buildDevScript(entry, '__LATCH_DEV_BITCOIN_CONFIG__', config, { minify: true })
}
