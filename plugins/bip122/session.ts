import { selectAddress, type CaipNetworkId, type ConnectionAccount, type EffectContext, type State } from '../../kernel/index'
import { familySession, type FamilySession } from '../../kernel/family/session'
import type { ConnectorEntry, Registry } from './registry'
import { remoteBitcoinWallet } from './remote'

/**
 * Who holds the bip122 connection: nobody, or a wallet this plugin answers through: one it discovered, or the one a
 * connector plugin (WalletConnect) handed it, in the family's wallet shape (`remote` set; docs/plugins.md, "The family kit").
 */
export type Session = FamilySession<{ entry: ConnectorEntry; accounts: readonly ConnectionAccount[]; caipNetworkId: CaipNetworkId }>

/** The bip122 session as this plugin sees it. */
export function activeSession(ctx: EffectContext, registry: Registry, state: State = ctx.getState()): Session {
  const chain = state.chains.bip122
  const caipAddress = chain.account.caipAddress
  if (!caipAddress) return { kind: 'none' }
  const [namespace, reference] = caipAddress.split(':')
  const held = { accounts: chain.account.allAccounts, caipNetworkId: `${namespace}:${reference}` as CaipNetworkId }
  return familySession(
    ctx,
    {
      ns: 'bip122',
      find: (id) => registry.get(id),
      local: (entry) => ({ entry, ...held }),
      remote: (remote, connector) => {
        const address = selectAddress(state, 'bip122') as string
        const wallet = remoteBitcoinWallet(remote, () => selectAddress(ctx.getState(), 'bip122') ?? address)
        return { entry: { connector, source: { kind: 'remote', wallet }, walletInfo: { name: connector.name } }, ...held }
      },
    },
    state,
  )
}
