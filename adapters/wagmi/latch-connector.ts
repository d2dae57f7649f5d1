import * as wagmiCore from '@wagmi/core'
import type { Subscription } from 'rxjs'
import * as viem from 'viem'
import type { Address } from 'viem'
import { disconnect, LatchError, modalOpened, switchNetwork, toLatchError, type Kernel, type State } from '../../kernel/index'
import { checkPeer } from '../../kernel/engine/peer'
import { eip155Provider, selectEip155Address, selectEip155ChainId, selectIsEip155Connected, type LatchEip1193Provider } from '../../plugins/eip155/index'

export type LatchConnectorParameters = {
  /** The connector's id in wagmi (default `latch`). */
  id?: string
  /** The name wagmi shows for it (default `Latch`). */
  name?: string
  /** An icon URL for wagmi's connector list. */
  icon?: string
}

/** The `type` of every Latch connector, as `connector.type` reads. */
latchConnector.type = 'latch' as const

/**
 * A wagmi connector over Latch, for @wagmi/core 2 and 3 (docs/wagmi.md; their connector API is the same for what it uses): `connect` opens Latch's modal and resolves once the visitor
 * has connected an EVM wallet there, at once when one already is; every request goes through
 * `eip155Provider(latch)`, so it is logged and the allowed methods apply. wagmi follows Latch's state:
 * a connect, disconnect, account or network change in the modal reaches wagmi, and `disconnect`,
 * `switchChain` from wagmi reach Latch. Needs a `<LatchProvider>` (latch/react) on the page to show the modal.
 */
export function latchConnector(latch: Kernel, parameters: LatchConnectorParameters = {}) {
  // Namespace imports: a bundler that puts an empty module in place of a missing peer builds, and this says which (docs/errors.md, PEER_MISSING).
  checkPeer({ name: '@wagmi/core', entry: 'latch/wagmi', export: 'createConnector' }, wagmiCore)
  checkPeer({ name: 'viem', entry: 'latch/wagmi', export: 'getAddress' }, viem)
  return wagmiCore.createConnector<LatchEip1193Provider>((config) => {
    const fallbackChainId = () => config.chains[0].id
    let following: Subscription | undefined

    return {
      id: parameters.id ?? 'latch',
      name: parameters.name ?? 'Latch',
      ...(parameters.icon === undefined ? {} : { icon: parameters.icon }),
      type: latchConnector.type,

      async setup() {
        // One subscription for the life of the config: Latch's EVM state is what wagmi follows.
        if (following) return
        let previous = snapshotOf(latch.getState())
        following = latch.select(snapshotOf, sameSnapshot).subscribe((next) => {
          const before = previous
          previous = next
          if (!before.address && next.address) this.onConnect?.({ chainId: hexOf(next.chainId ?? fallbackChainId()) })
          else if (before.address && !next.address) this.onDisconnect()
          else if (before.address && next.address && before.address.toLowerCase() !== next.address.toLowerCase()) this.onAccountsChanged([next.address])
          if (before.address && next.address && next.chainId !== undefined && before.chainId !== next.chainId) this.onChainChanged(hexOf(next.chainId))
        })
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        if (isReconnecting) await reconnected(latch)
        else if (!addressOf(latch.getState())) await connectInModal(latch)
        const address = addressOf(latch.getState())
        if (!address) throw new wagmiCore.ConnectorNotConnectedError()
        let currentChainId = await this.getChainId()
        if (chainId !== undefined && chainId !== currentChainId) {
          // As wagmi's own connectors do: a declined switch fails the connect, any other failure keeps the current chain.
          const chain = await this.switchChain?.({ chainId }).catch((error: unknown) => {
            if (error instanceof viem.UserRejectedRequestError) throw error
            return undefined
          })
          currentChainId = chain?.id ?? currentChainId
        }
        const accounts = withCapabilities ? [{ address, capabilities: {} }] : [address]
        return { accounts: accounts as never, chainId: currentChainId }
      },

      async disconnect() {
        await disconnect(latch, { ns: 'eip155' })
      },

      async getAccounts() {
        const address = addressOf(latch.getState())
        return address ? [address] : []
      },

      async getChainId() {
        return selectEip155ChainId(latch.getState()) ?? fallbackChainId()
      },

      async getProvider() {
        return eip155Provider(latch)
      },

      async isAuthorized() {
        // After a reload Latch reconnects the stored wallet by itself (docs/behaviour.md, "Reconnect"): wait for it to settle.
        await reconnected(latch)
        return addressOf(latch.getState()) !== undefined
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw new viem.SwitchChainError(new wagmiCore.ChainNotConfiguredError())
        try {
          await switchNetwork(latch, { caipNetworkId: `eip155:${chainId}` })
        } catch (cause) {
          const error = toLatchError(cause)
          if (error.code === 'USER_REJECTED' || error.code === 'REQUEST_ABORTED') throw new viem.UserRejectedRequestError(error)
          throw new viem.SwitchChainError(error)
        }
        return chain
      },

      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((a) => viem.getAddress(a)) })
      },

      onChainChanged(chain) {
        config.emitter.emit('change', { chainId: Number(chain) })
      },

      onConnect(connectInfo) {
        const address = addressOf(latch.getState())
        if (address) config.emitter.emit('connect', { accounts: [address], chainId: Number(connectInfo.chainId) })
      },

      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}

