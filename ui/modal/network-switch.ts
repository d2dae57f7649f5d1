import {
  modalClosed,
  routerPushed,
  routerReplaced,
  routerReset,
  routerWentBack,
  selectActiveNetwork,
  selectIsConnected,
  selectView,
  switchNetwork,
  toastRequested,
  errorToast,
  toLatchError,
  type CaipNetwork,
  type Latch,
} from '../../kernel/index'
import { selectNetworkRoute } from '../../kernel/core/connection-selectors'

/**
 * The visitor chose a network: routes with rule (docs/behaviour.md, "Network-switch routing") (SwitchNetwork or SwitchActiveChain) and, for
 * SwitchNetwork, asks the wallet at once. Choosing the active network just goes back.
 */
export function chooseNetwork(latch: Latch, network: CaipNetwork): Promise<void> {
  const state = latch.getState()
  if (selectActiveNetwork(state)?.caipNetworkId === network.caipNetworkId) {
    latch.dispatch(routerWentBack({}))
    return Promise.resolve()
  }
  const route = selectNetworkRoute(state, network)
  if (route === 'SwitchActiveChain') {
    const payload = { switchToChain: network.chainNamespace, navigateTo: 'Connect', navigateWithReplace: true, network: network.caipNetworkId }
    latch.dispatch(routerPushed({ view: { name: 'SwitchActiveChain', payload } }))
    return Promise.resolve()
  }
  latch.dispatch(routerPushed({ view: { name: 'SwitchNetwork', payload: { caipNetworkId: network.caipNetworkId } } }))
  return switchTo(latch, network).then((switched) => {
    if (!switched) return
    const after = latch.getState()
    const view = selectView(after)
    if (!after.router.open || view.name !== 'SwitchNetwork' || view.payload?.caipNetworkId !== network.caipNetworkId) return
    // Back to the account overview; a visitor without an account is done here.
    latch.dispatch(selectIsConnected(after) ? routerReset({ view: { name: 'Account' } }) : modalClosed({}))
  })
}

/** SwitchActiveChain's action: switch the family's network, then go to Connect in place of this view. */
export function switchActiveChain(latch: Latch, network: CaipNetwork): Promise<void> {
  return switchTo(latch, network).then((switched) => {
    if (switched && selectView(latch.getState()).name === 'SwitchActiveChain') {
      latch.dispatch(routerReplaced({ view: { name: 'Connect' } }))
    }
  })
}

/** Asks for the switch; a failure is shown as a toast with its visitor text (the kernel already went back). */
function switchTo(latch: Latch, network: CaipNetwork): Promise<boolean> {
  return switchNetwork(latch, { caipNetworkId: network.caipNetworkId }).then(
    () => true,
    (error: unknown) => {
      latch.dispatch(toastRequested({ toast: errorToast(error) }))
      return false
    },
  )
}
