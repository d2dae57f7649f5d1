/**
 * The replay CLI as a dapp team runs it: the package built into a temporary folder (the built
 * dist/bin/latch-replay.js, importing the built dist/index.js as `latch`), run as a child `node` on a
 * long log, its wall time and peak resident memory measured.
 */
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildPackage } from '../scripts/build'
import { createBenchLatch, dispatchBenchEvents } from './events'
import { summarize, type Summary } from './stats'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The JSON text of an exported log holding all of `events` bench events (bench/events.ts), as `replay` reads it. */
export function benchLogJson(events: number): { json: string; logged: number } {
  const bench = createBenchLatch(200e6)
  dispatchBenchEvents(bench, events)
  const log = bench.latch.exportLog()
  bench.latch.destroy()
  if (log.snapshot || log.events.length < events) throw new Error(`the log dropped events (${log.events.length} kept)`)
  return { json: JSON.stringify(log), logged: log.events.length }
}

/** One run of the CLI: wall time from spawn to exit, the child's peak resident memory, what it wrote. */
export type CliRun = { ms: number; maxRss: number; outputBytes: number }

/** What the bench reports for one way of running the CLI. */
export type ReplayCliFigures = { args: string; time: Summary; maxRss: Summary; outputBytes: number }

// Preloaded into the child: writes its peak resident set size (process.resourceUsage().maxRSS, in kB) to
// stderr as it exits, after everything the CLI wrote.
const reportMaxRss = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\nmaxRSS '+process.resourceUsage().maxRSS+'\\n'))`

/** Runs `node <bin> <args>` once, its stdout counted and dropped. */
export function runCli(bin: string, args: readonly string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now()
    const child = spawn(process.execPath, ['--import', reportMaxRss, bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let outputBytes = 0
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (outputBytes += chunk.length))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => {
      const ms = performance.now() - start
      const rss = /maxRSS (\d+)/.exec(stderr)
      if (code !== 0 || !rss) return reject(new Error(`${bin} ${args.join(' ')} exited with ${code}: ${stderr.slice(0, 2_000)}`))
      resolve({ ms, maxRss: Number(rss[1]) * 1024, outputBytes })
    })
  })
}

/**
 * Builds the package into a temporary folder (with a copy of package.json, so `latch` resolves to that
 * build, and a link to node_modules for its dependencies), writes a log of `events` bench events, and runs
 * the built latch-replay on it `runs` times for each argument list (after one warm-up run).
 */
export async function benchReplayCli(
  events: number,
  runs: number,
  variants: readonly (readonly string[])[] = [[], ['--summary']],
): Promise<{ figures: ReplayCliFigures[]; jsonBytes: number; logged: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'latch-bench-cli-'))
  try {
    cpSync(join(root, 'package.json'), join(dir, 'package.json'))
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir')
    await buildPackage({ outdir: join(dir, 'dist'), types: false })
    const bin = join(dir, 'dist/bin/latch-replay.js')
    const { json, logged } = benchLogJson(events)
    const logPath = join(dir, 'log.json')
    writeFileSync(logPath, json)
    const figures: ReplayCliFigures[] = []
    for (const extra of variants) {
      const args = [logPath, ...extra]
      await runCli(bin, args)
      const samples: CliRun[] = []
      for (let i = 0; i < runs; i++) samples.push(await runCli(bin, args))
      figures.push({
        args: ['latch-replay', 'log.json', ...extra].join(' '),
        time: summarize(samples.map((s) => s.ms)),
        maxRss: summarize(samples.map((s) => s.maxRss)),
        outputBytes: samples[0]?.outputBytes ?? 0,
      })
    }
    return { figures, jsonBytes: json.length, logged }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
