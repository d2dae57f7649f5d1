import * as z from 'zod/mini'
import { LatchError } from './engine/errors'
import { latchConfigured } from './core/slices/options'
import { createKernel, type Kernel } from './engine/kernel'
import type { Plugin } from './engine/plugin'
import { describeIssues } from './engine/issues'
import { defaultPorts, type LogLevel, type Ports } from './engine/ports'
import { libraryDefaultRpcOf, withProviderApi } from './rpc-source'
import { isRestrictedTimeZone } from './rules/features'
import { caipNetworkIdSchema, caipNetworkSchema } from './schemas'
import type { CaipNetwork, CaipNetworkId, WalletListing } from './types'
import { defaultNetworks, fromViemChain, isViemChain, type ViemChainLike } from './viem-chain'
import { customWalletIssue, rpcUrlIssue, walletListOptionsSchema } from './wallet-options'

export type LatchOptions = {
  /** Chain families, connectors and features; the core is always there. */
  plugins?: readonly Plugin[]
  /**
   * Networks the dapp supports, across families: Latch networks, or viem chains as they are (viem's
   * `mainnet`, converted with `fromViemChain`). The first is the default unless `defaultNetwork`
   * says otherwise. Without `networks`, Latch configures Ethereum mainnet (`eip155:1`, 18 decimals, no RPC
   * URL, so no balance), which is then the default network (docs/networks.md). Every RPC URL must be an
   * http(s) URL; several per network are used with fallback (docs/networks.md, "Several RPC URLs").
   */
  networks?: readonly (CaipNetwork | ViemChainLike)[]
  defaultNetwork?: CaipNetworkId
  projectId?: string
  metadata?: { name: string; description: string; url: string; icons: readonly string[] }
  features?: Readonly<Record<string, boolean>>
  enableNetworkSwitch?: boolean
  allowUnsupportedChain?: boolean
  /** Light, dark, or the visitor's system preference (default). */
  themeMode?: 'light' | 'dark' | 'system'
  /** Overrides of the modal's CSS custom properties (names start with `--latch-`). */
  themeVariables?: Readonly<Record<string, string>>
  /** Replace any port: virtual time, memory storage, a local fetch. */
  ports?: Partial<Ports>
  /** Prefix of every stored key (default `@latch/`); two instances on one page need two prefixes. */
  storagePrefix?: string
  /** Size bound of the event log in bytes of JSON (default about 1 MB, docs/limits.md "The event log"). */
  logBytes?: number
  /** What the default console logger prints: 'error' (default), 'warn' (warnings too) or 'silent' (docs/debugging.md "Errors"). */
  logLevel?: LogLevel
  /** Default timeout of `latch.request()` in ms (default 6 minutes; `Infinity` for none; docs/debugging.md "Errors"). */
  requestTimeout?: number
  /**
   * Wallets to hide everywhere: listings, searches, recent, installed and announced wallets. An entry hides a
   * wallet whose id, rdns or name equals it, trimmed and ignoring case (docs/behaviour.md, "Wallet filtering").
   */
  excludeWalletIds?: readonly string[]
  /** Wallet ids shown in the featured group on Connect, in this order (docs/behaviour.md, "Wallet list"). */
  featuredWalletIds?: readonly string[]
  /** Your own wallets, shown in the custom group on Connect (docs/behaviour.md, "Wallet list"). */
  customWallets?: readonly WalletListing[]
}

export type Latch = Kernel

