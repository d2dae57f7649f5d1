import { castDraft, current, isDraft, type Draft } from 'immer'
import { constants, defaultFeatures } from '../constants'
import type { Reducers } from '../engine/plugin'
import { imageOrigin } from '../rules/images'
import { goBack, pushView, replaceView, resetView } from '../rules/router'
import { writeCache } from '../rules/cache'
import type { CacheEntry } from './state'
import { selectIsConnected } from './selectors'
import { chainNamespaces, type CaipNetwork, type ChainNamespace } from '../types'

/** Reducers of configuration, the router (docs/behaviour.md, "View history"), toasts and caches (docs/behaviour.md, "Toasts"). */
export const modalReducers: Reducers = {
  'latch/configured'(draft, { payload }) {
    const byNamespace = new Map<ChainNamespace, CaipNetwork[]>()
    for (const network of payload.networks) {
      byNamespace.set(network.chainNamespace, [...(byNamespace.get(network.chainNamespace) ?? []), network])
    }
    for (const ns of chainNamespaces) {
      const networks = byNamespace.get(ns) ?? []
      const network = draft.chains[ns].network
      network.requestedCaipNetworks = castDraft(networks)
      const wanted = networks.find((n) => n.caipNetworkId === payload.defaultNetwork) ?? networks[0]
      const kept = networks.some((n) => n.caipNetworkId === network.caipNetwork?.caipNetworkId)
      if (kept) continue
      if (wanted) network.caipNetwork = castDraft(wanted)
      else delete network.caipNetwork
    }
    const first = payload.networks.find((n) => n.caipNetworkId === payload.defaultNetwork) ?? payload.networks[0]
    if (first) draft.activeNamespace ??= first.chainNamespace
    draft.options = castDraft({
      ...(payload.projectId === undefined ? {} : { projectId: payload.projectId }),
      ...(payload.metadata === undefined ? {} : { metadata: payload.metadata }),
      features: { ...defaultFeatures, ...payload.features },
      enableNetworkSwitch: payload.enableNetworkSwitch ?? true,
      allowUnsupportedChain: payload.allowUnsupportedChain ?? false,
      themeMode: payload.themeMode ?? 'system',
      themeVariables: payload.themeVariables ?? {},
      excludeWalletIds: payload.excludeWalletIds ?? [],
      featuredWalletIds: payload.featuredWalletIds ?? [],
      customWallets: payload.customWallets ?? [],
      imageOrigins: addOrigins(draft.options.imageOrigins, (payload.customWallets ?? []).map((wallet) => imageOrigin(wallet.image_url))),
      locale: draft.options.locale,
      dir: draft.options.dir,
    })
  },

  'options/imageOriginsAllowed'(draft, { payload }) {
    draft.options.imageOrigins = addOrigins(draft.options.imageOrigins, payload.origins)
  },

  'ui/localeChanged'(draft, { payload }) {
    draft.options.locale = payload.locale
    draft.options.dir = payload.dir
  },

  'modal/opened'(draft, { payload }) {
    const connected = selectIsConnected(draft)
    draft.router.open = true
    draft.router.history = resetView(payload.view ?? { name: connected ? 'Account' : 'Connect' }) as never
  },

  'modal/closed'(draft) {
    draft.router.open = false
    // With a family connected, namespaceReturnEffect moves back to it, which clears the flag.
    if (!Object.values(draft.chains).some((c) => c.connectorId !== undefined)) draft.connection.isSwitchingNamespace = false
  },

  'router/pushed'(draft, { payload }) {
    draft.router.history = pushView(plain(draft.router.history), payload.view) as never
  },

  'router/replaced'(draft, { payload }) {
    draft.router.history = replaceView(plain(draft.router.history), payload.view) as never
  },

  'router/wentBack'(draft) {
    const { history, close } = goBack(plain(draft.router.history), { connected: selectIsConnected(draft) })
    draft.router.history = history as never
    if (close) draft.router.open = false
  },

  'router/reset'(draft, { payload }) {
    draft.router.history = resetView(payload.view) as never
  },

  'toast/shown'(draft, { payload }) {
    draft.toast = { current: { ...payload.toast, id: payload.id }, open: true }
  },

  'toast/closed'(draft) {
    draft.toast.open = false
  },

  'cache/stored'(draft, { payload, meta }) {
    const ttl = constants.cacheExpiry[payload.cache]
    const caches = draft.caches as unknown as Record<string, Record<string, CacheEntry<unknown>>>
    // plain(): the entries are copied as references, not read through immer drafts (one each, on every write).
    caches[payload.cache] = writeCache<unknown>(plain(caches[payload.cache]) ?? {}, payload.key, payload.value, meta.at, ttl)
  },
}

/**
 * The history as plain (frozen) data: the router rules then copy at most `maxHistory` references,
 * instead of making an immer draft of every view they read.
 */
function plain<T>(value: T): T {
  return isDraft(value) ? (current(value as Draft<T>) as T) : value
}

/** `origins` plus the new ones, each once, at most 16. */
function addOrigins(origins: readonly string[], more: readonly (string | undefined)[]): string[] {
  const all = [...origins]
  for (const origin of more) if (origin && !all.includes(origin) && all.length < 16) all.push(origin)
  return all
}
