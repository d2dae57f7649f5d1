import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { replay } from '../kernel/index'
import { buildPackage, kb } from '../scripts/build'
import { activityFailures, benchActivity, defaultActivityOptions, type ActivityFigures, type ActivityOptions } from './activity-run'
import { benchApp, dapps, type DappCost } from './app'
import { embeddedMain } from './embedded'
import { benchEmbedded, defaultEmbeddedOptions, embeddedFailures, type EmbeddedFigures, type EmbeddedOptions } from './embedded-run'
import { createBenchLatch, dispatchBenchEvents } from './events'
import type { LogMemory } from './memory'
import { benchOpen, defaultOpenOptions, type OpenFigures, type OpenOptions } from './open'
import { benchPeers, type PeerFigures } from './peers-run'
import { ensurePeers } from './peers-install'
import * as peersReport from './peers-report'
import { benchReplayCli } from './replay-cli'
import { activityHeader, activityMarkdown, activityRows, appHeader, appHow, appRows, embeddedHeader, embeddedMarkdown, embeddedRows, machineLines, mdTable, moduleRows, openHeader, openHow, openRows, partsHeader, partsRows, siwxHeader, siwxMarkdown, siwxRows, textTable, wcHeader, wcHow, wcRows } from './report'
import { benchSiwx, defaultSiwxOptions, siwxFailures, type SiwxFigures, type SiwxOptions } from './siwx-run'
import { summarize, type Summary } from './stats'
import { benchWalletConnect, defaultWcOptions, wcFailures, type WcFigures, type WcOptions } from './wc-run'
import { isMain, runCli } from '../scripts/cli'

const root = fileURLToPath(new URL('..', import.meta.url))

import { benchElementsHtml, elementsHeader, elementsMarkdown, elementsRows, type ElementsFigures } from './elements-html'
export { summarize, type Summary } from './stats'

/** Runs `run` once to warm up, then `runs` times, and returns each timed run's result. */
function repeat(runs: number, run: () => number): number[] {
  run()
  globalThis.gc?.()
  return Array.from({ length: runs }, () => {
    const sample = run()
    globalThis.gc?.()
    return sample
  })
}

/** (a) Events per second through dispatch: validate, log (1 MB bound), reduce, notify. */
export function benchDispatch(events: number, runs: number): Summary {
  return summarize(
    repeat(runs, () => {
      const bench = createBenchLatch()
      const start = performance.now()
      dispatchBenchEvents(bench, events)
      const elapsed = performance.now() - start
      if (bench.warnings.length) throw new Error(`bench events were rejected: ${bench.warnings[0]}`)
      bench.latch.destroy()
      return events / (elapsed / 1000)
    }),
  )
}

/** (b) Milliseconds for `replay([], log)` of a log of `events` events, read back from JSON. */
export function benchReplay(events: number, runs: number): { time: Summary; jsonBytes: number; logged: number } {
  const bench = createBenchLatch(200e6)
  dispatchBenchEvents(bench, events)
  const json = JSON.stringify(bench.latch.exportLog())
  bench.latch.destroy()
  const log = JSON.parse(json) as { events: unknown[]; snapshot?: unknown }
  if (log.snapshot || log.events.length < events) throw new Error(`the log dropped events (${log.events.length} kept)`)
  const time = summarize(
    repeat(runs, () => {
      const start = performance.now()
      const result = replay([], log)
      const elapsed = performance.now() - start
      if (result.warnings.length) throw new Error(`replay warned: ${result.warnings[0]}`)
      return elapsed
    }),
  )
  return { time, jsonBytes: json.length, logged: log.events.length }
}

