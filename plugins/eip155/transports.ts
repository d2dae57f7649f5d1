/**
 * The RPC transports of one Latch instance's EVM networks (docs/networks.md, "Several RPC URLs"), one per network
 * and set of URLs, made on first use and disposed with the instance; and the developer error of a network that
 * has none (docs/errors.md, `RPC_URL_MISSING`).
 *
 * A network with one URL is asked directly (one JSON-RPC POST, the 10 s timeout). The fallback transport (batching,
 * ranking, fallback.ts) is a chunk of its own, loaded when a network with several URLs is first asked something
 * (docs/behaviour.md, "What loads when").
 */
import { catchError, defer, EMPTY, from, of, switchMap, throwError, type Observable } from 'rxjs'
import { rpcProviderNotFound } from '../../kernel/rpc-source'
import { constants, LatchError, type CaipNetwork, type EffectContext, type LatchEvent, type Ports } from '../../kernel/index'
import type { FallbackOptions, FallbackTransport } from './fallback'
import { chunk, eip155RpcUrlMissing } from './shared'
import { rpcCall } from './rpc'

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

const fallbackCode = chunk(() => import('./fallback'))

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
        transport = urls.length === 1 ? direct(ctx.ports, urls[0] as string, options) : fallback(ctx.ports, urls, options)
        transports.set(key, transport)
      }
      return transport
    },
    reportMissing(network) {
      if (network.rpcUrls.default.http.length > 0 || reported.has(network.caipNetworkId)) return EMPTY
      reported.add(network.caipNetworkId)
      const error = new LatchError('RPC_URL_MISSING', {
        details: rpcProviderNotFound(network),
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

/** One URL: each call is one JSON-RPC request to it, nothing to rank or fall back to. */
function direct(ports: Ports, url: string, options: FallbackOptions): FallbackTransport {
  return {
    request: (method, params) => rpcCall(ports, url, method, params, options.timeout ?? constants.rpcTimeout),
    order: () => [url],
    dispose: () => {},
  }
}

/** Several URLs: the fallback transport, made once its chunk has loaded (at once when it already has). */
function fallback(ports: Ports, urls: readonly string[], options: FallbackOptions): FallbackTransport {
  let transport: FallbackTransport | undefined
  const made = (code: typeof import('./fallback')) => (transport ??= code.createFallbackTransport(ports, urls, options))
  return {
    request: (method, params) =>
      defer(() => {
        const loaded = fallbackCode.loaded()
        if (loaded) return made(loaded).request(method, params)
        return from(fallbackCode.load()).pipe(
          catchError((cause: unknown) => throwError(() => new LatchError('NETWORK_ERROR', { details: `${method}: the RPC fallback code could not be loaded`, cause }))),
          switchMap((code) => made(code).request(method, params)),
        )
      }),
    order: () => transport?.order() ?? urls,
    dispose: () => transport?.dispose(),
  }
}
