import type { ChainNamespace, EffectContext } from '../index'

/**
 * A wallet a connector plugin (WalletConnect; the embedded wallet next) holds for one chain family, as the family's
 * remote JSON-RPC: the family turns it into its own wallet shape with its adapter (docs/plugins.md, "The family kit").
 * The connector keeps its session (pairing, approval, events, restore); the family answers every intent of its
 * namespace through the wallet, in the family's own request shapes.
 */
export type RemoteWallet = {
  /** The connector's id: the family's connection is this wallet's while `state.chains[ns].connectorId` names it. */
  readonly connectorId: string
  /** The family's accounts the connection holds (CAIP-10). */
  readonly accounts: readonly string[]
  /** The methods the wallet approved for the family: any other fails `RPC_NOT_ALLOWED` before the wallet is asked. */
  readonly methods: readonly string[]
  /**
   * Sends one request to the wallet, on `chainId` (CAIP-2; default the family's current network when approved) and
   * resolves with its answer. Failures are already `LatchError`s in the connector's terms.
   */
  request(method: string, params: unknown, chainId?: string): Promise<unknown>
  /**
   * Moves the wallet to chain `caipNetworkId` by the connector's rules (WalletConnect: at once when the session approved
   * it, else the wallet is asked where the family has a switch method); `SWITCH_CHAIN_FAILED` when it cannot.
   */
  switchChain(caipNetworkId: string): Promise<void>
  /** Ends the connection on both sides: every family it serves disconnects (best effort, never rejects). */
  disconnect(): Promise<void>
}

/** The wallets connector plugins hold, per family, for one Latch instance. */
export type RemoteWallets = {
  /** The wallet `connectorId` holds for `ns` now, if any. */
  get(ns: ChainNamespace, connectorId: string | undefined): RemoteWallet | undefined
  /** Hands `ns` a wallet (a session was approved or restored), or takes it back (`undefined`: the session ended). */
  set(ns: ChainNamespace, connectorId: string, wallet: RemoteWallet | undefined): void
}

// Keyed by the instance's ports, which every EffectContext of one Latch instance holds: the kernel shares one context
// between all plugins, and a lazily loaded part may get a copy of it (its own getState), never other ports. Two
// instances share nothing.
const instances = new WeakMap<EffectContext['ports'], Map<string, RemoteWallet>>()

/** The remote wallets of the Latch instance whose effects got `ctx` (docs/plugins.md, "The family kit"). */
export function remoteWallets(ctx: EffectContext): RemoteWallets {
  let held = instances.get(ctx.ports)
  if (!held) instances.set(ctx.ports, (held = new Map()))
  const map = held
  return {
    get: (ns, connectorId) => (connectorId === undefined ? undefined : map.get(`${ns} ${connectorId}`)),
    set(ns, connectorId, wallet) {
      if (wallet) map.set(`${ns} ${connectorId}`, wallet)
      else map.delete(`${ns} ${connectorId}`)
    },
  }
}
