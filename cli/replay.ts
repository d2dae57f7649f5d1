/**
 * The replay CLI, shipped as the package's `latch-replay` bin (dist/bin/latch-replay.js, built from cli/bin.ts)
 * and run in the repository by `npm run replay`. It imports only the kernel's public entries (`latch`,
 * `latch/testing`): the package build makes them imports of the installed package, so plugins given with
 * --plugins and the CLI share one copy of the kernel. docs/debugging.md describes it.
 */
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { chainNamespaces, LatchError, replaySteps, type ExportedLog, type Logged, type ReplayIssue, type State } from '../kernel/index'
import { errorLines, failureHeading, failureOf, type Failure } from './failures'
import { loadPluginOption, packagePlugins, pluginNames, type LoadedPlugins } from './plugins'
import { makeSampleLog } from './sample-log'
import { diffState } from './state-diff'
import { measureWidths, replayedLine, stepLines, timelineHeader } from './timeline'

/** The CLI's help text. */
export const usage = `usage: latch-replay <log.json> [options]
       latch-replay --sample [options]
       (in the Latch repository: npm run replay -- <log.json> [options])

Replays an exported Latch log (latch.exportLog(), saved as JSON) and prints every event with
what it changed in the state. Replay folds the reducers only: no effect runs, nothing is fetched.

  --plugins <names>   replay with the package's own plugins too, by name: a comma list of
                      ${pluginNames.slice(0, -1).join(', ')},
                      or all (each from latch/plugins/<name>; replay runs no effect, so no
                      settings are needed); without --plugins only the core plugin's events
                      are replayed, and events of other types are skipped (one warning per
                      type, with its count)
  --plugins <module>  or a .js or .mjs file whose default export is an array of plugins, e.g.
                      export default [eip155(), myPlugin()]; names and modules mix:
                      --plugins eip155,./mine.mjs
  --type <type>       print only events of this type; a type ending in "/" (wallet/) matches
                      every type it starts; repeat it or give a comma list (--type a,b)
  --ns <namespace>    print only events of this chain namespace (${chainNamespaces.join(', ')})
  --from <seq>        print only events from meta.seq <seq> on
  --to <seq>          print only events up to meta.seq <seq>
                      (the filters choose what is printed; every event is still replayed, so
                      the states and changes shown are exact)
  --summary           print counts by event type instead of the timeline: failures first
                      (…Failed events, events carrying an error, kernel/eventRejected), with
                      each failed event listed by #seq with its error code, message and
                      details; then replay's warnings, then the rest by count
  --json              print data instead of text: { steps: [{ event, changes, issue? }], final,
                      warnings }, or with --summary { events, first, last, failed, failures,
                      counts, warnings }
  --sample            replay a built-in sample session instead of a file
  -h, --help          print this help

Exit code 0 when the log was replayed (warnings included), 1 when it could not be: unreadable
file, not a Latch log (INVALID_LOG, saying where), bad arguments or plugins.`

/** Where the CLI writes: `write` may return a promise to make the CLI wait (a stream's backpressure). */
export type Sink = { write(text: string): void | Promise<void> }

/** Which events are printed. Replay folds every event whatever the filter. */
export type EventFilter = { types: readonly string[]; ns?: string; from?: number; to?: number }

/** What the CLI was asked to do. */
type Options = { source: { sample: true } | { path: string }; plugins: readonly string[]; filter: EventFilter; summary: boolean; json: boolean }

class UsageError extends Error {}

/**
 * Runs the replay CLI: parses `argv`, replays, writes the timeline (or summary) to `stdout` as it goes,
 * one step at a time, and errors to `stderr`. Resolves to the exit code.
 */
export async function runReplay(argv: readonly string[], stdout: Sink, stderr: Sink): Promise<number> {
  let options: Options | 'help'
  try {
    options = parseOptions(argv)
  } catch (error) {
    const message = error instanceof UsageError || error instanceof TypeError ? error.message : String(error)
    await stderr.write(`error: ${message}\n\n${usage}\n`)
    return 1
  }
  if (options === 'help') {
    await stdout.write(`${usage}\n`)
    return 0
  }
  try {
    const log = 'sample' in options.source ? makeSampleLog() : await readLog(options.source.path)
    const plugins: LoadedPlugins = options.plugins.length ? await loadPluginOption(options.plugins) : { plugins: [], notes: [] }
    const out = new LineWriter(stdout)
    if (options.summary) await printSummary(log, plugins, options.filter, out, options.json)
    else await (options.json ? printJson : printTimeline)(log, plugins, options.filter, out)
    await out.flush()
    return 0
  } catch (error) {
    await stderr.write(`${describeError(error)}\n`)
    return 1
  }
}

