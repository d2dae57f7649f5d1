/**
 * docs/siwx.md, "Verifying a signature": whether a sign-in message was signed by the account it names, through viem
 * (plain accounts offline; with an RPC URL also contract accounts, EIP-1271, and accounts not yet deployed, EIP-6492).
 * Solana's is in verify-solana.ts, Bitcoin's in verify-bitcoin.ts.
 */
import * as viem from 'viem'
import type { Hex } from 'viem'
import { checkPeer, type Peer } from '../../kernel/engine/peer'
import { accountNamed } from './message'

/** The optional peer EVM sign-in checks need (docs/siwx.md, "Install"). */
export const viemPeer: Peer = { name: 'viem', entry: 'latch/plugins/siwx', export: 'verifyMessage' }

/**
 * True when `message` is an EVM sign-in message naming `address` (compared without case) and `signature` is that
 * account's: checked offline for a plain account, or through `rpcUrl` for any account viem can check. A message that
 * names another account, or is not a sign-in message, never verifies.
 */
export async function verifyEvmSignIn(input: { address: string; message: string; signature: string; rpcUrl?: string }): Promise<boolean> {
  // A namespace import: a bundler's empty stand-in for a missing viem builds, and this says so (PEER_MISSING).
  checkPeer(viemPeer, viem)
  const named = accountNamed('eip155', input?.message)
  if (named === undefined || typeof input.address !== 'string' || named.toLowerCase() !== input.address.toLowerCase()) return false
  if (!/^0x([0-9a-fA-F]{2})+$/.test(input.signature)) return false
  const args = { address: named as Hex, message: input.message, signature: input.signature as Hex }
  try {
    if (input.rpcUrl) return await viem.createPublicClient({ transport: viem.http(input.rpcUrl, { retryCount: 0 }) }).verifyMessage(args)
    return await viem.verifyMessage(args)
  } catch {
    // A signature viem cannot even read (wrong length, bad recovery byte) is simply not a signature of that account.
    return false
  }
}
