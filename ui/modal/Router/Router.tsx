import { Component, Suspense, useContext, useLayoutEffect, useRef, type ComponentType, type ReactNode } from 'react'
import type { View, ViewName } from '../../../kernel/index'
import type { LatchAddon } from '../../addons'
import { useLatchContext } from '../../context'
import { focusables, focusInitial } from '../Dialog/focus'
import { ViewOpenersContext } from '../Dialog/viewFocus'
import { useLatchTranslate } from '../../i18n/translate'
import { lazyComponent, lazyEntry } from '../lazy'
import { lazyViews } from './lazy-views'
import Account from '../views/Account/Account'
import Connect from '../views/Connect/Connect'
import ConnectingExternal from '../views/ConnectingExternal/ConnectingExternal'
import SwitchNetwork from '../views/SwitchNetwork/SwitchNetwork'

/** Connect, Account, ConnectingExternal and SwitchNetwork are in the modal chunk: they render at once. */
const eagerViews: Partial<Record<ViewName, ComponentType>> = {
  Connect,
  Account,
  ConnectingExternal,
  SwitchNetwork,
}

/** Loads every lazy view (called when the browser is idle after the modal mounts); settles when all have. */
export function preloadViews(): Promise<void> {
  return Promise.all(Object.values(lazyViews).map((load) => lazyEntry(load).preload().catch(() => undefined))).then(() => undefined)
}

function viewComponent(name: ViewName, addons: readonly LatchAddon[]): ComponentType {
  const addon = addons.find((a) => a.kind !== 'connectMethod' && a.view === name)
  if (addon) return lazyComponent(addon.load)
  const eager = eagerViews[name]
  if (eager) return eager
  const load = (lazyViews as Partial<Record<ViewName, () => Promise<{ default: ComponentType }>>>)[name]
  return load ? lazyComponent(load) : Unavailable
}

/** Draws the router's current view (docs/behaviour.md, "Views" names), keyed by name so each view mounts fresh. */
export function Router({ view }: { view: View }) {
  const { addons } = useLatchContext()
  const View = viewComponent(view.name, addons)
  return (
    <div className="view" key={view.name} data-view={view.name}>
      <ViewBoundary>
        <Suspense fallback={<ViewLoading />}>
          <View />
          <FocusOnMount />
        </Suspense>
      </ViewBoundary>
    </div>
  )
}

/**
 * When a view appears: back on a view (docs/react.md, "Accessibility"), focus goes to the control that opened the one left;
 * otherwise, when focus is not already on one of its controls, to its first one.
 */
function FocusOnMount() {
  const marker = useRef<HTMLSpanElement>(null)
  const openers = useContext(ViewOpenersContext)
  const { latch } = useLatchContext()
  useLayoutEffect(() => {
    const view = marker.current?.closest('.view')
    const card = marker.current?.closest<HTMLElement>('.dialog')
    if (!view || !card) return
    const name = view.getAttribute('data-view')
    const opener = name ? openers?.take(latch.getState().router.history.length - 1, name, view) : undefined
    if (opener) return opener.focus()
    const active = (card.getRootNode() as ShadowRoot).activeElement
    if (active && view.contains(active) && focusables(view).includes(active as HTMLElement)) return
    if (active && card.contains(active) && active !== card) return
    focusInitial(view, card)
  }, [])
  return <span ref={marker} hidden />
}

function ViewLoading() {
  const t = useLatchTranslate()
  return (
    <div className="view-loading">
      <span className="spinner spin" role="progressbar" aria-label={t('modal.loading')} />
    </div>
  )
}

function Unavailable() {
  const t = useLatchTranslate()
  return <p className="subtle center">{t('view.unavailable')}</p>
}

/** Shows a retry when a view's chunk fails to load (offline, a new deployment). */
class ViewBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return <ViewFailed retry={() => this.setState({ failed: false })} />
  }
}

function ViewFailed({ retry }: { retry(): void }) {
  const t = useLatchTranslate()
  return (
    <div className="empty" role="alert">
      <p className="headline">{t('view.loadFailed')}</p>
      <button type="button" className="button secondary" onClick={retry}>
        {t('common.retry')}
      </button>
    </div>
  )
}