/** What a CLI printed (stdout when it succeeded, stderr when it failed) and the code it exits with. */
export type CliResult = { code: number; output: string }

/** `runReplay` with its output collected in a string: for tests and short logs. */
export async function main(argv: readonly string[]): Promise<CliResult> {
  let out = ''
  let err = ''
  const code = await runReplay(argv, { write: (text) => void (out += text) }, { write: (text) => void (err += text) })
  return { code, output: (code === 0 ? out : err).replace(/\n$/, '') }
}

function parseOptions(argv: readonly string[]): Options | 'help' {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      plugins: { type: 'string', multiple: true },
      type: { type: 'string', multiple: true },
      ns: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      summary: { type: 'boolean' },
      json: { type: 'boolean' },
      sample: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) return 'help'
  if (values.sample ? positionals.length !== 0 : positionals.length !== 1) {
    throw new UsageError(values.sample ? '--sample takes no log file' : positionals.length ? 'give one log file' : 'give a log file, or --sample')
  }
  const types = (values.type ?? []).flatMap((value) => value.split(',')).map((type) => type.trim()).filter(Boolean)
  if (values.type && types.length === 0) throw new UsageError('--type needs an event type, e.g. --type account/connected or --type wallet/')
  if (values.ns !== undefined && !(chainNamespaces as readonly string[]).includes(values.ns)) {
    throw new UsageError(`--ns ${values.ns}: not a chain namespace (one of ${chainNamespaces.join(', ')})`)
  }
  const from = seqOption('--from', values.from)
  const to = seqOption('--to', values.to)
  if (from !== undefined && to !== undefined && from > to) throw new UsageError(`--from ${from} is after --to ${to}`)
  return {
    source: values.sample ? { sample: true } : { path: positionals[0] as string },
    plugins: values.plugins ?? [],
    filter: { types, ...(values.ns === undefined ? {} : { ns: values.ns }), ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) },
    summary: values.summary ?? false,
    json: values.json ?? false,
  }
}

function seqOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) throw new UsageError(`${name} ${value}: give a meta.seq, a whole number`)
  return Number(value)
}

/** Whether the filter prints `event`: every condition given must hold; types match exactly, or by prefix when they end in `/`. */
export function selects(filter: EventFilter, event: Logged): boolean {
  const { seq } = event.meta
  if (filter.from !== undefined && seq < filter.from) return false
  if (filter.to !== undefined && seq > filter.to) return false
  if (filter.ns !== undefined && event.ns !== filter.ns) return false
  if (filter.types.length === 0) return true
  return filter.types.some((type) => (type.endsWith('/') ? event.type.startsWith(type) : event.type === type))
}

function isFiltered(filter: EventFilter): boolean {
  return filter.types.length > 0 || filter.ns !== undefined || filter.from !== undefined || filter.to !== undefined
}

/** `--type wallet/ --from 10`: the filter as it was given. */
function describeFilter(filter: EventFilter): string {
  return [
    filter.types.length ? `--type ${filter.types.join(',')}` : '',
    filter.ns === undefined ? '' : `--ns ${filter.ns}`,
    filter.from === undefined ? '' : `--from ${filter.from}`,
    filter.to === undefined ? '' : `--to ${filter.to}`,
  ]
    .filter(Boolean)
    .join(' ')
}

/** Reads and validates a log file; a file that is not a Latch log throws `INVALID_LOG`. */
export async function readLog(path: string): Promise<ExportedLog> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (cause) {
    throw new Error(`cannot read ${path}: ${(cause as Error).message}`)
  }
  return text as unknown as ExportedLog // replaySteps parses it (parseLog) once
}

function describeError(error: unknown): string {
  if (error instanceof LatchError) return [`error: ${error.shortMessage} (${error.code})`, error.details ? `  ${error.details}` : ''].filter(Boolean).join('\n')
  return `error: ${error instanceof Error ? error.message : String(error)}`
}

/**
 * Collects lines and hands them to the sink about 64 kB at a time, waiting whenever the sink asks to
 * (stdout's backpressure), so the output of a long log is never held whole.
 */
class LineWriter {
  private chunk: string[] = []
  private size = 0
  constructor(private readonly sink: Sink) {}

  async line(text: string): Promise<void> {
    this.chunk.push(text)
    this.size += text.length + 1
    if (this.size >= 65_536) await this.flush()
  }

  async lines(texts: readonly string[]): Promise<void> {
    for (const text of texts) await this.line(text)
  }

