/**
 * The bip122 plugin's effect (docs/bitcoin.md): discovery of sats-connect and wallet-standard wallets, and the wallet
 * session loaded when a Bitcoin wallet, account or network is first used. plugin.ts loads it with `import()` as the
 * instance starts.
 */
import { filter, merge, NEVER, Observable } from 'rxjs'
import { modalOpened, type Effect } from '../../kernel/index'
import { loadOnDemand, whenFamilyNeeded } from '../../kernel/family/lazy'
import type { Settings } from './deps'
import { discoverWallets } from './discover'
import { createRegistry } from './registry'

/** The page's `load` event (rxjs' fromEvent would weigh 0.8 kB for this one listener). */
const pageLoaded = (win: Window) =>
  new Observable<void>((subscriber) => {
    const loaded = () => subscriber.next()
    win.addEventListener('load', loaded)
    return () => win.removeEventListener('load', loaded)
  })

/** Discovery and the wallet session; everything with a lifetime (discovered wallets, listeners, pending requests) is created here, once per kernel. */
export function bip122Effect(settings: Settings): Effect {
  return (events$, ctx) => {
    const registry = createRegistry()
    const win = ctx.ports.window
    // sats-connect has no announcement: look again once the page has loaded and whenever the modal opens.
    const rescan$ = merge(win ? pageLoaded(win) : NEVER, events$.pipe(filter(modalOpened.match)))
    return merge(
      discoverWallets(win, registry, rescan$, ctx.ports.logger),
      loadOnDemand(events$, ctx, {
        name: 'bip122',
        ...whenFamilyNeeded('bip122', sessionIntents),
        load: () => import('./wallet-session').then((module) => module.walletSession(registry, settings)),
      }),
    )
  }
}

/** The intents that need the wallet session. */
const sessionIntents = new Set([
  'wallet/connectRequested',
  'wallet/disconnectRequested',
  'network/switchRequested',
  'bip122/switchAccountRequested',
  'wallet/signMessageRequested',
  'wallet/sendTransactionRequested',
  'wallet/rpcRequested',
])
