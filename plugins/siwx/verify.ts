/**
 * docs/siwx.md, "Verifying a signature": whether a sign-in message was signed by the account it names. EVM through viem
 * (plain accounts offline; with an RPC URL also contract accounts, EIP-1271, and accounts not yet deployed, EIP-6492);
 * Solana through the platform's WebCrypto Ed25519, with no library.
 */
import { createPublicClient, http, verifyMessage, type Hex } from 'viem'
import { decodeBase58 } from '../../kernel/rules/base58'

/** The signature checked for a plain EVM account (offline), or through `rpcUrl` for any account viem can check. */
export async function verifyEvmSignIn(input: { address: string; message: string; signature: string; rpcUrl?: string }): Promise<boolean> {
  if (!/^0x[0-9a-fA-F]{40}$/.test(input.address) || !/^0x([0-9a-fA-F]{2})+$/.test(input.signature)) return false
  const args = { address: input.address as Hex, message: input.message, signature: input.signature as Hex }
  try {
    if (input.rpcUrl) return await createPublicClient({ transport: http(input.rpcUrl, { retryCount: 0 }) }).verifyMessage(args)
    return await verifyMessage(args)
  } catch {
    // A signature viem cannot even read (wrong length, bad recovery byte) is simply not a signature of that account.
    return false
  }
}

/** An Ed25519 signature (base58, 64 bytes) of the message's UTF-8 bytes by the Solana account (base58, 32 bytes). */
export async function verifySolanaSignIn(input: { address: string; message: string; signature: string }, subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<boolean> {
  const key = decodeBase58(input.address)
  const signature = decodeBase58(input.signature)
  if (key?.length !== 32 || signature?.length !== 64) return false
  try {
    const imported = await subtle.importKey('raw', key as BufferSource, { name: 'Ed25519' }, false, ['verify'])
    return await subtle.verify({ name: 'Ed25519' }, imported, signature as BufferSource, new TextEncoder().encode(input.message))
  } catch {
    return false
  }
}
