import { defaultLogBytes } from '../kernel/index'
import { benchEvent, createBenchLatch } from './events'
import { isMain } from '../scripts/cli'

/** Heap figures of a latch whose log is at its default bound. Bytes throughout. */
export type LogMemory = {
  events: number
  /** Heap used by a fresh latch (after gc). */
  baseline: number
  /** Heap used after the last event (after gc). */
  after: number
  /** Highest heap used over the run, sampled after a gc every `sampleEvery` events. */
  peak: number
  /** Events the log kept, and their JSON size (what the 1 MB bound counts). */
  kept: number
  keptJsonBytes: number
  logBound: number
}

/**
 * Fills a default-bound log (1 MB) with `count` events and reports heap used against
 * a fresh latch. Needs `global.gc` (node --expose-gc): without it the figures are noise.
 */
export function measureLogMemory(count: number, sampleEvery = 10_000): LogMemory {
  const gc = globalThis.gc
  if (!gc) throw new Error('measureLogMemory needs node --expose-gc')
  const heap = () => {
    gc()
    gc()
    return process.memoryUsage().heapUsed
  }
  const bench = createBenchLatch()
  const baseline = heap()
  let peak = baseline
  for (let i = 0; i < count; i++) {
    bench.latch.dispatch(benchEvent(i))
    if (i % 100 === 99) bench.advance(10)
    if (i % sampleEvery === sampleEvery - 1) peak = Math.max(peak, heap())
  }
  const after = heap()
  const log = bench.latch.exportLog()
  const keptJsonBytes = log.events.reduce((sum, event) => sum + JSON.stringify(event).length, 0)
  bench.latch.destroy()
  return { events: count, baseline, after, peak: Math.max(peak, after), kept: log.events.length, keptJsonBytes, logBound: defaultLogBytes }
}

// Run by bench/run.ts as a child process: `node --expose-gc --import tsx bench/memory.ts 200000`.
if (isMain(import.meta.url)) process.stdout.write(`${JSON.stringify(measureLogMemory(Number(process.argv[2] ?? 200_000)))}\n`)
