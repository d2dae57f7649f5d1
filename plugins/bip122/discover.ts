import { Observable, type Subscription } from 'rxjs'
import * as z from 'zod/mini'
import { connectorsDiscovered, connectorsRemoved, type LatchEvent, type LoggerPort } from '../../kernel/index'
import { createWarnOnce } from '../../kernel/family/registry'
import { satsConnectWallets } from './shared'
import { maxWallets, type ConnectorEntry, type Registry, type StandardWallet } from './registry'

/**
 * Bitcoin wallet discovery (docs/bitcoin.md, "Wallets"), without loading sats-connect: the wallets sats-connect
 * supports when their provider is on the page, the providers listed in `window.btc_providers` (sats-connect's
 * provider list), and wallet-standard wallets with the `bitcoin:connect` feature.
 */


/** Longest icon kept, in characters of its data URI (docs/limits.md, "Wallets on the page"). */
export const maxIconLength = 64 * 1024

const segment = /^[A-Za-z_$][\w$]{0,63}$/
const forbidden = new Set(['__proto__', 'prototype', 'constructor'])

/** True for a provider id sats-connect can resolve: dot-separated identifiers, no prototype walking. */
export function isProviderId(id: unknown): id is string {
  if (typeof id !== 'string' || id.length > 200) return false
  const parts = id.split('.')
  return parts.length <= 4 && parts.every((part) => segment.test(part) && !forbidden.has(part))
}

/** The object at a provider id's path on the window (sats-connect's lookup), or undefined; never throws. */
export function providerAt(win: Window | undefined, id: string): unknown {
  if (!win || !isProviderId(id)) return undefined
  try {
    let current: unknown = win
    for (const part of id.split('.')) {
      if ((typeof current !== 'object' && typeof current !== 'function') || current === null) return undefined
      current = (current as Record<string, unknown>)[part]
    }
    return (typeof current === 'object' || typeof current === 'function') && current !== null ? current : undefined
  } catch {
    return undefined
  }
}

const listedProviderSchema = z.looseObject({
  id: z.string().check(z.refine(isProviderId, 'not a provider id')),
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  icon: z.optional(z.string()),
})

const standardWalletSchema = z.looseObject({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  icon: z.string(),
  chains: z.array(z.string()).check(z.maxLength(100)),
  features: z.record(z.string(), z.unknown()),
  accounts: z.array(z.unknown()).check(z.maxLength(100)),
})

/** A data:image/… icon of at most maxIconLength characters; anything else is dropped (the wallet gets a monogram). */
function iconOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('data:image/') && value.length <= maxIconLength ? value : undefined
}

function entryOf(id: string, name: string, icon: unknown, source: ConnectorEntry['source'], type: 'INJECTED' | 'ANNOUNCED'): ConnectorEntry {
  const image = iconOf(icon)
  return {
    connector: { id, name, type, chain: 'bip122', ...(image ? { imageUrl: image } : {}) },
    source,
    walletInfo: { name, ...(image ? { icon: image } : {}) },
  }
}

/** The sats-connect wallets present on the page: listed ones first (they carry a name and an icon), then the built-in ones. */
export function scanSatsConnect(win: Window): ConnectorEntry[] {
  let listed: unknown[] = []
  try {
    const providers = (win as Window & { btc_providers?: unknown }).btc_providers
    if (Array.isArray(providers)) listed = providers.slice(0, maxWallets)
  } catch {
    // A hostile page may make the property throw: no listed providers then.
  }
  const found = new Map<string, ConnectorEntry>()
  for (const item of listed) {
    let parsed
    try {
      parsed = z.safeParse(listedProviderSchema, item)
    } catch {
      continue
    }
    if (!parsed.success || found.has(parsed.data.id)) continue
    const provider = providerAt(win, parsed.data.id)
    if (!provider || typeof (provider as { request?: unknown }).request !== 'function') continue
    found.set(parsed.data.id, entryOf(parsed.data.id, parsed.data.name, parsed.data.icon, { kind: 'sats', providerId: parsed.data.id }, 'ANNOUNCED'))
  }
  for (const { id, name } of satsConnectWallets) {
    if (!found.has(id) && providerAt(win, id)) found.set(id, entryOf(id, name, undefined, { kind: 'sats', providerId: id }, 'INJECTED'))
  }
  return [...found.values()]
}

