import { selectAddress, type ChainNamespace, type State } from '../index'

/** Who holds a family's connection: nobody, this plugin (through one of its wallets, `entry`), or another plugin. */
export type FamilySession<E> = { kind: 'none' } | { kind: 'foreign' } | { kind: 'mine'; entry: E; address: string }

/** The family's session as the plugin holding `registry` sees it (docs/plugins.md, "The family kit"). */
export function familySession<E>(state: State, ns: ChainNamespace, registry: { get(id: string): E | undefined }): FamilySession<E> {
  const connectorId = state.chains[ns].connectorId
  if (connectorId === undefined) return { kind: 'none' }
  const entry = registry.get(connectorId)
  const address = selectAddress(state, ns)
  return entry && address ? { kind: 'mine', entry, address } : { kind: 'foreign' }
}
