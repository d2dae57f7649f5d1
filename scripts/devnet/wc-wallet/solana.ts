/**
 * What the WalletConnect dev wallet answers in the solana namespace (docs/walletconnect.md, "The dev wallet"). Its key
 * is the Solana dev wallet's (the fixed seed of scripts/devnet/solana-dev-wallet/config.ts, funded by the local
 * stack): an ed25519 key whose public key, in base58, is the address on every cluster.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import * as z from 'zod'
import { decodeBase58, encodeBase58 } from '../../../kernel/rules/base58'
import { hexBytes, solanaDevSeed } from '../solana-dev-wallet/config'
import { readParams, WalletError } from './params'

/** The solana methods the wallet answers. */
export const solanaMethods = ['solana_signMessage', 'solana_getAccounts', 'solana_requestAccounts'] as const

/** Base58 text (at most 20,000 characters: base58 decodes in quadratic time) as its bytes. */
const base58Bytes = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    const bytes = decodeBase58(text)
    if (bytes) return bytes
    ctx.addIssue({ code: 'custom', message: 'not base58' })
    return z.NEVER
  })

const params = {
  solana_signMessage: z.object({ message: base58Bytes, pubkey: z.string().max(100) }),
}

export type SolanaSigner = ReturnType<typeof createSolanaSigner>

/** The wallet's Solana key (the Solana dev wallet's seed unless another is given) and its answer to each request. */
export function createSolanaSigner(seed: string = solanaDevSeed) {
  const secret = hexBytes(seed)
  const address = encodeBase58(ed25519.getPublicKey(secret))
  return {
    /** The base58 public key. */
    address,
    /** Answers one solana request. */
    answer(method: string, raw: unknown): unknown {
      switch (method) {
        case 'solana_getAccounts':
        case 'solana_requestAccounts':
          return [{ pubkey: address }]
        case 'solana_signMessage': {
          const { message, pubkey } = readParams(method, params.solana_signMessage, raw)
          if (pubkey !== address) throw new WalletError(4100, `The wallet has no account ${pubkey}`)
          return { signature: encodeBase58(ed25519.sign(message, secret)) }
        }
        default:
          throw new WalletError(4200, `The dev wallet does not support ${method}`)
      }
    },
  }
}
