import * as z from 'zod/mini'
import type {
  AccountType,
  CaipAddress,
  CaipNetwork,
  CaipNetworkId,
  Connection,
  ConnectionStatus,
  Connector,
  Toast,
  View,
  WalletListing,
} from './types'
import { chainNamespaces, viewNames } from './types'
import { isWalletLink, type WalletLinkKind } from './rules/wallet-links'
import { sensitive } from './engine/redact'

/** Schemas of entities (docs/storage.md), for validating every boundary. Typed against ./types. */

export const chainNamespaceSchema = z.enum(chainNamespaces)

// docs/behaviour.md, "CAIP identifiers": CAIP-2 is exactly two colon-separated parts, CAIP-10 exactly three.
export const caipNetworkIdSchema = z.string().check(z.regex(/^[^:\s]+:[^:\s]+$/)) as unknown as z.ZodMiniType<CaipNetworkId>
export const caipAddressSchema = z.string().check(z.regex(/^[^:\s]+:[^:\s]+:[^:\s]+$/)) as unknown as z.ZodMiniType<CaipAddress>

export const accountTypeSchema: z.ZodMiniType<AccountType> = z.enum(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'])

export const connectionStatusSchema: z.ZodMiniType<ConnectionStatus> = z.enum([
  'disconnected',
  'connecting',
  'connected',
  'reconnecting',
])

const urlList = z.readonly(z.array(z.string()))

const contractSchema = z.object({ address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)) })

export const caipNetworkSchema: z.ZodMiniType<CaipNetwork> = z.object({
  id: z.union([z.number(), z.string()]),
  caipNetworkId: caipNetworkIdSchema,
  chainNamespace: chainNamespaceSchema,
  name: z.string(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().check(z.int(), z.nonnegative()) }),
  rpcUrls: z.object({ default: z.object({ http: urlList, webSocket: z.optional(urlList) }) }),
  blockExplorers: z.optional(z.object({ default: z.object({ name: z.string(), url: z.string() }) })),
  testnet: z.optional(z.boolean()),
  deprecatedCaipNetworkId: z.optional(caipNetworkIdSchema),
  assets: z.optional(z.object({ imageId: z.optional(z.string()), imageUrl: z.optional(z.string()) })),
  contracts: z.optional(z.object({ ensUniversalResolver: z.optional(contractSchema), multicall3: z.optional(contractSchema) })),
})

const connectorTypeSchema = z.enum([
  'WALLET_CONNECT',
  'INJECTED',
  'ANNOUNCED',
  'EXTERNAL',
  'AUTH',
  'MULTI_CHAIN',
  'RECOMMENDED',
  'FEATURED',
  'CUSTOM',
])

const connectorFields = {
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  type: connectorTypeSchema,
  chain: chainNamespaceSchema,
  imageUrl: z.optional(z.string()),
  imageId: z.optional(z.string()),
  explorerId: z.optional(z.string()),
  info: z.optional(z.object({ rdns: z.optional(z.string()) })),
}

export const connectorSchema: z.ZodMiniType<Connector> = z.object({
  ...connectorFields,
  connectors: z.optional(z.readonly(z.array(z.object(connectorFields)))),
})

export const connectionSchema: z.ZodMiniType<Connection> = z.object({
  connectorId: z.string().check(z.minLength(1)),
  accounts: z.readonly(z.array(z.object({ address: z.string().check(z.minLength(1)), type: z.optional(accountTypeSchema) }))),
  recent: z.optional(z.boolean()),
  auth: z.optional(z.object({ name: z.optional(z.string()), username: z.optional(z.string()) })),
  caipNetwork: z.optional(caipNetworkIdSchema),
})

const nullableString = z.optional(z.nullable(z.string()))

/** A listing's link: one the modal may render (docs/behaviour.md, "Wallet links"). */
const walletLink = (kind: WalletLinkKind) =>
  z.optional(z.nullable(z.string().check(z.refine((link) => isWalletLink(link, kind), kind === 'app' ? 'not a link the modal may open (https, or the wallet\'s own scheme)' : 'not a link the modal may open (https only)'))))

export const walletListingSchema: z.ZodMiniType<WalletListing> = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  image_id: z.optional(z.string()),
  image_url: z.optional(z.string()),
  rdns: nullableString,
  chains: z.optional(z.readonly(z.array(z.string()))),
  mobile_link: walletLink('app'),
  desktop_link: walletLink('app'),
  webapp_link: walletLink('web'),
  installed: z.optional(z.boolean()),
})

export const viewSchema: z.ZodMiniType<View> = z.object({
  name: z.enum(viewNames),
  payload: z.optional(z.readonly(z.record(z.string(), z.unknown()))),
})

/** Values of a visitor text's placeholders. */
export const messageValuesSchema = z.record(z.string(), z.union([z.string(), z.number()]))

export const toastSchema: z.ZodMiniType<Toast> = z.object({
  message: z.string(),
  messageId: z.optional(z.string().check(z.maxLength(100))),
  values: z.optional(messageValuesSchema),
  variant: z.enum(['success', 'loading', 'error']),
  autoClose: z.optional(z.boolean()),
  svg: z.optional(z.string()),
})

/** The serialised LatchError carried by `…Failed` events. */
export const errorDataSchema = z.object({
  code: z.string(),
  shortMessage: z.string(),
  messageId: z.optional(z.string().check(z.maxLength(100))),
  values: z.optional(messageValuesSchema),
  details: z.optional(z.string()),
})

/** An e-mail one-time code (docs/debugging.md, "What the log never holds" frame protocol): secret, redacted before the log and the reducers. */
export const otpCodeSchema = sensitive(z.string())

/** An auth or session token from the embedded frame: secret, redacted before the log and the reducers. */
export const authTokenSchema = sensitive(z.string())
