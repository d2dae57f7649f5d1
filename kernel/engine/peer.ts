import { catchError } from 'rxjs/internal/operators/catchError'
import { of } from 'rxjs/internal/observable/of'
import type { OperatorFunction } from 'rxjs'
import { kernelFaulted } from '../core/events'
import { LatchError, toLatchError } from './errors'
import type { LatchEvent } from './events'
import type { EffectContext } from './plugin'

/**
 * An optional peer package a Latch entry loads at run time (docs/errors.md, `PEER_MISSING`): its npm name, the entry
 * that needs it (`latch/plugins/solana`), and an export it must have (`getWallets`).
 */
export type Peer = { name: string; entry: string; export: string }

/**
 * The error of a missing peer: names the package and the command that installs it (docs/errors.md, `PEER_MISSING`).
 * `cause` is what the bundler's stand-in threw (Vite: 'Could not resolve "…" imported by "latch"'), when it threw.
 */
export function peerMissing(peer: Peer, cause?: unknown): LatchError {
  return new LatchError('PEER_MISSING', {
    details: `${peer.entry} needs the package ${peer.name}, which is not installed or could not be loaded: npm install ${peer.name}`,
    ...(cause === undefined ? {} : { cause }),
  })
}

/**
 * The peer's module once `load` (a dynamic `import()` of it, or of the one chunk that imports it) gives it, checked:
 * a load that fails, or a module without the export a bundler put in place of a missing package (Vite's
 * `__vite-optional-peer-dep` stand-in, an empty module), rejects with `PEER_MISSING`.
 */
export async function loadPeer<T>(peer: Peer, load: () => Promise<T>): Promise<T> {
  let module: T
  try {
    module = await load()
  } catch (cause) {
    throw peerMissing(peer, cause)
  }
  return checkPeer(peer, module)
}

/** `module` when it has the peer's export; else throws `PEER_MISSING` (a bundler's empty stand-in for a missing package). */
export function checkPeer<T>(peer: Peer, module: T): T {
  const value = typeof module === 'object' && module !== null ? (module as Record<string, unknown>)[peer.export] : undefined
  if (value === undefined || value === null) throw peerMissing(peer)
  return module
}

/**
 * Ends an effect's stream that failed (a peer that did not load) with the error told, not thrown: a developer error
 * through the logger port and `kernel/faulted` in the log, from `source` (the plugin's name).
 */
export function reportFailure<T extends LatchEvent>(ctx: EffectContext, source: string): OperatorFunction<T, T | LatchEvent> {
  return catchError((cause: unknown) => {
    const error = toLatchError(cause)
    ctx.ports.logger.error(error.message, error)
    return of(kernelFaulted({ source, error: error.toData() }))
  })
}