/** (d) The kernel fuzz suite with `runs` sequences (CI runs 1,000): passes or not, and how long it took. */
export async function benchFuzz(runs: number): Promise<{ runs: number; passed: boolean; seconds: number }> {
  const start = performance.now()
  const passed = await promisify(execFile)('npx', ['vitest', 'run', '--project', 'properties', 'property-tests/fuzz.test.ts'], {
    cwd: root,
    env: { ...process.env, LATCH_FUZZ_RUNS: String(runs) },
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    () => true,
    () => false,
  )
  return { runs, passed, seconds: (performance.now() - start) / 1000 }
}

/** (c) Heap of a default-bound log after `events` events, measured in a child `node --expose-gc`. */
export async function benchMemory(events: number): Promise<LogMemory & { method: string }> {
  const script = join(root, 'bench/memory.ts')
  const args = ['--expose-gc', '--import', 'tsx', script, String(events)]
  const { stdout } = await promisify(execFile)(process.execPath, args, { cwd: root, maxBuffer: 1 << 20 })
  return { ...(JSON.parse(stdout) as LogMemory), method: `child process \`node ${args.slice(0, 3).join(' ')}\`, global.gc() twice before each reading` }
}

/** (d) Raw and gzip bytes of the `.` entry's static closure, built like `npm run build` into a temporary folder. */
export async function benchSize(): Promise<{ raw: number; gzip: number; files: number }> {
  const outdir = mkdtempSync(join(tmpdir(), 'latch-bench-dist-'))
  try {
    const { sizes } = await buildPackage({ outdir, types: false })
    const index = sizes.find((size) => size.entry.subpath === '.')
    if (!index) throw new Error('no "." entry in scripts/entries.ts')
    return { raw: index.raw, gzip: index.gzip, files: index.files.length }
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

const int = (n: number) => Math.round(n).toLocaleString('en-US')
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`

type Figures = {
  dispatch: Summary
  replay: Awaited<ReturnType<typeof benchReplay>>
  replayCli: Awaited<ReturnType<typeof benchReplayCli>>
  fuzz: Awaited<ReturnType<typeof benchFuzz>>
  memory: Awaited<ReturnType<typeof benchMemory>>
  size: Awaited<ReturnType<typeof benchSize>>
  app: DappCost[]
  open: OpenFigures
  openOptions: OpenOptions
  walletConnect: WcFigures
  wcOptions: WcOptions
  siwx: SiwxFigures
  siwxOptions: SiwxOptions
  activity: ActivityFigures
  activityOptions: ActivityOptions
  embedded: EmbeddedFigures
  embeddedOptions: EmbeddedOptions
  peers: PeerFigures
  elements: ElementsFigures
}

const kernelHeader = ['measure', 'median', 'min', 'max', 'notes']

/** Rows of the kernel table: measure, median, min, max, notes. */
function rows(f: Figures, events: number): string[][] {
  const { memory } = f
  return [
    ['dispatch + reduce', `${int(f.dispatch.median)} events/s`, int(f.dispatch.min), int(f.dispatch.max), `${int(events)} mixed core events, ${f.dispatch.runs} runs`],
    ['replay', `${int(f.replay.time.median)} ms`, int(f.replay.time.min), int(f.replay.time.max), `${int(f.replay.logged)}-event log (${int(f.replay.logged / (f.replay.time.median / 1000))} events/s), JSON ${mb(f.replay.jsonBytes)}, ${f.replay.time.runs} runs`],
    ...f.replayCli.figures.map((cli) => [
      `replay CLI: ${cli.args.replace('latch-replay log.json', '').trim() || 'timeline'}`,
      `${int(cli.time.median)} ms`,
      int(cli.time.min),
      int(cli.time.max),
      `\`${cli.args}\` on a ${int(f.replayCli.logged)}-event log (JSON ${mb(f.replayCli.jsonBytes)}), ${mb(cli.outputBytes)} printed; peak RSS ${mb(cli.maxRss.median)} (${mb(cli.maxRss.min)}–${mb(cli.maxRss.max)}); ${cli.time.runs} runs`,
    ]),
    ['kernel fuzz', f.fuzz.passed ? 'passed' : 'FAILED', '—', '—', `${int(f.fuzz.runs)} random sequences of valid, near-valid and junk events (property-tests/fuzz.test.ts), ${f.fuzz.seconds.toFixed(0)} s`],
    ['log memory (1 MB bound)', `+${mb(memory.after - memory.baseline)} heap`, '—', '—', `${int(memory.events)} events, ${int(memory.kept)} kept (${mb(memory.keptJsonBytes)} JSON); highest reading +${mb(memory.peak - memory.baseline)}; one run`],
    ['size of dist/index.js', `${kb(f.size.gzip)} gzip`, '—', '—', `${kb(f.size.raw)} raw, static closure of ${f.size.files} files`],
  ]
}

