import {
  accountBalanceLoading,
  accountBalanceUpdated,
  accountConnected,
  accountDisconnected,
  cacheStored,
  connectionRecentWalletAdded,
  connectionStatusChanged,
  connectorsDiscovered,
  createLatch,
  modalClosed,
  modalOpened,
  networkSwitched,
  routerPushed,
  routerWentBack,
  toastRequested,
  type ExportedLog,
  type LatchEvent,
} from '../kernel/index'
import { createTestNetwork, createTestPorts } from '../kernel/testing'

/** Ethereum mainnet as an integrator configures it (RPC on the local stack). */
export const sampleMainnet = createTestNetwork('eip155', 1, { name: 'Ethereum', rpcUrl: 'http://127.0.0.1:8545', explorer: 'https://etherscan.io' })

/** Base, the second EVM network of the sample. */
export const sampleBase = createTestNetwork('eip155', 8453, { name: 'Base', rpcUrl: 'http://127.0.0.1:8546' })

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** What a visitor does, with the milliseconds that pass before each step. */
const script: readonly (readonly [number, LatchEvent])[] = [
  [0, connectorsDiscovered({ connectors: [{ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'io.metamask' } }] })],
  [1_200, modalOpened({})],
  [800, routerPushed({ view: { name: 'AllWallets' } })],
  [1_500, routerPushed({ view: { name: 'ConnectingExternal', payload: { connectorId: 'io.metamask' } } })],
  [0, connectionStatusChanged({ status: 'connecting' })],
  [2_400, accountConnected({ caipAddress: `eip155:1:${address}`, connectorId: 'io.metamask', walletInfo: { name: 'MetaMask', rdns: 'io.metamask' } }, { ns: 'eip155' })],
  [0, connectionRecentWalletAdded({ wallet: { id: 'metamask', name: 'MetaMask', rdns: 'io.metamask' } })],
  [0, accountBalanceLoading({}, { ns: 'eip155' })],
  [0, toastRequested({ toast: { message: 'Wallet connected', variant: 'success' } })],
  [350, accountBalanceUpdated({ balance: '1.2500', symbol: 'ETH' }, { ns: 'eip155' })],
  [0, cacheStored({ cache: 'balance', key: `eip155:1:${address}`, value: '1.2500' })],
  [2_500, modalClosed({})],
  [4_000, modalOpened({})],
  [600, routerPushed({ view: { name: 'Networks' } })],
  [900, toastRequested({ toast: { message: 'Switching network', variant: 'loading' } })],
  [50, networkSwitched({ caipNetworkId: 'eip155:8453' }, { ns: 'eip155' })],
  [0, accountBalanceLoading({}, { ns: 'eip155' })],
  [0, toastRequested({ toast: { message: 'Switched to Base', variant: 'success' } })],
  [300, accountBalanceUpdated({ balance: '0.0420', symbol: 'ETH' }, { ns: 'eip155' })],
  [0, cacheStored({ cache: 'balance', key: `eip155:8453:${address}`, value: '0.0420' })],
  [1_000, routerWentBack({})],
  [3_000, accountDisconnected({}, { ns: 'eip155' })],
  [0, modalClosed({})],
]

/**
 * Runs a real kernel (core plugin, test ports on virtual time) through a visitor's
 * session — discover, connect, balances, toasts, switch network, disconnect — and
 * returns its exported log.
 */
export function makeSampleLog(): ExportedLog {
  const test = createTestPorts({ start: 1_000 })
  const latch = createLatch({
    networks: [sampleMainnet, sampleBase],
    metadata: { name: 'Latch demo', description: 'Sample session', url: 'http://127.0.0.1:5173', icons: [] },
    ports: test.ports,
  })
  try {
    for (const [wait, event] of script) {
      test.advance(wait)
      latch.dispatch(event)
    }
    test.advance(5_000) // let the last toast close itself
    return latch.exportLog()
  } finally {
    latch.destroy()
  }
}
