import { of } from 'rxjs'
import { accountConnected, connectorsDiscovered, definePlugin, LatchError, type CaipAddress, type ChainNamespace } from '../../kernel/index'
import { remoteWallets, type RemoteWallet } from '../../kernel/family/index'

/** What a remote wallet was asked, in order. */
export type Asked = { method: string; params: unknown }[]

/**
 * The wallet side of a connector, for tests of a family's adapter (docs/plugins.md, "The family kit"): a remote
 * JSON-RPC answering from `table` (a method missing from it is not approved: `RPC_NOT_ALLOWED`), and a connector
 * plugin that lists it, hands it to family `ns` and connects `caipAddress` through it.
 */
export function remoteConnector(ns: ChainNamespace, caipAddress: CaipAddress, table: Record<string, (params: unknown) => unknown>) {
  const asked: Asked = []
  const events: string[] = []
  const wallet: RemoteWallet = {
    connectorId: 'remote',
    accounts: [caipAddress],
    methods: Object.keys(table),
    async request(method, params) {
      asked.push({ method, params })
      const answer = table[method]
      if (!answer) throw new LatchError('RPC_NOT_ALLOWED', { details: `${method} is not approved` })
      return answer(params)
    },
    async switchChain(caipNetworkId) {
      events.push(`switch ${caipNetworkId}`)
    },
    async disconnect() {
      events.push('disconnect')
    },
  }
  const plugin = definePlugin({
    name: 'remote-connector',
    effects: [
      (_events$, ctx) => {
        remoteWallets(ctx).set(ns, 'remote', wallet)
        return of(
          connectorsDiscovered({ connectors: [{ id: 'remote', name: 'Remote', type: 'WALLET_CONNECT', chain: ns }] }),
          accountConnected({ caipAddress, connectorId: 'remote' }, { ns }),
        )
      },
    ],
  })
  return { plugin, asked, events }
}
