import * as z from 'zod/mini'
import { defaultFeatures } from '../../constants'
import { defineEvent, type EventsOf } from '../../engine/events'
import { imageOrigin } from '../../rules/images'
import { effectiveFeatures } from '../../rules/features'
import { caipNetworkIdSchema, caipNetworkSchema, walletListingSchema } from '../../schemas'
import { withChain, type ChainsSlice } from './chains'
import { omit, patch, type SliceUpdaters } from './slice'
import { chainNamespaces, type CaipNetwork, type ChainNamespace, type WalletListing } from '../../types'

/** What the integrator configured, as recorded by `latch/configured`. */
export type OptionsState = {
  projectId?: string
  metadata?: { name: string; description: string; url: string; icons: readonly string[] }
  /** The features in effect: the defaults, the integrator's and the project's remote ones merged (docs/operations.md, "Remote features"). */
  features: Readonly<Record<string, boolean>>
  /** The integrator's own `features`, when given: they win over remote ones. */
  localFeatures?: Readonly<Record<string, boolean>>
  /** The project's remote features, once read from the provider API. */
  remoteFeatures?: Readonly<Record<string, boolean>>
  /** The visitor's time zone is a restricted one: Buy and Swap are off (docs/operations.md, "Restricted time zones"). */
  tradeRestricted?: true
  enableNetworkSwitch: boolean
  allowUnsupportedChain: boolean
  /** 'system' follows the visitor's prefers-color-scheme. */
  themeMode: 'light' | 'dark' | 'system'
  /** CSS custom properties the integrator overrides, e.g. `{ '--latch-accent': '#0a0' }`. */
  themeVariables: Readonly<Record<string, string>>
  /** The language the modal speaks, as the UI reported it (docs/i18n.md): a BCP 47 tag, 'en' until told. */
  locale: string
  /** Its writing direction. */
  dir: 'ltr' | 'rtl'
  /** Wallets hidden everywhere: listings, installed and announced wallets (docs/behaviour.md, "Wallet filtering"). */
  excludeWalletIds: readonly string[]
  /** Wallet ids of the featured group, in order (docs/behaviour.md, "Wallet list"). */
  featuredWalletIds: readonly string[]
  /** The integrator's own wallets: the custom group (docs/behaviour.md, "Wallet list"). */
  customWallets: readonly WalletListing[]
  /** The hosts a listing's image may load from: the custom wallets' and the plugins' (docs/behaviour.md, "Images"). */
  imageOrigins: readonly string[]
}

export function initialOptionsState(): OptionsState {
  return {
    features: {},
    enableNetworkSwitch: true,
    allowUnsupportedChain: false,
    themeMode: 'system',
    themeVariables: {},
    excludeWalletIds: [],
    featuredWalletIds: [],
    customWallets: [],
    imageOrigins: [],
    locale: 'en',
    dir: 'ltr',
  }
}

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
    tradeRestricted: z.optional(z.literal(true)),
  }),
)

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

/**
 * The project's remote features, read by the api plugin from the provider API (docs/operations.md, "Remote features"):
 * at most 64 names of at most 64 characters, each on or off.
 */
export const remoteFeaturesLoaded = defineEvent(
  'options/remoteFeaturesLoaded',
  z.object({
    features: z.record(z.string().check(z.minLength(1), z.maxLength(64)), z.boolean()).check(z.refine((features) => Object.keys(features).length <= 64, 'at most 64 features')),
  }),
)

export const optionsEvents = [latchConfigured, localeChanged, imageOriginsAllowed, remoteFeaturesLoaded] as const

declare module '../../engine/events' {
  interface EventMap extends EventsOf<typeof optionsEvents> {}
}

/** What the options' reducers write: the options, and the configured networks of every family with the active one. */
type Slices = ChainsSlice & { options: OptionsState }

/** Reducers of the configuration (docs/behaviour.md, "Network changes", "Images"; docs/i18n.md). */
export const optionsReducers: SliceUpdaters<Slices> = {
  'latch/configured'(state, { payload }) {
    const byNamespace = new Map<ChainNamespace, CaipNetwork[]>()
    for (const network of payload.networks) {
      byNamespace.set(network.chainNamespace, [...(byNamespace.get(network.chainNamespace) ?? []), network])
    }
    let next = state
    for (const ns of chainNamespaces) {
      const networks = byNamespace.get(ns) ?? []
      const chain = next.chains[ns]
      const wanted = networks.find((n) => n.caipNetworkId === payload.defaultNetwork) ?? networks[0]
      const kept = networks.some((n) => n.caipNetworkId === chain.network.caipNetwork?.caipNetworkId)
      const network = patch(chain.network, { requestedCaipNetworks: networks })
      next = withChain(next, ns, patch(chain, { network: kept ? network : wanted ? patch(network, { caipNetwork: wanted }) : omit(network, 'caipNetwork') }))
    }
    const first = payload.networks.find((n) => n.caipNetworkId === payload.defaultNetwork) ?? payload.networks[0]
    const options: OptionsState = {
      ...(payload.projectId === undefined ? {} : { projectId: payload.projectId }),
      ...(payload.metadata === undefined ? {} : { metadata: payload.metadata }),
      features: effectiveFeatures(defaultFeatures, payload.features, state.options.remoteFeatures, payload.tradeRestricted === true),
      ...(payload.features === undefined ? {} : { localFeatures: payload.features }),
      ...(state.options.remoteFeatures === undefined ? {} : { remoteFeatures: state.options.remoteFeatures }),
      ...(payload.tradeRestricted ? { tradeRestricted: true as const } : {}),
      enableNetworkSwitch: payload.enableNetworkSwitch ?? true,
      allowUnsupportedChain: payload.allowUnsupportedChain ?? false,
      themeMode: payload.themeMode ?? 'system',
      themeVariables: payload.themeVariables ?? {},
      excludeWalletIds: payload.excludeWalletIds ?? [],
      featuredWalletIds: payload.featuredWalletIds ?? [],
      customWallets: payload.customWallets ?? [],
      imageOrigins: addOrigins(state.options.imageOrigins, (payload.customWallets ?? []).map((wallet) => imageOrigin(wallet.image_url))),
      locale: state.options.locale,
      dir: state.options.dir,
    }
    return patch(next, { options, ...(first && next.activeNamespace === undefined ? { activeNamespace: first.chainNamespace } : {}) })
  },

  'options/remoteFeaturesLoaded'(state, { payload }) {
    const options = state.options
    return patch(state, {
      options: patch(options, { remoteFeatures: payload.features, features: effectiveFeatures(defaultFeatures, options.localFeatures, payload.features, options.tradeRestricted === true) }),
    })
  },

  'options/imageOriginsAllowed'(state, { payload }) {
    return patch(state, { options: patch(state.options, { imageOrigins: addOrigins(state.options.imageOrigins, payload.origins) }) })
  },

  'ui/localeChanged'(state, { payload }) {
    return patch(state, { options: patch(state.options, { locale: payload.locale, dir: payload.dir }) })
  },
}

/** `origins` plus the new ones, each once, at most 16. */
function addOrigins(origins: readonly string[], more: readonly (string | undefined)[]): string[] {
  const all = [...origins]
  for (const origin of more) if (origin && !all.includes(origin) && all.length < 16) all.push(origin)
  return all
}
