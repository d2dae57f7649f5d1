/**
 * What a connected wallet answers and exposes, checked before use (docs/solana.md, "Connect"): its accounts (base58
 * addresses of 32-byte keys) and its features. Loaded with the session, not with the entry.
 */
import * as z from 'zod/mini'
import { describeIssues, LatchError } from '../../kernel/index'
import { isSolanaAddress } from '../../kernel/rules/solana-address'
import { decodeBase58 } from '../../kernel/rules/base58'
import { featureSchemas, isBytes, maxAccounts, refused, type FeatureName, type StandardWallet, type StandardWalletAccount } from './wallet-schema'
import { equalBytes } from './wire'

const accountSchema = z
  .looseObject({
    address: z.string().check(z.refine(isSolanaAddress, 'a Solana address (base58 of 32 bytes)')),
    publicKey: z.custom<Uint8Array>((value) => isBytes(value) && value.length === 32, 'a public key of 32 bytes'),
    chains: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(maxAccounts)),
    features: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(maxAccounts)),
  })
  .check(z.refine((account) => equalBytes(decodeBase58(account.address), account.publicKey), { message: 'the public key of the address', path: ['publicKey'] }))

/** The wallet's feature `name` (the object itself, so its functions run with their own `this`); undefined when it lacks it. */
export function readFeature<N extends FeatureName>(wallet: StandardWallet, name: N): z.infer<(typeof featureSchemas)[N]> | undefined {
  let feature: unknown
  try {
    feature = wallet.features[name]
  } catch (cause) {
    throw refused(`reading its ${name} feature threw`, cause)
  }
  if (feature === undefined) return undefined
  if (!z.safeParse(featureSchemas[name], feature).success) throw refused(`its ${name} feature is not one`)
  return feature as z.infer<(typeof featureSchemas)[N]>
}

/** A validated account: the address and chains as read once, and the wallet's own object, which its features expect back. */
export type Account = { address: string; publicKey: Uint8Array; chains: readonly string[]; raw: StandardWalletAccount }

/**
 * The accounts a wallet answered (the first 100), validated: base58 addresses of 32 bytes whose public key is
 * those bytes. Junk throws `INVALID_ADDRESS` naming the first problem.
 */
export function readAccounts(value: unknown, what: string): Account[] {
  try {
    const list = Array.isArray(value) ? value.slice(0, maxAccounts) : value
    const parsed = z.safeParse(z.array(accountSchema), list, { reportInput: true })
    if (!parsed.success) throw new LatchError('INVALID_ADDRESS', { details: `${what}: the wallet answered an account that is not a Solana account: ${describeIssues(parsed.error.issues)}` })
    return parsed.data.map((account, i) => ({ address: account.address, publicKey: Uint8Array.from(account.publicKey), chains: account.chains, raw: (list as StandardWalletAccount[])[i] as StandardWalletAccount }))
  } catch (error) {
    if (error instanceof LatchError) throw error
    throw new LatchError('INVALID_ADDRESS', { details: `${what}: reading the accounts threw`, cause: error })
  }
}

