import type { Subscription } from 'rxjs'
import { LatchError, request, type Kernel, type LatchErrorCode, type State } from '../../kernel/index'
import { providerErrorCodes } from './errors'
import { toHexQuantity } from './hex'
import { selectEip155Address, selectEip155ChainId, selectIsEip155Connected } from './selectors'

/** The events `eip155Provider` emits (EIP-1193). */
export type Eip155ProviderEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect'

/** An EIP-1193 provider over Latch's EVM connection. */
export type LatchEip1193Provider = {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>
  on(event: Eip155ProviderEvent | (string & {}), listener: (...args: any[]) => void): LatchEip1193Provider
  removeListener(event: Eip155ProviderEvent | (string & {}), listener: (...args: any[]) => void): LatchEip1193Provider
}

/** An EIP-1193 error: `code` as the EIP says, the LatchError kept as `cause`. */
export class ProviderRpcError extends Error {
  override readonly name = 'ProviderRpcError'
  constructor(
    readonly code: number,
    message: string,
    options: { cause?: LatchError; data?: unknown } = {},
  ) {
    super(message, { cause: options.cause })
    if (options.data !== undefined) this.data = options.data
  }
  data?: unknown
}

const invalidParams = -32602
const internalError = -32603
const codes: Partial<Record<LatchErrorCode, number>> = {
  USER_REJECTED: providerErrorCodes.userRejected,
  // The visitor rejected or disconnected (docs/behaviour.md, "Wallet requests").
  REQUEST_ABORTED: providerErrorCodes.userRejected,
  RPC_NOT_ALLOWED: providerErrorCodes.unsupportedMethod,
  SWITCH_CHAIN_FAILED: providerErrorCodes.unrecognizedChain,
  CHAIN_REQUIRED: providerErrorCodes.disconnected,
  INVALID_PARAMS: invalidParams,
  INVALID_EVENT: invalidParams,
  INVALID_ADDRESS: invalidParams,
  CAPABILITIES_ADDRESS_REQUIRED: invalidParams,
}

/** The EIP-1193 error for a LatchError (docs/viem.md, "Errors"). */
export function toProviderError(error: unknown): ProviderRpcError {
  const latchError = error instanceof LatchError ? error : new LatchError('UNKNOWN', { details: String(error), cause: error })
  const code = latchError.messageId === 'NOT_CONNECTED' ? providerErrorCodes.disconnected : (codes[latchError.code] ?? internalError)
  return new ProviderRpcError(code, latchError.message, { cause: latchError })
}

const providers = new WeakMap<Kernel, LatchEip1193Provider>()

/**
 * An EIP-1193 provider for the EVM connection Latch holds, whichever wallet it is: give it to viem
 * (`custom(provider)`) or anything that takes `window.ethereum`. Every request goes through the log
 * as `wallet/rpcRequested` with the allowed methods applied; its events follow Latch's state
 * (docs/viem.md). One provider per Latch instance.
 */
export function eip155Provider(latch: Kernel): LatchEip1193Provider {
  const existing = providers.get(latch)
  if (existing) return existing
  const listeners = new Map<string, Set<(...args: any[]) => void>>()
  let subscription: Subscription | undefined

  const emit = (event: Eip155ProviderEvent, value: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(value)
      } catch (error) {
        latch.ports.logger.warn(`an EIP-1193 ${event} listener threw`, error)
      }
    }
  }

  function follow() {
    let previous: Snapshot | undefined
    subscription = latch.select(snapshotOf, sameSnapshot).subscribe((next) => {
      if (previous) changed(previous, next)
      previous = next
    })
  }

  function changed(before: Snapshot, after: Snapshot) {
    const chainId = after.chainId === undefined ? undefined : toHexQuantity(after.chainId)
    if (!before.address && after.address) {
      emit('connect', { chainId })
      emit('accountsChanged', [after.address])
    } else if (before.address && !after.address) {
      emit('accountsChanged', [])
      emit('disconnect', new ProviderRpcError(providerErrorCodes.disconnected, 'the EVM wallet disconnected'))
    } else if (before.address && after.address && before.address.toLowerCase() !== after.address.toLowerCase()) {
      emit('accountsChanged', [after.address])
    }
    if (chainId && before.chainId !== after.chainId) emit('chainChanged', chainId)
  }

  const provider: LatchEip1193Provider = {
    async request(args) {
      if (typeof args?.method !== 'string') throw new ProviderRpcError(invalidParams, 'request expects { method, params? }')
      try {
        return await request(latch, { ns: 'eip155', method: args.method, ...(args.params === undefined ? {} : { params: args.params as readonly unknown[] }) })
      } catch (error) {
        throw toProviderError(error)
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set.add(listener))
      if (!subscription) follow()
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      if ([...listeners.values()].every((set) => set.size === 0)) {
        subscription?.unsubscribe()
        subscription = undefined
      }
      return provider
    },
  }
  providers.set(latch, provider)
  return provider
}

type Snapshot = { address: string | undefined; chainId: number | undefined }

function snapshotOf(state: State): Snapshot {
  return { address: selectIsEip155Connected(state) ? selectEip155Address(state) : undefined, chainId: selectEip155ChainId(state) }
}

function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  return a.address === b.address && a.chainId === b.chainId
}