/** The connected EVM account, checksummed as wagmi keeps it; undefined when no EVM wallet is connected. */
function addressOf(state: State): Address | undefined {
  const address = selectIsEip155Connected(state) ? selectEip155Address(state) : undefined
  return address ? viem.getAddress(address) : undefined
}

type Snapshot = { address: Address | undefined; chainId: number | undefined }

function snapshotOf(state: State): Snapshot {
  return { address: addressOf(state), chainId: selectEip155ChainId(state) }
}

function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  return a.address === b.address && a.chainId === b.chainId
}

function hexOf(chainId: number): `0x${string}` {
  return `0x${chainId.toString(16)}`
}

/** Whether Latch is still reconnecting the EVM wallet it stored (docs/storage.md): the mark is set and no wallet yet. */
function reconnecting(state: State): boolean {
  const chain = state.chains.eip155
  return chain.reconnectConnectorId !== undefined && chain.connectorId === undefined
}

/** Resolves once Latch is not reconnecting its EVM wallet (it always settles: docs/behaviour.md, "Reconnect"). */
function reconnected(latch: Kernel): Promise<void> {
  return waitFor(latch, (state) => (reconnecting(state) ? undefined : 'done'))
}

/**
 * Opens Latch's modal (unless it is open) and resolves when an EVM wallet is connected; rejects with
 * UserRejectedRequestError when the modal closes first (the visitor dismissed it).
 */
function connectInModal(latch: Kernel): Promise<void> {
  let opened = false
  const settled = waitFor(latch, (state) => {
    if (addressOf(state)) return 'done'
    if (state.router.open) opened = true
    else if (opened) {
      const declined = new LatchError('USER_REJECTED', { message: 'CONNECTION_DECLINED', details: 'the modal closed before an EVM wallet connected' })
      return new viem.UserRejectedRequestError(declined)
    }
    return undefined
  })
  if (!latch.getState().router.open) latch.dispatch(modalOpened({ view: { name: 'Connect' } }))
  return settled
}

/**
 * Follows Latch's state until `check` answers: 'done' resolves, an Error rejects, undefined waits. A destroyed Latch
 * rejects with KERNEL_DESTROYED.
 */
function waitFor(latch: Kernel, check: (state: State) => 'done' | Error | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    let finished = false
    let subscription: Subscription | undefined = undefined
    subscription = latch.state$.subscribe({
      next(state) {
        if (finished) return
        const outcome = check(state)
        if (outcome === undefined) return
        finished = true
        subscription?.unsubscribe()
        if (outcome === 'done') resolve()
        else reject(outcome)
      },
      complete() {
        if (!finished) reject(new LatchError('KERNEL_DESTROYED', { details: 'Latch was destroyed while wagmi waited for it' }))
      },
    })
    // The current state may have settled it at once, before `subscription` was assigned.
    if (finished) subscription.unsubscribe()
  })
}
