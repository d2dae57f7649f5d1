/** Configuration baked into the Solana dev wallet's browser script at build time. */
import { ed25519 } from '@noble/curves/ed25519.js'
import { encodeBase58 } from '../../../kernel/rules/base58'

/** The cluster the wallet serves (its wallet-standard chain) and the RPC it sends to; its key's 32-byte seed in hex. */
export type SolanaDevWalletConfig = { rpcUrl: string; chain: `solana:${string}`; seed: string }

/** The wallet's wallet-standard name. */
export const solanaDevWalletInfo = { name: 'Solana Dev Wallet' } as const

/** The dev key's seed: fixed, so the stack can fund the address before any page loads (never use it for anything real). */
export const solanaDevSeed = '4c61746368536f6c616e614465765761c1e7c1e7c1e7c1e7c1e7c1e7c1e7c1e7'

/** localStorage keys of the Solana dev wallet (per origin, like an extension's per-site permission). */
export const solanaStorageKeys = {
  /** '1' once the site was approved; absent otherwise. */
  authorised: 'latch-solana-dev-wallet:authorised',
  /** 'approve' or 'reject': answer prompts without showing them (automation); shared with the EVM dev wallet. */
  auto: 'latch-dev-wallet:auto',
} as const

/** The base58 address of a seed's ed25519 key. */
export function addressOfSeed(seed: string): string {
  return encodeBase58(ed25519.getPublicKey(hexBytes(seed)))
}

export function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16))
}