  async flush(): Promise<void> {
    if (this.chunk.length === 0) return
    const text = `${this.chunk.join('\n')}\n`
    this.chunk = []
    this.size = 0
    await this.sink.write(text)
  }
}

/** Replay's per-event warnings, one entry per (kind, event type): how many, and the first one. */
class IssueTally {
  readonly groups = new Map<string, { kind: ReplayIssue['kind']; type: string; count: number; first: { seq: number; message: string } }>()

  add(event: Logged, issue: ReplayIssue): void {
    const key = `${issue.kind} ${event.type}`
    const group = this.groups.get(key)
    if (group) group.count += 1
    else this.groups.set(key, { kind: issue.kind, type: event.type, count: 1, first: { seq: event.meta.seq, message: issue.message } })
  }

  /** Unknown types first (by count), then the others in log order. */
  sorted() {
    const groups = [...this.groups.values()]
    const unknown = groups.filter((g) => g.kind === 'unknown-type').sort((a, b) => b.count - a.count || a.first.seq - b.first.seq)
    return [...unknown, ...groups.filter((g) => g.kind !== 'unknown-type').sort((a, b) => a.first.seq - b.first.seq)]
  }

  /** The warning lines: one per unknown type with its count, one per other (kind, type) with its first message; then a hint for unknown types. */
  lines(): string[] {
    const lines = this.sorted().map((g) => {
      const count = `${int(g.count)} ${g.count === 1 ? 'event' : 'events'}`
      if (g.kind === 'unknown-type') return `unknown event type "${g.type}": ${count}, first #${g.first.seq}; skipped`
      const more = g.count > 1 ? ` (${count} of "${g.type}" warned so; the first shown)` : ''
      return `event #${g.first.seq}: ${g.first.message}${more}`
    })
    const unknown = this.sorted().filter((g) => g.kind === 'unknown-type')
    if (unknown.length) {
      // Types are `<plugin>/<name>`: those of the package's plugins are named, so the hint gives the exact option.
      const ours = [...new Set(unknown.map((g) => g.type.split('/')[0] as string))].filter((prefix) => prefix in packagePlugins)
      const byName = ours.length ? `--plugins ${ours.join(',')} (the package's plugins, by name; or --plugins all)` : `--plugins <names> (the package's plugins: ${Object.keys(packagePlugins).join(', ')}; or all)`
      lines.push(`hint: pass ${byName}, or --plugins <module> (a .js or .mjs file whose default export is an array of your plugins) to replay events of the plugins that defined these types`)
    }
    return lines
  }
}

const int = (n: number) => n.toLocaleString('en-US')

/** The timeline, written one step at a time: each printed event, what it changed, then the warnings. */
async function printTimeline(input: ExportedLog, { plugins, notes }: LoadedPlugins, filter: EventFilter, out: LineWriter): Promise<void> {
  const run = replaySteps(plugins, input)
  const { events } = run.log
  const filtered = isFiltered(filter)
  const widths = measureWidths(filtered ? events.filter((event) => selects(filter, event)) : events)
  await out.lines(timelineHeader(events))
  if (filtered) await out.line(`(printing the events that match ${describeFilter(filter)}; every event is replayed, so each shows exactly what it changed)`)
  const tally = new IssueTally()
  let before: State = run.initial
  let previousAt = events[0]?.meta.at ?? 0
  let printed = 0
  for (const step of run.steps()) {
    if (step.issue) tally.add(step.event, step.issue)
    if (selects(filter, step.event)) {
      await out.lines(stepLines(step, before, previousAt, widths))
      printed += 1
    }
    before = step.state
    previousAt = step.event.meta.at
  }
  const warnings = [...notes, ...run.warnings, ...tally.lines()]
  if (warnings.length) await out.lines(['', `warnings (${warnings.length}):`, ...warnings.map((warning) => `  ${warning}`)])
  if (events.length) await out.lines(['', `${replayedLine(events)}${filtered ? `; printed ${int(printed)} (${describeFilter(filter)})` : ''}`])
}

/** `{ "steps": [ … ], "final": …, "warnings": [ … ] }`, written a step at a time. */
async function printJson(input: ExportedLog, { plugins, notes }: LoadedPlugins, filter: EventFilter, out: LineWriter): Promise<void> {
  const run = replaySteps(plugins, input)
  const tally = new IssueTally()
  await out.line('{"steps":[')
  let before: State = run.initial
  let first = true
  const folding = run.steps()
  let next = folding.next()
  for (; !next.done; next = folding.next()) {
    const step = next.value
    if (step.issue) tally.add(step.event, step.issue)
    if (selects(filter, step.event)) {
      const changes = step.issue && step.issue.kind !== 'faulted' ? [] : diffState(before, step.state)
      await out.line(`${first ? '' : ','}${JSON.stringify({ event: step.event, changes, ...(step.issue ? { issue: step.issue } : {}) })}`)
      first = false
    }
    before = step.state
  }
  await out.line(`],"final":${JSON.stringify(next.value)},"warnings":${JSON.stringify([...notes, ...run.warnings, ...tally.lines()])}}`)
}

