/**
 * Network-switch routing and the close guard (docs/behaviour.md, "Network-switch routing" and "Views"). Apart from the
 * view history (router.ts), which the kernel's reducers use in every first load; these only the modal uses.
 */
import type { ChainNamespace, ViewName } from '../types'

/** docs/behaviour.md, "Views": the views that count as signing views. */
export const signingViews = ['SIWXSignMessage', 'ApproveTransaction'] as const satisfies readonly ViewName[]

/** The inputs of network-switch routing (docs/behaviour.md, "Network-switch routing"). */
export type SwitchNetworkRoutingInput = {
  skipConfirmation: boolean
  activeConnectorIsAuth: boolean
  authSupportsTarget: boolean
  connectedOnCurrentFamily: boolean
  targetNamespace: ChainNamespace
  currentNamespace: ChainNamespace | undefined
  connectedOnTargetFamily: boolean
}

/** docs/behaviour.md, "Network-switch routing" network-switch routing; the first matching rule wins. */
export function selectSwitchNetworkView(input: SwitchNetworkRoutingInput): 'SwitchNetwork' | 'SwitchActiveChain' {
  if (!input.skipConfirmation && input.activeConnectorIsAuth && input.authSupportsTarget) return 'SwitchNetwork'
  if (
    input.connectedOnCurrentFamily &&
    input.targetNamespace !== input.currentNamespace &&
    !input.connectedOnTargetFamily
  ) {
    return 'SwitchActiveChain'
  }
  return 'SwitchNetwork'
}

/** True for SIWXSignMessage and ApproveTransaction. */
export function isSigningView(name: ViewName): boolean {
  return (signingViews as readonly ViewName[]).includes(name)
}

/** docs/behaviour.md, "Views": the modal cannot be closed in a signing view while sign-in is required and no session exists. */
export function canClose(input: { view: ViewName; siwxRequired: boolean; hasSession: boolean }): boolean {
  return !(isSigningView(input.view) && input.siwxRequired && !input.hasSession)
}
