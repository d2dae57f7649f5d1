/**
 * The watch-address family as a dapp runs it (docs/plugins.md, "A worked example: watch an address"): type an address,
 * connect it, read the account and its balance from the state, be refused a signature, disconnect, then connect again
 * and reload from storage (a new instance on the same storage reconnects it). Run in the repository by
 * watch-address.test.ts and, from the packed tarball, by scripts/package/watch-address.test.ts.
 */
import { filter, firstValueFrom } from 'rxjs'
import { connect, createLatch, disconnect, LatchError, selectAddress, signMessage, type Latch, type State } from 'latch'
import { createTestNetwork, createTestPorts } from 'latch/testing'
import { watchAddress, watchAddressEntered, watchConnectorId } from './index'

export type ScenarioResult = {
  connected: { caipAddress: string }
  account: { address: string | undefined; status: string; connectorId: string | undefined; balance: string | undefined; symbol: string | undefined }
  refused: { code: string; details: string | undefined }
  afterDisconnect: { status: string; address: string | undefined }
  reloaded: { status: string; address: string | undefined; connectorId: string | undefined; balance: string | undefined }
}

/** Settles with the first state `ready` accepts. */
function until(latch: Latch, ready: (state: State) => boolean): Promise<State> {
  return firstValueFrom(latch.select((state) => state).pipe(filter(ready)))
}

/** `rpcUrl`: a JSON-RPC node answering `eth_getBalance`; `fetch`: how to reach it. */
export async function runScenario(rpcUrl: string, fetch: typeof globalThis.fetch, address: string): Promise<ScenarioResult> {
  const networks = [createTestNetwork('eip155', 31337, { name: 'Local', rpcUrl })]
  const first = createTestPorts()
  const latch = createLatch({ networks, plugins: [watchAddress()], ports: { ...first.ports, fetch } })

  latch.dispatch(watchAddressEntered({ address }))
  const connected = await connect(latch, { connectorId: watchConnectorId, ns: 'eip155' })
  const withBalance = await until(latch, (state) => state.chains.eip155.account.balance !== undefined)
  const account = withBalance.chains.eip155
  const refused = await signMessage(latch, { message: 'hello', ns: 'eip155' }).then(
    () => ({ code: 'none', details: undefined }),
    (error: unknown) => (error instanceof LatchError ? { code: error.code, details: error.details } : { code: String(error), details: undefined }),
  )
  await disconnect(latch, { ns: 'eip155' })
  const afterDisconnect = { status: latch.getState().chains.eip155.account.status, address: selectAddress(latch.getState(), 'eip155') }

  // Connected again, then the page reloads: a new instance on the same storage reconnects the stored address.
  await connect(latch, { connectorId: watchConnectorId, ns: 'eip155' })
  latch.destroy()
  const second = createTestPorts({ storage: first.storage.dump() })
  const reloaded = createLatch({ networks, plugins: [watchAddress()], ports: { ...second.ports, fetch } })
  const back = await until(reloaded, (state) => state.chains.eip155.account.balance !== undefined)
  reloaded.destroy()

  return {
    connected,
    account: {
      address: selectAddress(withBalance, 'eip155'),
      status: account.account.status,
      connectorId: account.connectorId,
      balance: account.account.balance,
      symbol: account.account.balanceSymbol,
    },
    refused,
    afterDisconnect,
    reloaded: { status: back.chains.eip155.account.status, address: selectAddress(back, 'eip155'), connectorId: back.chains.eip155.connectorId, balance: back.chains.eip155.account.balance },
  }
}