/** Failed events listed by the text summary; more are counted (`--json` lists them all, `--type` prints them). */
const listedFailures = 50

/**
 * Counts by event type. First the failures (`…Failed` events, events carrying an error, kernel/eventRejected),
 * each type flagged `failed`, and each failed event listed with its #seq and its error whole; then replay's
 * warnings, then the rest by count.
 */
async function printSummary(input: ExportedLog, { plugins, notes }: LoadedPlugins, filter: EventFilter, out: LineWriter, json: boolean): Promise<void> {
  const run = replaySteps(plugins, input)
  const { events } = run.log
  const tally = new IssueTally()
  const counts = new Map<string, number>()
  const failedTypes = new Set<string>()
  const failures: Failure[] = []
  let failed = 0
  let selected = 0
  // Every event is folded; the selected ones are counted: a skipped or failed one in its warning's row, the
  // others under their type, so the rows add up to the events counted.
  for (const step of run.steps()) {
    if (!selects(filter, step.event)) continue
    selected += 1
    const failure = failureOf(step.event)
    if (failure) {
      failed += 1
      failedTypes.add(step.event.type)
      // JSON lists them all; the text, the first few.
      if (json || failures.length < listedFailures) failures.push(failure)
    }
    if (step.issue) tally.add(step.event, step.issue)
    else counts.set(step.event.type, (counts.get(step.event.type) ?? 0) + 1)
  }
  const byCount = ([a, x]: [string, number], [b, y]: [string, number]) => y - x || (a < b ? -1 : 1)
  const rows: { count: number; type: string; note?: string }[] = [
    ...[...counts].filter(([type]) => failedTypes.has(type)).sort(byCount).map(([type, count]) => ({ count, type, note: 'failed' })),
    ...tally.sorted().map((g) => ({ count: g.count, type: g.type, note: `replay: ${issueLabel(g.kind)}, first #${g.first.seq}` })),
    ...[...counts].filter(([type]) => !failedTypes.has(type)).sort(byCount).map(([type, count]) => ({ count, type })),
  ]
  const warnings = [...notes, ...run.warnings, ...tally.lines()]
  const first = events[0]?.meta.seq ?? null
  const last = events[events.length - 1]?.meta.seq ?? null
  if (json) {
    await out.line(JSON.stringify({ events: events.length, first, last, ...(isFiltered(filter) ? { selected, filter: describeFilter(filter) } : {}), failed, failures, counts: rows, warnings }, null, 2))
    return
  }
  const span = events.length ? ` #${first} to #${last}, ${formatDuration((events[events.length - 1]?.meta.at ?? 0) - (events[0]?.meta.at ?? 0))}` : ''
  await out.line(`${int(events.length)} events${span}${isFiltered(filter) ? `; ${int(selected)} match ${describeFilter(filter)}` : ''}`)
  if (run.log.snapshot) await out.line('(the log starts from a snapshot: older events were dropped from the bounded log)')
  if (failed) {
    await out.lines(['', `FAILED: ${int(failed)} ${failed === 1 ? 'event' : 'events'} (…Failed, carrying an error, or rejected):`])
    for (const failure of failures) await out.lines([`  ${failureHeading(failure)}`, ...errorLines(failure, '      ')])
    if (failed > failures.length) await out.line(`  … and ${int(failed - failures.length)} more (--json lists them all; --type <type> prints them in the timeline)`)
  }
  let width = 5
  for (const row of rows) width = Math.max(width, int(row.count).length)
  await out.lines(['', `${'count'.padStart(width)}  type`])
  for (const row of rows) await out.line(`${int(row.count).padStart(width)}  ${row.type}${row.note ? `  (${row.note})` : ''}`)
  if (warnings.length) await out.lines(['', `warnings (${warnings.length}):`, ...warnings.map((warning) => `  ${warning}`)])
}

/** `12.3 s`, `4 min 5 s`, `850 ms`. */
function formatDuration(ms: number): string {
  if (ms < 1_000) return `${ms} ms of session`
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s of session`
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1_000)} s of session`
}

function issueLabel(kind: ReplayIssue['kind']): string {
  return kind === 'unknown-type' ? 'unknown type, skipped' : kind === 'invalid' ? 'invalid now, skipped' : 'reducer failed'
}