/** The Markdown of bench/RESULTS.md. */
export function resultsMarkdown(f: Figures, events: number, date: Date): string {
  const m = f.memory
  return [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${date.toISOString()}.`,
    '',
    ...machineLines(f.open.chromium),
    '',
    '## Kernel',
    '',
    mdTable(kernelHeader, rows(f, events)),
    '',
    '## What a dapp pays',
    '',
    mdTable(appHeader, appRows(f.app)),
    '',
    `Who fills the initial load of "${f.app[0]?.name}" (React bundled), minified bytes from the metafile:`,
    '',
    ...(f.app[0] ? [mdTable(['package or folder', 'minified', 'share'], moduleRows(f.app[0]))] : []),
    '',
    'Every view of the modal and every plugin that ships, in the dapp with every plugin: minified bytes up front (in the initial load) and lazily (what Latch\'s own imports may load later), from the metafile; checked against `parts` in bench/size-budget.json by scripts/size-budget.test.ts:',
    '',
    mdTable(partsHeader, partsRows(f.app)),
    '',
    '## Modal open latency',
    '',
    'Click on Connect Wallet → wallet list painted, in headless chromium against the demo dapp.',
    '',
    mdTable(openHeader, openRows(f.open)),
    '',
    '## WalletConnect',
    '',
    'Choosing WalletConnect in the wallet list → QR code painted, and the wallet\'s approval → account shown, in headless chromium against the demo dapp and its local relay.',
    '',
    mdTable(wcHeader, wcRows(f.walletConnect)),
    '',
    ...elementsMarkdown(f.elements),
    ...siwxMarkdown(f.siwx, f.siwxOptions, f.app),
    ...activityMarkdown(f.activity, f.activityOptions),
    ...embeddedMarkdown(f.embedded, f.embeddedOptions),
    '## How',
    '',
    `- **dispatch + reduce**: \`createLatch\` (core plugin only) on \`createTestPorts\` ports, default log bound; ${int(events)} events (balance loading/updated across eip155, solana and bip122, cache/stored, router push/back, modal open/close, network/switched, connect/disconnect cycles; bench/events.ts), virtual time +10 ms every 100 events. Events per second of wall time; median, min and max of ${f.dispatch.runs} runs after one warm-up run.`,
    `- **replay**: the same events dispatched with \`logBytes: 200e6\` so the log keeps all ${int(f.replay.logged)} (with \`latch/configured\`), exported, \`JSON.stringify\` + \`JSON.parse\`, then \`replay([], log)\` timed (it validates the log with \`parseLog\` and checks every event, once for all events with the same JSON, then folds the reducers; given as data, each event is copied first: docs/debugging.md, \"Replay\"). Median, min and max of ${f.replay.time.runs} runs after one warm-up.`,
    `- **replay CLI**: the package built (\`buildPackage()\`) into a temporary folder with a copy of package.json, so the built dist/bin/latch-replay.js imports the built dist/index.js as \`latch\`, as in a dapp's node_modules (bench/replay-cli.ts). The log: the events of "replay" (${int(f.replayCli.logged)}, ${mb(f.replayCli.jsonBytes)} of JSON) in a file. Each run is a child \`node\` whose stdout the bench counts and drops; time is from spawn to exit (node's start included), peak memory is the child's \`process.resourceUsage().maxRSS\`, read at its exit by a preloaded module. Median, min and max of ${f.replayCli.figures[0]?.time.runs ?? 0} runs after one warm-up, per command line.`,
    `- **log memory**: ${m.method}. Heap used by a fresh latch: ${mb(m.baseline)}; after ${int(m.events)} events: ${mb(m.after)} (+${mb(m.after - m.baseline)}); highest reading (every 10,000 events): ${mb(m.peak)} (+${mb(m.peak - m.baseline)}). The log kept ${int(m.kept)} events, ${mb(m.keptJsonBytes)} of JSON against its ${mb(m.logBound)} bound: the bound counts JSON, while the heap also holds each entry's state after it and dropped entries not yet compacted.`,
    `- **size**: \`buildPackage()\` (esbuild, ESM, minified, dependencies external) into a temporary folder; raw and gzip (level 9, per file) bytes of \`index.js\` and every chunk it imports statically, from the metafile.`,
    ...appHow(f.app),
    ...openHow(f.open, f.openOptions),
    ...wcHow(f.walletConnect, f.wcOptions, f.app),
    '',
    'Timing figures vary with the machine and its load; compare runs on the same machine. No test asserts a time.',
    '',
    ...peersReport.peersMarkdown(f.peers, date),
    ...peersReport.rerunMarkdown(),
  ].join('\n')
}