const optionsSchema = z.object({
  plugins: z.optional(z.array(z.object({ name: z.string().check(z.minLength(1)) }))),
  networks: z.optional(z.array(caipNetworkSchema)),
  defaultNetwork: z.optional(caipNetworkIdSchema),
  projectId: z.optional(z.string()),
  metadata: z.optional(z.object({ name: z.string(), description: z.string(), url: z.string(), icons: z.array(z.string()) })),
  features: z.optional(z.record(z.string(), z.boolean())),
  enableNetworkSwitch: z.optional(z.boolean()),
  allowUnsupportedChain: z.optional(z.boolean()),
  themeMode: z.optional(z.enum(['light', 'dark', 'system'])),
  themeVariables: z.optional(z.record(z.string().check(z.regex(/^--latch-[a-z0-9-]+$/)), z.string())),
  storagePrefix: z.optional(z.string()),
  logBytes: z.optional(z.number().check(z.positive())),
  logLevel: z.optional(z.enum(['error', 'warn', 'silent'])),
  requestTimeout: z.optional(z.number().check(z.positive())),
  ...walletListOptionsSchema,
})

/**
 * Creates one independent Latch instance. Touches no global: safe to call twice on a
 * page and to import under server-side rendering (the window is read through ports).
 */
export function createLatch(options: LatchOptions = {}): Latch {
  const given = toNetworks(options.networks)
  const parsed = z.safeParse(optionsSchema, { ...options, networks: given }, { reportInput: true })
  if (!parsed.success) throw new LatchError('INVALID_OPTIONS', { details: `createLatch: ${describeIssues(parsed.error.issues)}` })
  // docs/networks.md, "The provider's RPC endpoint", and docs/behaviour.md, "Images": a plugin's provider API fills in
  // the RPC URL and the image the networks leave out.
  const networks = withProviderApi(given, options.plugins?.find((plugin) => plugin.providerApi)?.providerApi, options.projectId)
  const issue = rpcUrlIssue(networks) ?? customWalletIssue(options.customWallets ?? [])
  if (issue) throw new LatchError('INVALID_OPTIONS', { details: `createLatch: ${issue}` })
  const ports = defaultPorts(options.ports, { logLevel: options.logLevel })
  const configured = latchConfigured({
    networks,
    defaultNetwork: options.defaultNetwork,
    projectId: options.projectId,
    metadata: options.metadata,
    features: options.features,
    enableNetworkSwitch: options.enableNetworkSwitch,
    allowUnsupportedChain: options.allowUnsupportedChain,
    themeMode: options.themeMode,
    themeVariables: options.themeVariables,
    excludeWalletIds: options.excludeWalletIds,
    featuredWalletIds: options.featuredWalletIds,
    customWallets: options.customWallets,
    // docs/operations.md, "Restricted time zones": only the verdict enters the log, never the zone.
    ...(isRestrictedTimeZone(readTimeZone(ports)) ? { tradeRestricted: true } : {}),
  })
  const defaults = networks.flatMap((network) => {
    const library = libraryDefaultRpcOf(network)
    return library ? [`${network.name} (${network.caipNetworkId}, ${library})`] : []
  })
  if (defaults.length > 0) {
    ports.logger.warn(
      `these networks use a library's default public RPC, a host you did not configure; the visitor's address is sent there for balances: ${defaults.join(', ')}. Pass your own RPC URLs (fromViemChain(chain, { rpcUrls: [...] })).`,
    )
  }
  return createKernel({
    plugins: options.plugins,
    ports,
    storagePrefix: options.storagePrefix,
    logBytes: options.logBytes,
    requestTimeout: options.requestTimeout,
    configuration: [configured],
  })
}

/** The time-zone port's answer; a port that throws counts as no answer. */
function readTimeZone(ports: Ports): string | undefined {
  try {
    return ports.timeZone?.()
  } catch {
    return undefined
  }
}

/** The configured networks as Latch networks: viem chains converted, Ethereum mainnet when none are given. */
function toNetworks(networks: LatchOptions['networks']): CaipNetwork[] {
  if (networks === undefined) return defaultNetworks()
  // Junk that is not an array is left to the options schema, which rejects it with INVALID_OPTIONS.
  if (!Array.isArray(networks)) return networks as never
  return networks.map((network) => (isViemChain(network) ? fromViemChain(network) : (network as CaipNetwork)))
}