/** A wallet-standard wallet as a connector entry, when it is a Bitcoin wallet that can connect; undefined otherwise. Never throws. */
export function parseStandardWallet(wallet: unknown): ConnectorEntry | undefined {
  try {
    const parsed = z.safeParse(standardWalletSchema, wallet)
    if (!parsed.success) return undefined
    const connect = parsed.data.features['bitcoin:connect'] as { connect?: unknown } | undefined
    if (typeof connect?.connect !== 'function') return undefined
    if (!parsed.data.chains.some((chain) => chain.startsWith('bitcoin:'))) return undefined
    const { name, icon } = parsed.data
    return entryOf(`wallet-standard:${name}`, name, icon, { kind: 'standard', wallet: wallet as StandardWallet }, 'ANNOUNCED')
  } catch {
    return undefined
  }
}

/**
 * Discovers Bitcoin wallets on the page; does nothing without a window (SSR). sats-connect wallets are looked for at
 * start and again on each `rescan$` (the page's load event, the modal opening), since sats-connect has no announcement;
 * wallet-standard wallets register themselves (the standard's app-ready and register-wallet events). A wallet already
 * listed under its name by sats-connect is not listed again from the wallet standard.
 */
export function discoverWallets(win: Window | undefined, registry: Registry, rescan$: Observable<unknown>, logger?: LoggerPort): Observable<LatchEvent> {
  return new Observable<LatchEvent>((subscriber) => {
    if (!win) return undefined
    const warnOnce = createWarnOnce(logger)
    const add = (entry: ConnectorEntry): boolean => {
      const outcome = registry.set(entry)
      if (outcome === 'taken') warnOnce(entry.connector.id, `ignored a second Bitcoin wallet with the id "${entry.connector.id}": the first one keeps it`)
      if (outcome === 'full') warnOnce('(full)', `more than ${maxWallets} Bitcoin wallets are on the page; the rest are ignored`)
      if (outcome === 'added') subscriber.next(connectorsDiscovered({ connectors: [entry.connector] }))
      return outcome === 'added'
    }
    const scan = () => {
      for (const entry of scanSatsConnect(win)) add(entry)
    }

    const register = (...wallets: unknown[]) => {
      const ids: string[] = []
      for (const wallet of wallets) {
        const entry = parseStandardWallet(wallet)
        if (!entry) {
          warnOnce(`(junk) ${describeName(wallet)}`, `ignored a wallet-standard wallet (${describeName(wallet)}) that is not a Bitcoin wallet Latch can use (no valid bitcoin:connect feature or bitcoin chain)`)
          continue
        }
        const name = entry.connector.name.trim().toLowerCase()
        if (registry.entries().some((e) => e.source.kind === 'sats' && e.connector.name.trim().toLowerCase() === name)) continue
        if (add(entry)) ids.push(entry.connector.id)
      }
      return () => {
        const removed = ids.filter((id) => registry.delete(id))
        if (removed.length > 0) subscriber.next(connectorsRemoved({ ids: removed, chain: 'bip122' }))
      }
    }
    const api = Object.freeze({ register })
    const onRegister = (event: Event) => {
      try {
        const callback = (event as CustomEvent<unknown>).detail
        if (typeof callback === 'function') callback(api)
      } catch (error) {
        logger?.warn('a wallet-standard wallet failed to register', error)
      }
    }

    scan()
    win.addEventListener('wallet-standard:register-wallet', onRegister)
    try {
      win.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
    } catch (error) {
      logger?.warn('could not tell wallet-standard wallets that Latch is ready', error)
    }
    const rescans: Subscription = rescan$.subscribe(scan)
    return () => {
      rescans.unsubscribe()
      win.removeEventListener('wallet-standard:register-wallet', onRegister)
    }
  })
}

function describeName(wallet: unknown): string {
  try {
    const name = (wallet as { name?: unknown } | null)?.name
    return typeof name === 'string' ? JSON.stringify(name.slice(0, 60)) : 'without a name'
  } catch {
    return 'unreadable'
  }
}