async function main(): Promise<{ code: number; output: string }> {
  // `npm run bench -- --embedded [runs] [--json]`: the embedded wallet's part alone (as `npx tsx bench/embedded.ts`).
  const args = process.argv.slice(2)
  if (args.includes('--embedded')) return embeddedMain(args.filter((arg) => arg !== '--embedded'))
  const events = 100_000
  const runs = 20
  const log = (line: string) => process.stderr.write(`${line}\n`)
  ensurePeers(log) // first: `npm ci --prefix bench/peers` if they are missing, before minutes of other work
  log(`dispatch: ${int(events)} events × ${runs} runs…`)
  const dispatch = benchDispatch(events, runs)
  log(`replay: ${int(events)}-event log × ${runs} runs…`)
  const replayed = benchReplay(events, runs)
  log(`replay CLI: the built latch-replay on a ${int(events)}-event log, 5 runs each…`)
  const replayCli = await benchReplayCli(events, 5)
  log('kernel fuzz: 10,000 sequences…')
  const fuzz = await benchFuzz(10_000)
  log('log memory: 200,000 events in a child process…')
  const memory = await benchMemory(200_000)
  log('size: building…')
  const size = await benchSize()
  log(`what a dapp pays: building ${dapps.length} dapps, each with and without React external…`)
  const app = await benchApp()
  const openOptions = defaultOpenOptions
  const open = await benchOpen(openOptions, log)
  const wcOptions = defaultWcOptions
  const walletConnect = await benchWalletConnect(wcOptions, log)
  const siwxOptions = defaultSiwxOptions
  const siwx = await benchSiwx(siwxOptions, log)
  const activityOptions = defaultActivityOptions
  const activity = await benchActivity(activityOptions, log)
  const embeddedOptions = defaultEmbeddedOptions
  const embedded = await benchEmbedded(embeddedOptions, log)
  const elements = await benchElementsHtml(10, log)
  log('Latch against its peers: bench/apps built with the same configuration, then opened in chromium…')
  const peers = await benchPeers(log)
  const figures: Figures = { dispatch, replay: replayed, replayCli, fuzz, memory, size, app, open, openOptions, walletConnect, wcOptions, siwx, siwxOptions, activity, activityOptions, embedded, embeddedOptions, peers, elements }
  mkdirSync(join(root, 'bench'), { recursive: true })
  writeFileSync(join(root, 'bench/RESULTS.md'), resultsMarkdown(figures, events, new Date()))
  const failures = [
    ...(fuzz.passed ? [] : [`error: the kernel fuzz suite failed with ${fuzz.runs} sequences (run LATCH_FUZZ_RUNS=${fuzz.runs} npx vitest run property-tests/fuzz.test.ts)`]),
    ...open.runs.flatMap((r) => [
    ...(r.listed < r.tried ? [`error: with the provider API ${r.mode}, ${r.tried - r.listed} of ${r.tried} opens did not list the dev wallet`] : []),
    ...r.outsideRequests.map((url) => `error: a request left 127.0.0.1: ${url}`),
    ]),
    ...wcFailures(walletConnect),
    ...siwxFailures(siwx),
    ...activityFailures(activity),
    ...embeddedFailures(embedded),
    ...(elements.opened < elements.tried ? [`error: on the plain HTML page, ${elements.tried - elements.opened} of ${elements.tried} first opens did not list the dev wallet`] : []),
    ...elements.outsideRequests.map((url) => `error: a request of the plain HTML page left 127.0.0.1: ${url}`),
  ]
  for (const r of peers.open.runs.filter((run) => run.library === 'Latch')) {
    const opened = r.first.opened + r.warm.opened
    const tried = r.first.tried + r.warm.tried
    if (opened < tried) failures.push(`error: in the peer comparison (outside requests ${r.mode}), ${tried - opened} of ${tried} opens of the Latch ${r.chains} dapp did not list a wallet`)
    if (r.outsideRequests) failures.push(`error: in the peer comparison, the Latch ${r.chains} dapp made ${r.outsideRequests} outside requests`)
  }
  const output = [
    textTable(kernelHeader, rows(figures, events)),
    '',
    textTable(appHeader, appRows(app)),
    '',
    ...(app[0] ? [textTable(['initial load by package or folder', 'minified', 'share'], moduleRows(app[0], 8))] : []),
    '',
    textTable(partsHeader, partsRows(app)),
    '',
    textTable(openHeader, openRows(open)),
    '',
    textTable(wcHeader, wcRows(walletConnect)),
    '',
    textTable(elementsHeader, elementsRows(elements)),
    '',
    textTable(siwxHeader, siwxRows(siwx)),
    '',
    textTable(activityHeader, activityRows(activity)),
    '',
    textTable(embeddedHeader, embeddedRows(embedded)),
    '',
    'Latch against its peers (React excluded; ratios: Latch ÷ peer)',
    textTable(peersReport.peerSizeHeader, peersReport.peerSizeRows(peers.costs)),
    '',
    textTable(peersReport.peerSizeRatioHeader, peersReport.peerSizeRatioRows(peers.costs)),
    `goal: Latch's initial load (gzip, React excluded) at most ${peersReport.peerSizeGoal.toFixed(2)} of AppKit's`,
    ...peersReport.peerSizeGoalLines(peers.costs),
    '',
    textTable(peersReport.peerOpenHeader, peersReport.peerOpenRows(peers.open, peers.options)),
    '',
    textTable(peersReport.peerOpenRatioHeader, peersReport.peerOpenRatioRows(peers.open)),
    '',
    ...failures,
    'written to bench/RESULTS.md',
  ]
  return { code: failures.length ? 1 : 0, output: output.join('\n') }
}

if (isMain(import.meta.url)) runCli(main)
