import * as z from 'zod/mini'
import { defineEvent, type EventsOf } from '../engine/events'
import {
  accountTypeSchema,
  caipAddressSchema,
  caipNetworkIdSchema,
  caipNetworkSchema,
  chainNamespaceSchema,
  connectionStatusSchema,
  connectorSchema,
  errorDataSchema,
  toastSchema,
  viewSchema,
  walletListingSchema,
} from '../schemas'

const empty = z.object({})
const ns = { namespaced: true }

// The kernel's own diagnostics. They carry no payload data of the offending event (it may hold secrets).
export const kernelEventRejected = defineEvent('kernel/eventRejected', z.object({ eventType: z.string(), reason: z.string() }))
export const kernelFaulted = defineEvent('kernel/faulted', z.object({ source: z.string(), error: errorDataSchema }))

/** The integrator's options, recorded so that replay starts from the same configuration. */
export const latchConfigured = defineEvent(
  'latch/configured',
  z.object({
    networks: z.readonly(z.array(caipNetworkSchema)),
    defaultNetwork: z.optional(caipNetworkIdSchema),
    projectId: z.optional(z.string()),
    metadata: z.optional(
      z.object({ name: z.string(), description: z.string(), url: z.string(), icons: z.readonly(z.array(z.string())) }),
    ),
    features: z.optional(z.record(z.string(), z.boolean())),
    enableNetworkSwitch: z.optional(z.boolean()),
    allowUnsupportedChain: z.optional(z.boolean()),
    themeMode: z.optional(z.enum(['light', 'dark', 'system'])),
    themeVariables: z.optional(z.record(z.string().check(z.regex(/^--latch-[a-z0-9-]+$/)), z.string())),
    excludeWalletIds: z.optional(z.readonly(z.array(z.string()))),
    featuredWalletIds: z.optional(z.readonly(z.array(z.string()))),
    customWallets: z.optional(z.readonly(z.array(walletListingSchema))),
  }),
)

export const storageHydrated = defineEvent('storage/hydrated', z.object({ values: z.record(z.string(), z.unknown()) }))
export const storageValueRejected = defineEvent('storage/valueRejected', z.object({ key: z.string(), reason: z.string() }))

export const accountConnected = defineEvent(
  'account/connected',
  z.object({
    caipAddress: caipAddressSchema,
    connectorId: z.string().check(z.minLength(1)),
    accounts: z.optional(z.readonly(z.array(z.object({ address: z.string(), type: z.optional(accountTypeSchema) })))),
    walletInfo: z.optional(z.object({ name: z.string(), icon: z.optional(z.string()), rdns: z.optional(z.string()) })),
  }),
  ns,
)
export const accountAddressChanged = defineEvent('account/addressChanged', z.object({ caipAddress: caipAddressSchema }), ns)
export const accountDisconnected = defineEvent('account/disconnected', empty, ns)
export const accountStatusChanged = defineEvent('account/statusChanged', z.object({ status: connectionStatusSchema }), ns)
export const accountBalanceLoading = defineEvent('account/balanceLoading', empty, ns)
export const accountBalanceUpdated = defineEvent(
  'account/balanceUpdated',
  z.object({ balance: z.string().check(z.regex(/^\d+(\.\d+)?$/)), symbol: z.string() }),
  ns,
)
export const accountBalanceFailed = defineEvent('account/balanceFailed', empty, ns)
export const accountProfileUpdated = defineEvent(
  'account/profileUpdated',
  z.object({ name: z.optional(z.nullable(z.string())), image: z.optional(z.nullable(z.string())) }),
  ns,
)
export const accountPreferredTypeSet = defineEvent('account/preferredTypeSet', z.object({ type: accountTypeSchema }), ns)

export const networkSwitched = defineEvent(
  'network/switched',
  z.object({
    caipNetworkId: caipNetworkIdSchema,
    network: z.optional(caipNetworkSchema),
    /** False for a wallet's own chain change while the visitor works on another family: no family switch. */
    activate: z.optional(z.boolean()),
  }),
  ns,
)
export const networkApprovedSet = defineEvent(
  'network/approvedSet',
  z.object({ caipNetworkIds: z.readonly(z.array(caipNetworkIdSchema)), supportsAllNetworks: z.boolean() }),
  ns,
)
export const networkSmartAccountNetworksSet = defineEvent(
  'network/smartAccountNetworksSet',
  z.object({ chainIds: z.readonly(z.array(z.number())) }),
  ns,
)
export const networkRemoved = defineEvent('network/removed', z.object({ caipNetworkId: caipNetworkIdSchema }), ns)

