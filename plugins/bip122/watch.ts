import { concatMap, EMPTY, from, mergeMap, Observable, switchMap } from 'rxjs'
import { accountDisconnected, constants, type LatchEvent, type State } from '../../kernel/index'
import { accountTypeOf, connectedEvents } from './connected'
import type { Deps } from './deps'
import { loadWalletModule } from './lazy'
import type { ConnectorEntry } from './registry'
import type { BitcoinAccount, RawWallet, WalletEventType } from './wallet-types'

/**
 * Follows the connected wallet's events while one of this plugin's wallets is connected (docs/bitcoin.md, "Wallet
 * events"): on an account or network change the accounts are read again without a prompt and the connection
 * follows them (the active account stays while the wallet still holds it); on disconnect, or when the wallet no
 * longer authorises the site, the family is disconnected. A change Latch cannot read is ignored, with a warning.
 */
export function watchWallet(deps: Deps): Observable<LatchEvent> {
  const { ctx, registry } = deps
  return ctx
    .select((state) => state.chains.bip122.connectorId)
    .pipe(
      switchMap((connectorId) => {
        const entry = connectorId === undefined ? undefined : registry.get(connectorId)
        if (!entry) return EMPTY
        return from(loadWalletModule().then((wallets) => wallets.openWallet(entry, ctx.ports.window))).pipe(
          switchMap((wallet) => walletEvents(wallet).pipe(concatMap((type) => from(translate(type, entry, wallet, deps)).pipe(mergeMap((events) => events))))),
        )
      }),
    )
}

/** True when the wallet reports the accounts and network the connection already has. */
function unchanged(chain: State['chains']['bip122'], connection: { accounts: readonly BitcoinAccount[]; caipNetworkId: string }): boolean {
  const known = chain.account.allAccounts
  return (
    chain.account.caipAddress?.startsWith(`${connection.caipNetworkId}:`) === true &&
    known.length === connection.accounts.length &&
    connection.accounts.every((account, i) => known[i]?.address === account.address && known[i]?.type === accountTypeOf(account))
  )
}

function walletEvents(wallet: RawWallet): Observable<WalletEventType> {
  return new Observable<WalletEventType>((subscriber) => wallet.listen((type) => subscriber.next(type)))
}

async function translate(type: WalletEventType, entry: ConnectorEntry, wallet: RawWallet, deps: Deps): Promise<LatchEvent[]> {
  const { ctx, requests, settings } = deps
  const ns = { ns: 'bip122' } as const
  if (type === 'disconnect') return [accountDisconnected({}, ns)]
  const wallets = await loadWalletModule()
  let raw
  try {
    raw = await requests.track(() => wallet.account(), { label: 'wallet_getAccount', timeout: constants.rpcTimeout })
  } catch (error) {
    // The wallet no longer authorises the site (or cannot say): the connection has ended.
    ctx.ports.logger.warn(`after a wallet ${type}, its accounts could not be read`, error)
    return [accountDisconnected({}, ns)]
  }
  try {
    const state = ctx.getState()
    if (state.chains.bip122.connectorId !== entry.connector.id) return []
    const connection = wallets.readAccounts(raw, state.chains.bip122.network.caipNetwork?.caipNetworkId, settings.purposes)
    if (unchanged(state.chains.bip122, connection)) return []
    return connectedEvents(state, entry, connection, { activate: state.activeNamespace === 'bip122' })
  } catch (error) {
    ctx.ports.logger.warn(`ignored a wallet ${type} with accounts Latch cannot use`, error)
    return []
  }
}
