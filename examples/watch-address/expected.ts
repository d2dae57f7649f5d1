import type { ScenarioResult } from './scenario'

/** What the scenario must give for `address` with a node answering 1.5 ETH: both tests (repository and tarball) hold it to this. */
export function expectedScenario(address: string): ScenarioResult {
  return {
    connected: { caipAddress: `eip155:31337:${address}` },
    account: { address, status: 'connected', connectorId: 'watch-address', balance: '1.5', symbol: 'ETH' },
    refused: { code: 'RPC_NOT_ALLOWED', details: 'a watched address is read-only: it cannot sign or send' },
    afterDisconnect: { status: 'disconnected', address: undefined },
    reloaded: { status: 'connected', address, connectorId: 'watch-address', balance: '1.5' },
  }
}