export const connectionAccountRemoved = defineEvent(
  'connection/accountRemoved',
  z.object({ connectorId: z.string(), address: z.string() }),
  ns,
)
/** Forgets a connection of a family that is not its active one (docs/behaviour.md, "Several connections"). */
export const connectionRemoved = defineEvent('connection/removed', z.object({ connectorId: z.string().check(z.minLength(1)) }), ns)
/** A connection switch started or ended (`isSwitchingConnection`). */
export const connectionSwitchingChanged = defineEvent('connection/switchingChanged', z.object({ switching: z.boolean() }))
/** A connection switch finished: where the family is now, and what changed. */
export const connectionSwitched = defineEvent(
  'connection/switched',
  z.object({ connectorId: z.string(), caipAddress: caipAddressSchema, hasSwitchedAccount: z.boolean(), hasSwitchedWallet: z.boolean() }),
  ns,
)
export const connectionStatusChanged = defineEvent('connection/statusChanged', z.object({ status: connectionStatusSchema }))
export const connectionRecentWalletAdded = defineEvent('connection/recentWalletAdded', z.object({ wallet: walletListingSchema }))
export const connectionDeepLinkChosen = defineEvent(
  'connection/deepLinkChosen',
  z.object({ link: z.nullable(z.object({ href: z.string(), name: z.string() })) }),
)

export const connectorsDiscovered = defineEvent('connectors/discovered', z.object({ connectors: z.readonly(z.array(connectorSchema)) }))
/** Removes connectors by id; with `chain`, only that family's (two families may share an id such as 'injected'). */
export const connectorsRemoved = defineEvent(
  'connectors/removed',
  z.object({ ids: z.readonly(z.array(z.string())), chain: z.optional(chainNamespaceSchema) }),
)

export const modalOpened = defineEvent('modal/opened', z.object({ view: z.optional(viewSchema) }))
export const modalClosed = defineEvent('modal/closed', empty)
export const routerPushed = defineEvent('router/pushed', z.object({ view: viewSchema }))
export const routerReplaced = defineEvent('router/replaced', z.object({ view: viewSchema }))
export const routerWentBack = defineEvent('router/wentBack', empty)
export const routerReset = defineEvent('router/reset', z.object({ view: viewSchema }))

/** Intent: show a toast. The toast effect closes an open one first and shows this one 150 ms later. */
/** The UI now speaks `locale` (docs/i18n.md), so a replayed log shows the language the visitor saw. */
export const localeChanged = defineEvent(
  'ui/localeChanged',
  z.object({ locale: z.string().check(z.minLength(2), z.maxLength(35), z.regex(/^[A-Za-z0-9-]+$/)), dir: z.enum(['ltr', 'rtl']) }),
)

/**
 * Hosts a plugin serves images from (the api plugin: the provider API's origin). With the integrator's own (custom wallets'
 * images), they are the only hosts the modal loads a listing's image from (docs/behaviour.md, "Images").
 */
export const imageOriginsAllowed = defineEvent(
  'options/imageOriginsAllowed',
  z.object({ origins: z.readonly(z.array(z.string().check(z.regex(/^https?:\/\/[^/\s?#]{1,253}$/))).check(z.maxLength(8))) }),
)

export const toastRequested = defineEvent('toast/requested', z.object({ toast: toastSchema }))
export const toastShown = defineEvent('toast/shown', z.object({ id: z.string(), toast: toastSchema }))
export const toastClosed = defineEvent('toast/closed', empty)

export const cacheKinds = ['balance', 'names', 'identity'] as const
export const cacheStored = defineEvent(
  'cache/stored',
  z.union([
    z.object({ cache: z.literal('balance'), key: z.string(), value: z.string() }),
    z.object({ cache: z.literal('names'), key: z.string(), value: z.nullable(z.string()) }),
    z.object({
      cache: z.literal('identity'),
      key: z.string(),
      value: z.object({ name: z.optional(z.nullable(z.string())), avatar: z.optional(z.nullable(z.string())) }),
    }),
  ]),
)

export const coreEvents = [
  kernelEventRejected,
  kernelFaulted,
  latchConfigured,
  storageHydrated,
  storageValueRejected,
  accountConnected,
  accountAddressChanged,
  accountDisconnected,
  accountStatusChanged,
  accountBalanceLoading,
  accountBalanceUpdated,
  accountBalanceFailed,
  accountProfileUpdated,
  accountPreferredTypeSet,
  networkSwitched,
  networkApprovedSet,
  networkSmartAccountNetworksSet,
  networkRemoved,
  connectionAccountRemoved,
  connectionRemoved,
  connectionSwitchingChanged,
  connectionSwitched,
  connectionStatusChanged,
  connectionRecentWalletAdded,
  connectionDeepLinkChosen,
  connectorsDiscovered,
  connectorsRemoved,
  modalOpened,
  modalClosed,
  routerPushed,
  routerReplaced,
  routerWentBack,
  routerReset,
  toastRequested,
  localeChanged,
  imageOriginsAllowed,
  toastShown,
  toastClosed,
  cacheStored,
] as const

declare module '../engine/events' {
  interface EventMap extends EventsOf<typeof coreEvents> {}
}
