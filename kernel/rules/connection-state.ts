/** docs/behaviour.md, "Several connections": the three states of a connection. */
import type { Connection } from '../types'

/**
 * connected: the family's active connector; active: a connection with that connector exists but is not the
 * family's active one; disconnected: no connection with it.
 */
export type ConnectionSwitchState = 'connected' | 'active' | 'disconnected'

/** What a family knows of its connections: its active connector and its connection list. */
export type FamilyConnections = { connectorId?: string; connections: readonly Connection[] }

/** The state of `connectorId`'s connection in one family. */
export function connectionStateOf(family: FamilyConnections, connectorId: string): ConnectionSwitchState {
  if (family.connectorId === connectorId) return 'connected'
  return family.connections.some((c) => c.connectorId === connectorId) ? 'active' : 'disconnected'
}
