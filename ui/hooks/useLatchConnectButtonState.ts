import { useCallback, useMemo } from 'react'
import type { CaipAddress, CaipNetwork, ConnectionStatus, Connector } from '../../kernel/index'
import { displayBalance, displayName } from '../utils/format'
import { useLatchAccount } from './useLatchAccount'
import { useLatchModal } from './useLatchModal'
import { useLatchNetwork } from './useLatchNetwork'
import { useLatchTranslate } from '../i18n/translate'

/** Everything a connect button draws, and the verbs it calls: the argument of `<ConnectButtonRenderer>`. */
export type ConnectButtonState = {
  status: ConnectionStatus
  isConnected: boolean
  isModalOpen: boolean
  account?: {
    address: string
    caipAddress?: CaipAddress
    /** Profile name when known, else `0x1234…abcd`. */
    displayName: string
    /** Balance floored to 3 decimals with its symbol, e.g. `1.234 ETH`. */
    displayBalance?: string
    balance?: string
    balanceSymbol?: string
    profileName?: string | null
    connector?: Connector
  }
  network?: { caipNetwork: CaipNetwork; name: string; isSupported: boolean; imageUrl?: string }
  openConnectModal(): void
  openAccountModal(): void
  /** Opens the network list (UnsupportedChain when the active network is not supported). */
  openNetworkModal(): void
}

/** Only the network half of the button state: what NetworkButton needs, so a balance change never re-renders it. */
export function useNetworkButtonState(): Pick<ConnectButtonState, 'network' | 'openNetworkModal'> {
  const { caipNetwork, isSupported } = useLatchNetwork()
  const { open } = useLatchModal()
  const openNetworkModal = useCallback(() => open(isSupported ? 'Networks' : 'UnsupportedChain'), [open, isSupported])
  const network = useMemo(
    () =>
      caipNetwork
        ? { caipNetwork, name: caipNetwork.name, isSupported, imageUrl: caipNetwork.assets?.imageUrl }
        : undefined,
    [caipNetwork, isSupported],
  )
  return { network, openNetworkModal }
}

/** The state of a connect button, shared by the built-in buttons and the headless renderer. */
export function useLatchConnectButtonState(): ConnectButtonState {
  const account = useLatchAccount()
  const { locale } = useLatchTranslate()
  const { network, openNetworkModal } = useNetworkButtonState()
  const modal = useLatchModal()
  const { open } = modal
  const openConnectModal = useCallback(() => open('Connect'), [open])
  const openAccountModal = useCallback(() => open('Account'), [open])
  const accountValue = useMemo(
    () =>
      account.isConnected && account.address
        ? {
            address: account.address,
            caipAddress: account.caipAddress,
            displayName: displayName(account.address, account.profileName),
            displayBalance: displayBalance(account.balance, account.balanceSymbol, locale),
            balance: account.balance,
            balanceSymbol: account.balanceSymbol,
            profileName: account.profileName,
            connector: account.connector,
          }
        : undefined,
    [account, locale],
  )
  return {
    status: account.status,
    isConnected: account.isConnected,
    isModalOpen: modal.isOpen,
    account: accountValue,
    network,
    openConnectModal,
    openAccountModal,
    openNetworkModal,
  }
}
