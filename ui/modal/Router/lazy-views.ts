import type { ComponentType } from 'react'
import type { ViewName } from '../../../kernel/index'
import * as door from '../door'

type ViewModule = { default: ComponentType }

/**
 * A lazy view's loader: its chunk and the views' kit (ui/modal/views/kit.ts) load together, and the kit is handed the
 * modal's door before the view renders (docs/chunks.md, "The rule: one door").
 */
function handed<M>(load: () => Promise<M>, pick: (module: M) => ViewModule = (module) => module as ViewModule): () => Promise<ViewModule> {
  return () =>
    Promise.all([import('../views/kit'), load()]).then(([kit, module]) => {
      kit.handKit(door)
      return pick(module)
    })
}

/** Views loaded with their own chunk on first use (preloaded once the modal is idle). */
export const lazyViews = {
  AllWallets: handed(() => import('../views/AllWallets/AllWallets')),
  Networks: handed(() => import('../views/Networks/Networks')),
  UnsupportedChain: handed(() => import('../views/UnsupportedChain/UnsupportedChain')),
  SwitchActiveChain: handed(() => import('../views/SwitchActiveChain/SwitchActiveChain')),
  ProfileWallets: handed(() => import('../views/ProfileWallets/ProfileWallets')),
  ConnectingWalletConnect: handed(() => import('../views/ConnectingWalletConnect/ConnectingWalletConnect')),
  ConnectingWalletConnectBasic: handed(
    () => import('../views/ConnectingWalletConnect/ConnectingWalletConnect'),
    (view) => ({ default: view.ConnectingWalletConnectBasic }),
  ),
  SIWXSignMessage: handed(() => import('../views/SIWXSignMessage/SIWXSignMessage')),
  EmailLogin: handed(() => import('../views/EmailLogin/EmailLogin')),
  ConnectingSocial: handed(() => import('../views/ConnectingSocial/ConnectingSocial')),
  ConnectingFarcaster: handed(() => import('../views/ConnectingSocial/ConnectingFarcaster')),
  UpdateEmailWallet: handed(() => import('../views/UpdateEmailWallet/UpdateEmailWallet')),
  ApproveTransaction: handed(() => import('../views/ApproveTransaction/ApproveTransaction')),
  Receive: handed(() => import('../views/Receive/Receive')),
  Send: handed(() => import('../views/Send/Send')),
  Swap: handed(() => import('../views/Swap/Swap')),
  Activity: handed(() => import('../views/Activity/Activity')),
  OnRamp: handed(() => import('../views/OnRamp/OnRamp')),
  RegisterAccountName: handed(() => import('../views/RegisterAccountName/RegisterAccountName')),
  RegisterAccountNameSuccess: handed(
    () => import('../views/RegisterAccountName/RegisterAccountName'),
    (view) => ({ default: view.RegisterAccountNameSuccess }),
  ),
} satisfies Partial<Record<ViewName, () => Promise<ViewModule>>>

/**
 * The views Latch draws itself among the lazy ones: the Account view offers a built-in wallet feature (Send, Activity)
 * only when its view is here (docs/behaviour.md, "Account features").
 */
export const builtinViews: ReadonlySet<ViewName> = new Set(Object.keys(lazyViews) as ViewName[])
