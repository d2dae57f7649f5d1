/**
 * `<LatchDevtools />` (docs/devtools.md): the in-page timeline. Lists the event log live, filters it, shows each event's state
 * diff and time-travels a read-only copy of the modal to any event. It renders into its own shadow root and never
 * dispatches to the live Latch: the copy is drawn from replayed state by a viewer whose dispatch does nothing.
 */
import { useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { BehaviorSubject, EMPTY, distinctUntilChanged, map } from 'rxjs'
import { toLatchError, type ExportedLog, type Latch, type Plugin, type State } from '../kernel/index'
import { LatchContext, useLatchInstance, type LatchContextValue } from '../ui/context'
import { loadModal, type ModalModule } from '../ui/modal-loader'
import { themeCss } from '../ui/theme/tokens'
import { adoptStyles } from '../ui/utils/styles'
import {
  diffAt,
  durationOf,
  facets,
  filterEvents,
  formatChange,
  importLog,
  logFile,
  logFileName,
  namespaceOf,
  requestSpans,
  spansOf,
  stateAt,
  timelineOf,
  eventSummary,
  type TimedSource,
} from './model'
import { devtoolsCss } from './styles'

export type LatchDevtoolsProps = {
  /** The plugins given to createLatch: replay folds their reducers (none of their effects run). */
  plugins?: readonly Plugin[]
  /** More sources of timed spans beside wallet requests (docs/devtools.md, "Timed sources"). */
  sources?: readonly TimedSource[]
  /** Opens and closes the panel with this key and Ctrl+Shift (default `L`); `false` for none. */
  shortcut?: string | false
  /** Open at mount (default true). */
  defaultOpen?: boolean
}

/** The panel for the Latch of the nearest LatchProvider. */
export function LatchDevtools(props: LatchDevtoolsProps) {
  return <DevtoolsPanel latch={useLatchInstance()} {...props} />
}

/**
 * Mounts the panel for `latch` outside any React tree (its own root in a shadow host on document.body); returns unmount.
 * react-dom/client is loaded here, not at import: it reads `window` when it loads, and the entry stays safe to import
 * during server-side rendering (docs/devtools.md).
 */
export function mountLatchDevtools(latch: Latch, props: LatchDevtoolsProps = {}): () => void {
  const element = document.createElement('div')
  document.body.appendChild(element)
  let unmounted = false
  let unmountRoot: (() => void) | undefined
  void import('react-dom/client').then(({ createRoot }) => {
    if (unmounted) return
    const root = createRoot(element)
    root.render(<DevtoolsPanel latch={latch} {...props} />)
    unmountRoot = () => root.unmount()
  })
  return () => {
    unmounted = true
    unmountRoot?.()
    element.remove()
  }
}

const scope = '.latch-devtools'
const noPlugins: readonly Plugin[] = []
const noSources: readonly TimedSource[] = []

function useShadowRoot(): ShadowRoot | undefined {
  const [root, setRoot] = useState<ShadowRoot>()
  useEffect(() => {
    const host = document.createElement('latch-devtools')
    // The live modal makes the page inert while open (docs/react.md, "Accessibility"); the panel stays usable.
    host.setAttribute('data-latch-keep-interactive', '')
    document.body.appendChild(host)
    const shadow = host.attachShadow({ mode: 'open' })
    adoptStyles(shadow, themeCss(scope) + devtoolsCss)
    setRoot(shadow)
    return () => host.remove()
  }, [])
  return root
}

function useLiveLog(latch: Latch): ExportedLog {
  const [, bump] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    let frame = 0
    const subscription = latch.events$.subscribe(() => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        bump()
      })
    })
    return () => {
      subscription.unsubscribe()
      cancelAnimationFrame(frame)
    }
  }, [latch])
  return latch.exportLog()
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

