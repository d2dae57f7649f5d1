/**
 * The solana plugin's effect (docs/solana.md, "What loads when"): wallet-standard discovery, and the wallet session
 * loaded when a Solana wallet is first used. plugin.ts loads it with `import()` as the instance starts.
 */
import { defer, EMPTY, merge, switchMap, type Observable } from 'rxjs'
import type { Effect, EffectContext, LatchEvent } from '../../kernel/index'
import { loadPeer, reportFailure, type Peer } from '../../kernel/engine/peer'
import { discoverWallets, type WalletsSource } from './discover'
import type { Registry } from './registry'
import { whenFamilyNeeded, loadOnDemand } from '../../kernel/family/lazy'
import { createRegistry } from './registry'
import type { SessionOptions } from './session'
import type { SolanaTokenInfo } from './events'

/**
 * Options of the solana plugin. Networks are not among them: they are given to `createLatch({ networks })`
 * (`solanaMainnet()`, `solanaDevnet()`, `solanaLocalnet({ rpcUrl })` …) and so recorded in the log.
 */
export type SolanaOptions = {
  /** Where wallet-standard wallets come from (default: `getWallets()` of `@wallet-standard/app`, in a browser). */
  wallets?: WalletsSource
  /** Names and symbols of SPL tokens by mint; a token not listed is named by its mint address. */
  tokens?: readonly SolanaTokenInfo[]
}

/** The intents the plugin's lazily loaded part answers: those that need a wallet session, and a network switch. */
const sessionIntents = new Set(['wallet/connectRequested', 'wallet/disconnectRequested', 'wallet/signMessageRequested', 'wallet/sendTransactionRequested', 'wallet/rpcRequested', 'network/switchRequested'])

/** The optional peer the default discovery needs (docs/solana.md, "Install"). */
const walletStandardApp: Peer = { name: '@wallet-standard/app', entry: 'latch/plugins/solana', export: 'getWallets' }

/**
 * Discovery from `getWallets()` of `@wallet-standard/app`, imported when the plugin starts in a page: getWallets()
 * reads the page's window itself, so never under SSR. Wallets that registered before it loads are listed all the
 * same (the wallet-standard handshake goes both ways). A missing package is `PEER_MISSING` (docs/errors.md), logged
 * as a developer error and as `kernel/faulted`; the plugin's other work goes on.
 */
function discoverStandardWallets(registry: Registry, ctx: EffectContext): Observable<LatchEvent> {
  if (!ctx.ports.window) return EMPTY
  return defer(() => loadPeer(walletStandardApp, () => import('@wallet-standard/app'))).pipe(
    switchMap((app) => discoverWallets(app.getWallets(), registry, ctx)),
    reportFailure(ctx, 'solana'),
  )
}

/** Discovery (the `wallets` source given, else the page's wallet-standard wallets) and the session, once per instance. */
export function solanaEffect(options: SolanaOptions): Effect {
  return (events$, ctx) => {
    const registry = createRegistry()
    const session: SessionOptions = { registry, tokens: options.tokens ?? [] }
    return merge(
      options.wallets ? discoverWallets(options.wallets, registry, ctx) : discoverStandardWallets(registry, ctx),
      loadOnDemand(events$, ctx, {
        name: 'solana',
        ...whenFamilyNeeded('solana', sessionIntents),
        load: () => import('./session').then((module): Effect => (sessionEvents$, sessionCtx) => module.session(sessionEvents$, sessionCtx, session)),
      }),
    )
  }
}
