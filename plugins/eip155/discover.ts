import { Observable } from 'rxjs/internal/Observable'
import * as z from 'zod/mini'
import { connectorsDiscovered, connectorsRemoved, type LatchEvent, type LoggerPort } from '../../kernel/index'
import { createWarnOnce } from '../../kernel/family/registry'
import { isEip1193Provider } from './provider'
import { maxWallets, type ConnectorEntry, type Registry } from './registry'
import { injectedConnectorId } from './injected-id'
import { announcementSchema, maxIconLength } from './schemas'

/** The name of the legacy `window.ethereum` connector (docs/behaviour.md hides 'Browser Wallet' where it says). */
const injectedName = 'Browser Wallet'

/** An EIP-6963 announcement as a connector entry; undefined for junk. Never throws. */
export function parseAnnouncement(detail: unknown): ConnectorEntry | undefined {
  try {
    const parsed = z.safeParse(announcementSchema, detail)
    if (!parsed.success) return undefined
    const { info, provider } = parsed.data
    // EIP-6963 icons are data URIs; anything else (a remote tracker, a script URL), or one over the size bound, is dropped.
    const icon = info.icon.startsWith('data:image/') && info.icon.length <= maxIconLength ? info.icon : undefined
    return {
      connector: { id: info.rdns, name: info.name, type: 'ANNOUNCED', chain: 'eip155', ...(icon ? { imageUrl: icon } : {}), info: { rdns: info.rdns } },
      provider,
      walletInfo: { name: info.name, ...(icon ? { icon } : {}), rdns: info.rdns },
    }
  } catch {
    return undefined
  }
}

/**
 * Discovers EVM wallets on the page: EIP-6963 announcements, and the legacy injected
 * `window.ethereum` when it is not one of them. Does nothing without a window (SSR).
 * The first announcement of an rdns wins (docs/behaviour.md, "Wallet discovery"): a later one
 * with another provider is ignored, with one developer warning per rdns.
 */
export function discoverConnectors(win: Window | undefined, registry: Registry, logger?: LoggerPort): Observable<LatchEvent> {
  return new Observable<LatchEvent>((subscriber) => {
    // A window port without events (a stub outside a browser) has no wallets to announce: nothing is discovered.
    if (!win || typeof win.addEventListener !== 'function') return undefined
    const warnOnce = createWarnOnce(logger)

    const onAnnounce = (event: Event) => {
      const entry = parseAnnouncement((event as CustomEvent<unknown>).detail)
      if (!entry) return
      const outcome = registry.set(entry)
      if (outcome === 'taken') {
        const rdns = entry.connector.id
        warnOnce(rdns, `ignored a second EIP-6963 wallet announcing rdns "${rdns}" with another provider ("${entry.connector.name}"): the first one announced keeps it`)
      }
      if (outcome === 'full') warnOnce('(full)', `more than ${maxWallets} EVM wallets announced themselves; the rest are ignored`)
      if (outcome !== 'added' && outcome !== 'updated') return
      subscriber.next(connectorsDiscovered({ connectors: [entry.connector] }))
      // The legacy object turned out to be an announced wallet: list it once, by its own name.
      // Its registry entry stays, so a session already open through it keeps working.
      const injected = registry.get(injectedConnectorId)
      if (injected && injected.provider === entry.provider) subscriber.next(connectorsRemoved({ ids: [injectedConnectorId], chain: 'eip155' }))
    }

    const checkInjected = () => {
      const provider = readEthereum(win)
      if (!isEip1193Provider(provider) || registry.findByProvider(provider) || registry.get(injectedConnectorId)) return
      const entry: ConnectorEntry = {
        connector: { id: injectedConnectorId, name: injectedName, type: 'INJECTED', chain: 'eip155' },
        provider,
        walletInfo: { name: injectedName },
      }
      if (registry.set(entry) !== 'added') return
      subscriber.next(connectorsDiscovered({ connectors: [entry.connector] }))
    }

    win.addEventListener('eip6963:announceProvider', onAnnounce)
    // Some wallets inject window.ethereum late and say so with this event.
    win.addEventListener('ethereum#initialized', checkInjected)
    win.dispatchEvent(new Event('eip6963:requestProvider'))
    checkInjected()
    return () => {
      win.removeEventListener('eip6963:announceProvider', onAnnounce)
      win.removeEventListener('ethereum#initialized', checkInjected)
    }
  })
}

function readEthereum(win: Window): unknown {
  try {
    return (win as Window & { ethereum?: unknown }).ethereum
  } catch {
    return undefined
  }
}
