/**
 * What a wallet-standard wallet must look like before Latch lists it or calls it (docs/solana.md, "Discovery"):
 * validated with zod, every read guarded (a getter may throw), never trusted to keep its shape.
 */
import * as z from 'zod/mini'
import { describeIssues, LatchError } from '../../kernel/index'

/** The wallet object as the wallet standard defines it; the plugin reads only through `readWallet` and accounts.ts. */
export type StandardWallet = {
  readonly version: string
  readonly name: string
  readonly icon: string
  readonly chains: readonly string[]
  readonly features: Readonly<Record<string, unknown>>
  readonly accounts: readonly StandardWalletAccount[]
}

/** One account of a wallet: a base58 address and its 32-byte public key. */
export type StandardWalletAccount = {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
  readonly label?: string
  readonly icon?: string
}

/** Longest wallet icon kept, in characters of its data URI; a longer one is dropped (docs/limits.md). */
export const maxIconLength = 64 * 1024
/** Most accounts and chains read from a wallet; the rest are ignored (docs/limits.md). */
export const maxAccounts = 100

const fn = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'a function')

/** The features Latch calls, each with the function it calls. A wallet that has one must have it right. */
export const featureSchemas = {
  'standard:connect': z.looseObject({ connect: fn }),
  'standard:disconnect': z.looseObject({ disconnect: fn }),
  'standard:events': z.looseObject({ on: fn }),
  'solana:signMessage': z.looseObject({ signMessage: fn }),
  'solana:signTransaction': z.looseObject({ signTransaction: fn }),
  'solana:signAndSendTransaction': z.looseObject({ signAndSendTransaction: fn }),
} as const

export type FeatureName = keyof typeof featureSchemas

const walletSchema = z.looseObject({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  icon: z.unknown(),
  chains: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(maxAccounts)),
  features: z.record(z.string(), z.unknown()),
  accounts: z.array(z.unknown()),
})

/** True for a Uint8Array of this realm or another (a wallet's content script). */
function isBytes(value: unknown): value is Uint8Array {
  return ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === '[object Uint8Array]'
}

/** What the wallet list shows of a wallet. */
export type WalletInfo = { name: string; icon?: string; chains: readonly string[] }

/**
 * A wallet's name, icon and chains if it may be listed; `undefined` for a well-formed wallet of another family (no
 * `solana:` chain: not ours, not an error); a `LatchError` (`INVALID_RESPONSE`) saying why a junk one is refused.
 * Never throws.
 */
export function readWallet(wallet: unknown): WalletInfo | LatchError | undefined {
  try {
    const parsed = z.safeParse(walletSchema, wallet, { reportInput: true })
    if (!parsed.success) return refused(`the wallet ${describeIssues(parsed.error.issues)}`)
    if (!parsed.data.chains.some((chain) => chain.startsWith('solana:'))) return undefined
    if (!Object.hasOwn(parsed.data.features, 'standard:connect')) return refused('it lacks the standard:connect feature')
    for (const name of Object.keys(featureSchemas) as FeatureName[]) {
      if (!Object.hasOwn(parsed.data.features, name)) continue
      const feature = z.safeParse(featureSchemas[name], parsed.data.features[name], { reportInput: true })
      if (!feature.success) return refused(`its ${name} feature: ${describeIssues(feature.error.issues)}`)
    }
    const { name, icon, chains } = parsed.data
    // Icons must be data: images: a remote URL would be a request the visitor never chose (docs/solana.md).
    const kept = typeof icon === 'string' && icon.startsWith('data:image/') && icon.length <= maxIconLength ? icon : undefined
    return { name: name.trim() || name, ...(kept ? { icon: kept } : {}), chains }
  } catch (cause) {
    return refused('reading the wallet threw', cause)
  }
}

export function refused(details: string, cause?: unknown): LatchError {
  return new LatchError('INVALID_RESPONSE', { details, cause })
}

export { isBytes }
