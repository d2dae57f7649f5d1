import * as z from 'zod/mini'
import { connectAttemptSchema } from './slices/connection'
import { maxHistory } from '../rules/router'
import {
  accountTypeSchema,
  caipAddressSchema,
  caipNetworkIdSchema,
  caipNetworkSchema,
  chainNamespaceSchema,
  connectionStatusSchema,
  connectorSchema,
  toastSchema,
  viewSchema,
  walletListingSchema,
} from '../schemas'
import type { CoreState } from './state'
import { chainNamespaces, type ChainNamespace } from '../types'

/**
 * The shape of the core slices of the kernel's state (kernel/core/state.ts), for checking a state that
 * comes from outside: the snapshot an exported log starts from. Each field is as permissive as the
 * reducers that write it (an account address in a connection may be empty, as `account/connected`
 * allows), and objects keep keys they do not name, so any state the kernel produces passes; what
 * it refuses is a state no reducer could have made, which replay would otherwise fold on silently.
 * Only checked, never used to parse: the snapshot replay starts from is the one in the log.
 */

function perNamespace<T extends z.ZodMiniType>(schema: T) {
  return z.object(Object.fromEntries(chainNamespaces.map((ns) => [ns, schema])) as Record<ChainNamespace, T>)
}

const nullableString = z.optional(z.nullable(z.string()))

const tokenBalanceShape = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  address: z.optional(z.string()),
  value: z.optional(z.number()),
  price: z.optional(z.number()),
  quantity: z.object({ decimals: z.string(), numeric: z.string() }),
  iconUrl: z.optional(z.string()),
})

const accountSchema = z.object({
  status: connectionStatusSchema,
  caipAddress: z.optional(caipAddressSchema),
  allAccounts: z.array(z.object({ address: z.string(), type: z.optional(accountTypeSchema) })),
  currentTab: z.number(),
  balance: z.optional(z.string()),
  balanceSymbol: z.optional(z.string()),
  balanceLoading: z.boolean(),
  lastRetry: z.optional(z.number()),
  tokenBalance: z.array(tokenBalanceShape),
  smartAccountDeployed: z.boolean(),
  addressLabels: z.record(z.string(), z.string()),
  profileName: nullableString,
  profileImage: nullableString,
  user: z.optional(z.object({ email: nullableString, username: z.optional(z.string()) })),
  addressExplorerUrl: z.optional(z.string()),
  connectedWalletInfo: z.optional(z.object({ name: z.string(), icon: z.optional(z.string()), rdns: z.optional(z.string()) })),
  preferredAccountType: z.optional(accountTypeSchema),
  socialProvider: z.optional(z.string()),
  farcasterUrl: z.optional(z.string()),
})

const networkSchema = z.object({
  caipNetwork: z.optional(caipNetworkSchema),
  supportsAllNetworks: z.boolean(),
  smartAccountEnabledNetworks: z.array(z.number()),
  requestedCaipNetworks: z.array(caipNetworkSchema),
  approvedCaipNetworkIds: z.array(caipNetworkIdSchema),
})

const chainSchema = z.object({
  account: accountSchema,
  network: networkSchema,
  connectorId: z.optional(z.string()),
  reconnectConnectorId: z.optional(z.string()),
})

const connectionEntrySchema = z.object({
  connectorId: z.string(),
  accounts: z.array(z.object({ address: z.string(), type: z.optional(accountTypeSchema) })),
  recent: z.optional(z.boolean()),
  auth: z.optional(z.object({ name: z.optional(z.string()), username: z.optional(z.string()) })),
  caipNetwork: z.optional(caipNetworkIdSchema),
})

const cacheEntry = <T extends z.ZodMiniType>(value: T) => z.record(z.string(), z.object({ value, timestamp: z.number() }))

export const coreStateSchema: z.ZodMiniType<CoreState> = z.object({
  chains: perNamespace(chainSchema),
  activeNamespace: z.optional(chainNamespaceSchema),
  connection: z.object({
    connections: perNamespace(z.array(connectionEntrySchema)),
    disconnectedConnectorIds: perNamespace(z.array(z.string())),
    recentWallets: z.array(walletListingSchema),
    status: connectionStatusSchema,
    wcUri: z.optional(z.string()),
    wcPairingExpiry: z.optional(z.number()),
    wcLinking: z.optional(z.object({ href: z.string(), name: z.string() })),
    wcError: z.boolean(),
    buffering: z.boolean(),
    isSwitchingConnection: z.boolean(),
    isSwitchingNamespace: z.boolean(),
    lastUsedCaipNetworkId: z.optional(caipNetworkIdSchema),
    attempt: z.optional(connectAttemptSchema),
  }),
  connectors: z.object({ list: z.array(connectorSchema) }),
  // Every router verb keeps the history non-empty and within its bound (kernel/rules/router.ts).
  router: z.object({ open: z.boolean(), history: z.array(viewSchema).check(z.minLength(1), z.maxLength(maxHistory)) }),
  toast: z.object({ current: z.optional(z.intersection(toastSchema, z.object({ id: z.string() }))), open: z.boolean() }),
  caches: z.object({
    balance: cacheEntry(z.string()),
    portfolio: cacheEntry(z.array(tokenBalanceShape)),
    names: cacheEntry(z.nullable(z.string())),
    identity: cacheEntry(z.object({ name: nullableString, avatar: nullableString })),
  }),
  balances: z.object({
    watchers: z.object({ native: z.number(), tokens: z.number() }),
    providerNamespaces: z.array(chainNamespaceSchema),
  }),
  page: z.object({ visible: z.boolean() }),
  options: z.object({
    projectId: z.optional(z.string()),
    metadata: z.optional(z.object({ name: z.string(), description: z.string(), url: z.string(), icons: z.array(z.string()) })),
    features: z.record(z.string(), z.boolean()),
    localFeatures: z.optional(z.record(z.string(), z.boolean())),
    remoteFeatures: z.optional(z.record(z.string(), z.boolean())),
    tradeRestricted: z.optional(z.literal(true)),
    enableNetworkSwitch: z.boolean(),
    allowUnsupportedChain: z.boolean(),
    themeMode: z.enum(['light', 'dark', 'system']),
    themeVariables: z.record(z.string(), z.string()),
    locale: z.string(),
    dir: z.enum(['ltr', 'rtl']),
    excludeWalletIds: z.array(z.string()),
    featuredWalletIds: z.array(z.string()),
    customWallets: z.array(walletListingSchema),
    imageOrigins: z.array(z.string()),
  }),
})

/**
 * Why `state` does not have the shape of the kernel's core slices (`slice.path: what is wrong`),
 * or undefined when it does. Slices added by plugins are not looked at.
 */
export function coreStateIssue(state: unknown): string | undefined {
  let parsed: ReturnType<typeof z.safeParse>
  try {
    parsed = z.safeParse(coreStateSchema, state)
  } catch {
    return '(root): unreadable (reading it threw)'
  }
  if (parsed.success) return undefined
  const issue = parsed.error.issues[0]
  if (!issue) return 'unreadable'
  const path = issue.path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}${text ? '.' : ''}${String(key).slice(0, 40)}`), '')
  return `${path || '(root)'}: ${issue.message}`
}
