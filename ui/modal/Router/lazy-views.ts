import type { ComponentType } from 'react'
import type { ViewName } from '../../../kernel/index'

/** Views loaded with their own chunk on first use (preloaded once the modal is idle). */
export const lazyViews = {
  AllWallets: () => import('../views/AllWallets/AllWallets'),
  Networks: () => import('../views/Networks/Networks'),
  UnsupportedChain: () => import('../views/UnsupportedChain/UnsupportedChain'),
  SwitchActiveChain: () => import('../views/SwitchActiveChain/SwitchActiveChain'),
  ProfileWallets: () => import('../views/ProfileWallets/ProfileWallets'),
  ConnectingWalletConnect: () => import('../views/ConnectingWalletConnect/ConnectingWalletConnect'),
  ConnectingWalletConnectBasic: () =>
    import('../views/ConnectingWalletConnect/ConnectingWalletConnect').then((view) => ({ default: view.ConnectingWalletConnectBasic })),
  SIWXSignMessage: () => import('../views/SIWXSignMessage/SIWXSignMessage'),
  Receive: () => import('../views/Receive/Receive'),
  Send: () => import('../views/Send/Send'),
  Activity: () => import('../views/Activity/Activity'),
  RegisterAccountName: () => import('../views/RegisterAccountName/RegisterAccountName'),
  RegisterAccountNameSuccess: () =>
    import('../views/RegisterAccountName/RegisterAccountName').then((view) => ({ default: view.RegisterAccountNameSuccess })),
} satisfies Partial<Record<ViewName, () => Promise<{ default: ComponentType }>>>

/**
 * The views Latch draws itself among the lazy ones: the Account view offers a built-in wallet feature (Send, Activity)
 * only when its view is here (docs/behaviour.md, "Account features").
 */
export const builtinViews: ReadonlySet<ViewName> = new Set(Object.keys(lazyViews) as ViewName[])
