import { VirtualTimeScheduler } from 'rxjs'
import { createMemoryStorage, type Ports } from './ports'

/**
 * Ports for tests: virtual time, memory storage, numbered ids, no fetch, no window,
 * and a logger that records instead of printing. `advance(ms)` moves the clock and
 * runs every timer due by then.
 */
export function createTestPorts(options: { storage?: Record<string, string>; start?: number } = {}) {
  const scheduler = new VirtualTimeScheduler()
  const storage = createMemoryStorage(options.storage)
  const warnings: string[] = []
  let next = 0
  if (options.start) advanceTo(options.start)

  function advanceTo(time: number) {
    scheduler.maxFrames = time
    scheduler.flush()
    scheduler.frame = Math.max(scheduler.frame, time)
  }

  const ports: Ports = {
    scheduler,
    storage,
    fetch: undefined,
    random: { id: () => `id-${++next}` },
    window: undefined,
    logger: { warn: (m) => void warnings.push(m), error: (m) => void warnings.push(m) },
  }
  return {
    ports,
    storage,
    warnings,
    scheduler,
    /** Moves virtual time forward by `ms`, running the timers that fall due. */
    advance: (ms: number) => advanceTo(scheduler.frame + ms),
    now: () => scheduler.now(),
  }
}
