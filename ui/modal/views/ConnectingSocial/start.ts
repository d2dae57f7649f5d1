import { modalClosed, routerPushed, selectView, type Latch, type ViewName } from '../../../../kernel/index'
import { socialNames, startFarcasterLogin, startSocialLogin, type SocialLogin } from '../../../../plugins/embedded/ui'

/** Once logged in the modal closes, as after any wallet's connect, if the login's view is still the one shown. */
function closeWhenDone(latch: Latch, view: ViewName, answer: Promise<unknown>) {
  answer.then(
    () => {
      const state = latch.getState()
      if (state.router.open && selectView(state).name === view) latch.dispatch(modalClosed({}))
    },
    // A failure is the login's state, which the view shows.
    () => undefined,
  )
}

/**
 * A social login button's click (docs/embedded-wallet.md, "Social logins"). Call it from the click handler itself: the
 * popup opens in this call, before anything is awaited, or the browser blocks it. Pushes the login's view unless it is
 * the one shown (Try again), which follows the login's state; Farcaster has no popup and shows its QR code.
 */
export function socialClicked(latch: Latch, provider: SocialLogin) {
  const view: ViewName = provider === 'farcaster' ? 'ConnectingFarcaster' : 'ConnectingSocial'
  // First, in the click: the popup (startSocialLogin opens it before it returns).
  const answer = provider === 'farcaster' ? startFarcasterLogin(latch) : startSocialLogin(latch, provider)
  const state = latch.getState()
  // The view's title is the provider's name (ui/modal/titles.ts).
  if (!(state.router.open && selectView(state).name === view)) latch.dispatch(routerPushed({ view: { name: view, payload: { name: socialNames[provider] } } }))
  closeWhenDone(latch, view, answer)
}
