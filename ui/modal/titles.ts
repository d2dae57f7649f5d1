import { selectRequestedNetworks, selectView, type State, type ViewName } from '../../kernel/index'
import { mergeMultiChainConnectors } from '../../kernel/rules/connectors'
import type { LatchAddon } from '../addons'
import type { MessageId } from '../i18n/messages'

/** The catalogue id of each view's header title where it does not depend on the view's payload. */
const titleIds: Partial<Record<ViewName, MessageId>> = {
  Connect: 'view.Connect',
  Account: 'view.Account',
  AllWallets: 'view.AllWallets',
  Networks: 'view.Networks',
  SwitchNetwork: 'view.SwitchNetwork',
  SwitchActiveChain: 'view.SwitchNetwork',
  UnsupportedChain: 'view.SwitchNetwork',
  ConnectingWalletConnect: 'view.Connect',
  ConnectingWalletConnectBasic: 'view.Connect',
  ConnectingExternal: 'view.ConnectingExternal',
  ConnectingFarcaster: 'view.ConnectingFarcaster',
  ConnectingSocial: 'view.ConnectingSocial',
  EmailLogin: 'view.EmailLogin',
  ProfileWallets: 'view.ProfileWallets',
  SIWXSignMessage: 'view.SIWXSignMessage',
  ApproveTransaction: 'view.ApproveTransaction',
  Swap: 'view.Swap',
  Send: 'view.Send',
  Receive: 'view.Receive',
  OnRamp: 'view.OnRamp',
  Activity: 'view.Activity',
  UpdateEmailWallet: 'view.UpdateEmailWallet',
  RegisterAccountName: 'view.RegisterAccountName',
  RegisterAccountNameSuccess: 'view.RegisterAccountNameSuccess',
}

/** A header title: a catalogue id to translate, or a name (a wallet's, a network's) shown as it is. */
export type Title = { id: string; name?: undefined } | { name: string; id?: undefined }

/** The header title of the current view: the wallet's or network's name where the view is about one. */
export function selectTitle(state: State, addons: readonly LatchAddon[]): Title {
  const view = selectView(state)
  const payload = view.payload ?? {}
  const addon = addons.find((a) => a.kind !== 'connectMethod' && a.view === view.name)
  if (addon && addon.kind !== 'connectMethod') return { id: addon.title }
  if (view.name === 'ConnectingExternal' && typeof payload.connectorId === 'string') {
    const connector = mergeMultiChainConnectors(state.connectors.list).find((c) => c.id === payload.connectorId)
    if (connector) return { name: connector.name }
  }
  // A wallet's and a social login's views are named after it (data: the same in every language).
  if ((view.name.startsWith('ConnectingWalletConnect') || view.name === 'ConnectingSocial') && typeof payload.name === 'string') return { name: payload.name }
  if (view.name === 'SwitchNetwork') {
    const network = selectRequestedNetworks(state).find((n) => n.caipNetworkId === payload.caipNetworkId)
    if (network) return { name: network.name }
  }
  const id = titleIds[view.name]
  return id ? { id } : { name: view.name }
}

export const sameTitle = (a: Title, b: Title) => a.id === b.id && a.name === b.name
