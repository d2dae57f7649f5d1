import { Observable } from 'rxjs'
import { accountDisconnected, connectorsDiscovered, connectorsRemoved, LatchError, type EffectContext, type LatchEvent } from '../../kernel/index'
import { maxWallets, type Registry } from './registry'
import { readWallet, solanaWalletRefused } from './shared'
import type { StandardWallet } from './wallet-schema'

/**
 * Where wallet-standard wallets come from: `getWallets()` of `@wallet-standard/app` by default, or your own
 * registry with the same two methods (docs/solana.md, "Discovery").
 */
export type WalletsSource = {
  get(): readonly unknown[]
  on(event: 'register' | 'unregister', listener: (...wallets: never[]) => void): () => void
}

/**
 * Lists the wallet-standard wallets of `source` that serve Solana, those registered already and those registering
 * later; drops a wallet that unregisters (and its connection). Wallets of other families are passed over. A wallet
 * that is junk, lacks `standard:connect`, or reuses a listed name is refused: `solana/walletRefused` with the LatchError, and one
 * developer warning per wallet object. Never throws, whatever the wallets do.
 */
export function discoverWallets(source: WalletsSource | undefined, registry: Registry, ctx: EffectContext): Observable<LatchEvent> {
  return new Observable<LatchEvent>((subscriber) => {
    if (!source) return undefined
    const seen = new WeakSet<object>()
    let warnedFull = false

    const refuse = (wallet: unknown, error: LatchError) => {
      const name = nameOf(wallet)
      ctx.ports.logger.warn(`ignored the wallet-standard wallet "${name}": ${error.details ?? error.message}`)
      subscriber.next(solanaWalletRefused({ name, error: error.toData() }))
    }

    const add = (wallet: unknown) => {
      if ((typeof wallet !== 'object' && typeof wallet !== 'function') || wallet === null) return refuse(wallet, new LatchError('INVALID_RESPONSE', { details: 'the wallet is not an object' }))
      // Each wallet object is judged once: a wallet that registers twice is not refused twice.
      if (seen.has(wallet)) return
      seen.add(wallet)
      const info = readWallet(wallet)
      if (info === undefined) return
      if (info instanceof LatchError) return refuse(wallet, info)
      const connector = { id: info.name, name: info.name, type: 'ANNOUNCED' as const, chain: 'solana' as const, ...(info.icon ? { imageUrl: info.icon } : {}) }
      const outcome = registry.set({ connector, wallet: wallet as StandardWallet, info })
      if (outcome === 'taken') return refuse(wallet, new LatchError('INVALID_RESPONSE', { details: `another wallet already registered the name "${info.name}": the first one keeps it` }))
      if (outcome === 'full') {
        if (!warnedFull) ctx.ports.logger.warn(`more than ${maxWallets} Solana wallets registered; the rest are ignored`)
        warnedFull = true
        return
      }
      if (outcome === 'added') subscriber.next(connectorsDiscovered({ connectors: [connector] }))
    }

    const remove = (wallet: unknown) => {
      const id = registry.remove(wallet)
      if (id === undefined) return
      if (wallet !== null && typeof wallet === 'object') seen.delete(wallet)
      subscriber.next(connectorsRemoved({ ids: [id], chain: 'solana' }))
      if (ctx.getState().chains.solana.connectorId === id) subscriber.next(accountDisconnected({}, { ns: 'solana' }))
    }

    const each = (wallets: readonly unknown[], step: (wallet: unknown) => void) => {
      for (const wallet of wallets) step(wallet)
    }
    const offs: (() => void)[] = []
    try {
      offs.push(source.on('register', ((...wallets: unknown[]) => each(wallets, add)) as never))
      offs.push(source.on('unregister', ((...wallets: unknown[]) => each(wallets, remove)) as never))
      each(source.get(), add)
    } catch (error) {
      ctx.ports.logger.warn('the wallet-standard registry failed', error)
    }
    return () => {
      for (const off of offs) off()
    }
  })
}

/** What a wallet calls itself, safely, for the log: at most 100 characters. */
function nameOf(wallet: unknown): string {
  try {
    const name = (wallet as { name?: unknown } | null)?.name
    return typeof name === 'string' && name.length > 0 ? name.slice(0, 100) : '(unnamed)'
  } catch {
    return '(unnamed)'
  }
}
