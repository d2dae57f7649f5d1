/**
 * The RPC transports of one Latch instance's EVM networks (docs/networks.md, "Several RPC URLs"), one per network
 * and set of URLs, made on first use and disposed with the instance; and the developer error of a network that
 * has none (docs/errors.md, `RPC_URL_MISSING`).
 */
import { EMPTY, of, type Observable } from 'rxjs'
import { LatchError, type CaipNetwork, type EffectContext, type LatchEvent } from '../../kernel/index'
import { createFallbackTransport, type FallbackOptions, type FallbackTransport } from './fallback'
import { eip155RpcUrlMissing } from './transport-events'

export type Transports = {
  /** The network's transport; undefined when it has no RPC URL. */
  forNetwork(network: CaipNetwork): FallbackTransport | undefined
  /**
   * For a network without an RPC URL: the `eip155/rpcUrlMissing` event and one logged developer error, the first
   * time only. Nothing for a network that has one.
   */
  reportMissing(network: CaipNetwork): Observable<LatchEvent>
  dispose(): void
}

/** The transports of one instance, over its ports. */
export function createTransports(ctx: Pick<EffectContext, 'ports'>, options: FallbackOptions = {}): Transports {
  const transports = new Map<string, FallbackTransport>()
  const reported = new Set<string>()
  return {
    forNetwork(network) {
      const urls = network.rpcUrls.default.http
      if (urls.length === 0) return undefined
      const key = `${network.caipNetworkId}\n${urls.join('\n')}`
      let transport = transports.get(key)
      if (!transport) {
        transport = createFallbackTransport(ctx.ports, urls, options)
        transports.set(key, transport)
      }
      return transport
    },
    reportMissing(network) {
      if (network.rpcUrls.default.http.length > 0 || reported.has(network.caipNetworkId)) return EMPTY
      reported.add(network.caipNetworkId)
      const error = new LatchError('RPC_URL_MISSING', {
        details: `network "${network.name}" (${network.caipNetworkId}) has no RPC URL, so no balance is read for it: give it rpcUrls (docs/networks.md)`,
      })
      ctx.ports.logger.error(error.message, error)
      return of(eip155RpcUrlMissing({ caipNetworkId: network.caipNetworkId, error: error.toData() }))
    },
    dispose() {
      for (const transport of transports.values()) transport.dispose()
      transports.clear()
    },
  }
}