function DevtoolsPanel({ latch, plugins = noPlugins, sources = noSources, shortcut = 'L', defaultOpen = true }: LatchDevtoolsProps & { latch: Latch }) {
  const shadow = useShadowRoot()
  const [open, setOpen] = useState(defaultOpen)
  const live = useLiveLog(latch)
  const [imported, setImported] = useState<ExportedLog>()
  const [error, setError] = useState<string>()
  const [types, setTypes] = useState<string[]>([])
  const [namespaces, setNamespaces] = useState<string[]>([])
  const [picked, setPicked] = useState<number>()
  const log = imported ?? live
  const timeline = useMemo(() => timelineOf(plugins, log), [plugins, log])
  const events = log.events
  const last = events.length - 1
  const index = picked === undefined ? last : Math.min(picked, last)
  const kept = useMemo(() => filterEvents(events, { types, namespaces }), [events, types, namespaces])
  const choices = useMemo(() => facets(events), [events])
  const spans = useMemo(() => spansOf(events, [requestSpans, ...sources]), [events, sources])
  const state = stateAt(timeline, index)

  useEffect(() => {
    if (shortcut === false) return
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.shiftKey && event.key.toLowerCase() === shortcut.toLowerCase()) setOpen((was) => !was)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [shortcut])

  if (!shadow) return null
  const toggle = (list: string[], set: (next: string[]) => void, value: string) => set(list.includes(value) ? list.filter((v) => v !== value) : [...list, value])
  const panel = !open ? (
    <button type="button" className="dt-open" onClick={() => setOpen(true)}>
      Latch devtools
    </button>
  ) : (
    <section className="dt-panel" role="region" aria-label="Latch devtools">
      <header className="dt-bar">
        <h2>Latch timeline {imported ? '(imported log)' : '(live)'}</h2>
        <label className="dt-file">
          Import a log file
          <input
            type="file"
            accept="application/json,.json"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0]
              if (!file) return
              const reader = new FileReader()
              reader.onload = () => {
                try {
                  setImported(importLog(String(reader.result)))
                  setPicked(0)
                  setError(undefined)
                } catch (cause) {
                  setError(toLatchError(cause).message)
                }
              }
              reader.readAsText(file)
            }}
          />
        </label>
        {imported ? (
          <button type="button" onClick={() => (setImported(undefined), setPicked(undefined))}>
            Back to live
          </button>
        ) : null}
        <button type="button" onClick={() => download(logFileName(log), logFile(log))}>
          Export log
        </button>
        <button type="button" onClick={() => download(`bug-report-${logFileName(live)}`, logFile(live))}>
          Report a bug
        </button>
        <button type="button" aria-label="Close Latch devtools" onClick={() => setOpen(false)}>
          ×
        </button>
      </header>
      {error ? (
        <p role="alert" className="dt-error">
          {error}
        </p>
      ) : null}
      <div className="dt-travel">
        <label htmlFor="dt-slider">
          Event {index + 1} of {events.length}
        </label>
        <button type="button" aria-label="Previous event" disabled={index <= 0} onClick={() => setPicked(Math.max(0, index - 1))}>
          ‹
        </button>
        <input id="dt-slider" type="range" min={0} max={Math.max(0, last)} value={Math.max(0, index)} onChange={(event) => setPicked(Number(event.currentTarget.value))} />
        <button type="button" aria-label="Next event" disabled={index >= last} onClick={() => setPicked(Math.min(last, index + 1))}>
          ›
        </button>
        <button type="button" disabled={picked === undefined} onClick={() => setPicked(undefined)}>
          Follow latest
        </button>
      </div>
      <div className="dt-columns">
        <div className="dt-column">
          <Filters legend="Type" all={choices.types} chosen={types} onToggle={(v) => toggle(types, setTypes, v)} />
          <Filters legend="Namespace" all={choices.namespaces} chosen={namespaces} onToggle={(v) => toggle(namespaces, setNamespaces, v)} />
          <ol className="dt-events" aria-label="Events">
            {kept.map((i) => {
              const event = events[i]!
              return (
                <li key={event.meta.seq}>
                  <button type="button" aria-current={i === index ? 'step' : undefined} onClick={() => setPicked(i)}>
                    <span className="dt-seq">#{event.meta.seq}</span> {event.type} <span className="dt-ns">{namespaceOf(event)}</span>
                    {eventSummary(event) === undefined ? null : <span className="dt-summary"> {eventSummary(event)}</span>}
                  </button>
                </li>
              )
            })}
          </ol>
          <h3>Requests</h3>
          <ul className="dt-spans" aria-label="Wallet requests and timed messages">
            {spans.map((span) => (
              <li key={`${span.source}-${span.startIndex}`} data-outcome={span.outcome}>
                <button type="button" onClick={() => setPicked(span.endIndex ?? span.startIndex)}>
                  {span.label} {span.ns ?? ''} — {span.outcome}
                  {span.error ? ` ${span.error}` : ''} {durationOf(span) === undefined ? '' : `${durationOf(span)} ms`}
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="dt-column">
          <h3>State diff of {events[index]?.type ?? 'no event'}</h3>
          <pre className="dt-diff" aria-label="State diff" tabIndex={0}>
            {diffAt(timeline, index)
              .map((change) => formatChange(change))
              .join('\n') || '(no change)'}
          </pre>
          <h3>The visitor&apos;s screen at this event (read-only)</h3>
          <ReadOnlyModal live={latch} state={state} />
        </div>
      </div>
    </section>
  )
  return createPortal(
    <div className="latch-devtools" data-theme={state.options.themeMode}>
      {panel}
    </div>,
    shadow,
  )
}

function Filters({ legend, all, chosen, onToggle }: { legend: string; all: readonly string[]; chosen: readonly string[]; onToggle(value: string): void }) {
  return (
    <fieldset className="dt-filters">
      <legend>{legend}</legend>
      {all.map((value) => (
        <label key={value}>
          <input type="checkbox" checked={chosen.includes(value)} onChange={() => onToggle(value)} /> {value}
        </label>
      ))}
    </fieldset>
  )
}

/** A Latch that shows `state` and takes nothing: dispatch does nothing, requests never settle, no event flows. */
function viewerOf(live: Latch, state: State): Latch {
  const state$ = new BehaviorSubject(state)
  return {
    ...live,
    getState: () => state,
    getServerState: () => state,
    state$,
    events$: EMPTY,
    select: (selector, equality) => state$.pipe(map(selector), distinctUntilChanged(equality)),
    subscribe: () => () => undefined,
    dispatch: () => undefined,
    request: () => new Promise<never>(() => undefined),
    destroy: () => undefined,
  }
}

function ReadOnlyModal({ live, state }: { live: Latch; state: State }): ReactNode {
  const [modal, setModal] = useState<ModalModule>()
  const frame = useRef<HTMLDivElement>(null)
  useEffect(() => {
    let current = true
    void loadModal().then((module) => current && setModal(() => module), () => undefined)
    return () => {
      current = false
    }
  }, [])
  const value = useMemo<LatchContextValue>(() => ({ latch: viewerOf(live, state), addons: [] }), [live, state])
  useEffect(() => frame.current?.setAttribute('inert', ''), [])
  return (
    <div className="dt-frame" ref={frame} data-open={state.router.open ? 'true' : 'false'} aria-label="Read-only copy of the modal" role="img">
      {!state.router.open ? <p className="dt-closed">The modal is closed at this event.</p> : null}
      {modal && state.router.open ? (
        <LatchContext.Provider value={value}>
          <modal.ModalRoot open />
        </LatchContext.Provider>
      ) : null}
    </div>
  )
}
