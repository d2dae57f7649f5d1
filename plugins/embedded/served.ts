import { selectConfiguredNamespaces, type State } from '../../kernel/index'
import { defaultAuthConnectorId } from '../../kernel/rules/connections'
import { embeddedFamilies, type EmbeddedFamily } from './events'
import type { FrameHost } from './channel'

/** The embedded wallet's connector id: the one AUTH entry of the wallet list (kernel/rules/connections.ts). */
export const embeddedConnectorId = defaultAuthConnectorId

/** What the lazily loaded part needs: the checked options. */
export type EmbeddedSettings = { frameUrl: string; projectId?: string; enableLogger: boolean; name: string; host?: FrameHost }

/** The families the plugin serves here: eip155 and solana when the integrator configured networks for them. */
export function servedFamilies(state: State): EmbeddedFamily[] {
  return selectConfiguredNamespaces(state).filter((ns): ns is EmbeddedFamily => (embeddedFamilies as readonly string[]).includes(ns))
}

/** Families whose embedded-wallet connection waits to be restored after a reload. */
export function restoringFamilies(state: State): EmbeddedFamily[] {
  return servedFamilies(state).filter((ns) => state.chains[ns].reconnectConnectorId === embeddedConnectorId && state.chains[ns].connectorId === undefined)
}
