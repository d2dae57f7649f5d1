'use client'

/** `latch/devtools` (docs/devtools.md): the in-page timeline. Nothing of it loads unless an app imports this entry. */
export { LatchDevtools, mountLatchDevtools, type LatchDevtoolsProps } from './LatchDevtools'
export {
  diffAt,
  durationOf,
  eventSummary,
  filterEvents,
  importLog,
  logFile,
  requestSpans,
  spansOf,
  stateAt,
  timelineOf,
  type EventFilter,
  type TimedSource,
  type TimedSpan,
  type Timeline,
} from './model'
