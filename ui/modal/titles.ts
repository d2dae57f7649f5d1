import { mergeMultiChainConnectors, selectRequestedNetworks, selectView, type State, type ViewName } from '../../kernel/index'
import type { LatchAddon } from '../addons'

/** Header titles of the views whose title does not depend on their payload. */
export const viewTitles: Partial<Record<ViewName, string>> = {
  Connect: 'Connect Wallet',
  Account: 'Account',
  AllWallets: 'All Wallets',
  Networks: 'Choose Network',
  SwitchNetwork: 'Switch Network',
  SwitchActiveChain: 'Switch Network',
  UnsupportedChain: 'Switch Network',
  ConnectingWalletConnect: 'Connect Wallet',
  ConnectingWalletConnectBasic: 'Connect Wallet',
  ConnectingExternal: 'Connecting',
  ConnectingFarcaster: 'Farcaster',
  EmailLogin: 'Email',
  ProfileWallets: 'Wallets',
  SIWXSignMessage: 'Sign In',
  ApproveTransaction: 'Approve Transaction',
  Swap: 'Swap',
  Send: 'Send',
  Receive: 'Receive',
  OnRamp: 'Buy',
  Activity: 'Activity',
  UpdateEmailWallet: 'Edit Email',
  RegisterAccountName: 'Choose Name',
  RegisterAccountNameSuccess: 'Name Registered',
}

/** The header title of the current view: the wallet's or network's name where the view is about one. */
export function selectTitle(state: State, addons: readonly LatchAddon[]): string {
  const view = selectView(state)
  const payload = view.payload ?? {}
  const addon = addons.find((a) => a.kind !== 'connectMethod' && a.view === view.name)
  if (addon && addon.kind !== 'connectMethod') return addon.title
  if (view.name === 'ConnectingExternal' && typeof payload.connectorId === 'string') {
    const connector = mergeMultiChainConnectors(state.connectors.list).find((c) => c.id === payload.connectorId)
    if (connector) return connector.name
  }
  if (view.name.startsWith('ConnectingWalletConnect') && typeof payload.name === 'string') return payload.name
  if (view.name === 'SwitchNetwork') {
    const network = selectRequestedNetworks(state).find((n) => n.caipNetworkId === payload.caipNetworkId)
    if (network) return network.name
  }
  return viewTitles[view.name] ?? view.name
}
