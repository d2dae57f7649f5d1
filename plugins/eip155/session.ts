import type { EffectContext, State } from '../../kernel/index'
import { familySession, isForeignConnector as listedElsewhere, type FamilySession } from '../../kernel/family/session'
import type { Eip1193Provider } from './provider'
import type { Registry } from './registry'
import { remoteProvider } from './remote'

/**
 * Who holds the eip155 connection: nobody, or a wallet this plugin answers through: one it discovered, or the one a
 * connector plugin (WalletConnect) handed it (docs/plugins.md, "The family kit").
 */
export type Session = FamilySession<{ provider: Eip1193Provider }>

/** The eip155 session: the connected wallet's provider and address, whichever connector holds it. */
export function activeSession(ctx: EffectContext, registry: Registry, state: State = ctx.getState()): Session {
  return familySession(ctx, { ns: 'eip155', find: (id) => registry.get(id), local: (entry) => ({ provider: entry.provider }), remote: (wallet) => ({ provider: remoteProvider(wallet) }) }, state)
}

/** True when another plugin listed this eip155 connector (a WalletConnect or embedded wallet): it answers its connect. */
export function isForeignConnector(state: State, registry: Registry, connectorId: string): boolean {
  return listedElsewhere(state, 'eip155', (id) => registry.get(id), connectorId)
}
