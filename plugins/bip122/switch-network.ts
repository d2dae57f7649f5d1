import type { Observable } from 'rxjs'
import { answerFamilyNetworkSwitch } from '../../kernel/family/switch-network'
import { LatchError, type LatchEvent, type Logged } from '../../kernel/index'
import { connectedEvents } from './connected'
import type { Deps } from './deps'
import { toBitcoinWalletError } from './errors'
import { loadWalletModule } from './lazy'
import { activeSession } from './session'

/**
 * Answers `network/switchRequested` for bip122 (docs/bitcoin.md, "Networks"): without a wallet the network switches
 * locally; with one, the wallet is asked to change network (sats-connect's `wallet_changeNetwork`), and its accounts
 * on the new network are read again, since Bitcoin addresses differ per network.
 */
export function answerSwitchNetwork(events$: Observable<Logged>, { ctx, registry, requests, settings }: Deps): Observable<LatchEvent> {
  return answerFamilyNetworkSwitch(events$, ctx, {
    ns: 'bip122',
    toError: switchError,
    async switchWallet({ caipNetworkId }, emit) {
      const session = activeSession(ctx, registry)
      if (session.kind !== 'mine') return
      // A connector's wallet (WalletConnect's) switches by its connector's rules, which then follows with its account there.
      if (session.remote) return session.remote.switchChain(caipNetworkId)
      if (session.caipNetworkId === caipNetworkId) return
      const wallets = await loadWalletModule()
      const wallet = await wallets.openWallet(session.entry, ctx.ports.window)
      await requests.track(() => wallet.changeNetwork(caipNetworkId), { label: 'wallet_changeNetwork', bound: true })
      const raw = await requests.track(() => wallet.account(), { label: 'wallet_getAccount', bound: true })
      const connection = wallets.readAccounts({ ...raw, caipNetworkId: raw.caipNetworkId ?? caipNetworkId }, caipNetworkId, settings.purposes)
      if (connection.caipNetworkId !== caipNetworkId) throw new LatchError('SWITCH_CHAIN_FAILED', { details: `the wallet stayed on ${connection.caipNetworkId}` })
      for (const event of connectedEvents(ctx.getState(), session.entry, connection, { activate: true })) emit(event)
      return 'reported'
    },
  })
}

/** A declined or aborted switch keeps its meaning; any other failure is switch failure (docs/errors.md). */
function switchError(error: unknown): LatchError {
  const mapped = toBitcoinWalletError(error, { rejected: 'NETWORK_SWITCH_DECLINED' })
  if (['USER_REJECTED', 'REQUEST_ABORTED', 'NETWORK_NOT_FOUND', 'SWITCH_CHAIN_FAILED'].includes(mapped.code)) return mapped
  return new LatchError('SWITCH_CHAIN_FAILED', { details: mapped.details ?? mapped.message, cause: error })
}
