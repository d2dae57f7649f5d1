import { asyncScheduler } from 'rxjs/internal/scheduler/async'
import type { SchedulerLike } from 'rxjs'

/**
 * Every source of non-determinism the kernel and plugins may touch. Tests pass
 * virtual time (rxjs `VirtualTimeScheduler` / `TestScheduler`), an in-memory
 * storage and a fetch that serves local fixtures; nothing else reaches the world.
 */
export type Ports = {
  /** Clock and timers: `now()` stamps `meta.at`; effects schedule timers on it. */
  scheduler: SchedulerLike
  /** Key-value storage (localStorage-shaped); absent under SSR or when blocked. */
  storage: StoragePort | undefined
  /** HTTP; only called by plugins the integrator registered and configured. */
  fetch: typeof globalThis.fetch | undefined
  random: { id(): string }
  /** The page's window, for wallet discovery and frame messaging; absent under SSR. */
  window: Window | undefined
  logger: LoggerPort
  /**
   * The visitor's IANA time zone (`Intl`), read once as the instance starts; absent under SSR. Only whether it is one of
   * the restricted zones is kept (docs/operations.md, "Restricted time zones"); tests pass their own.
   */
  timeZone?: () => string | undefined
}

export type StoragePort = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export type LoggerPort = { warn(message: string, details?: unknown): void; error(message: string, details?: unknown): void }

/**
 * What the default logger prints on the console: `'error'` (the default) errors only, `'warn'`
 * warnings too, `'silent'` nothing. A logger passed as a port gets everything and filters itself.
 */
export type LogLevel = 'error' | 'warn' | 'silent'

export const defaultLogLevel: LogLevel = 'error'

/** The default logger: `[latch] …` on the console, at `level` and above. */
export function consoleLogger(level: LogLevel = defaultLogLevel): LoggerPort {
  const print = (method: 'warn' | 'error', message: string, details: unknown) =>
    details === undefined ? console[method](`[latch] ${message}`) : console[method](`[latch] ${message}`, details)
  return {
    warn: (message, details) => (level === 'warn' ? print('warn', message, details) : undefined),
    error: (message, details) => (level === 'silent' ? undefined : print('error', message, details)),
  }
}

/** Memory storage: the default under SSR, and what tests use. */
export function createMemoryStorage(initial: Record<string, string> = {}): StoragePort & { dump(): Record<string, string> } {
  const items = new Map(Object.entries(initial))
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    dump: () => Object.fromEntries(items),
  }
}

/**
 * Reads the environment when called (never at import), so SSR imports are safe. `logLevel`
 * sets what the default logger prints; it does not apply to a logger in `overrides`.
 */
export function defaultPorts(overrides: Partial<Ports> = {}, options: { logLevel?: LogLevel } = {}): Ports {
  const win = typeof window === 'undefined' ? undefined : window
  return {
    scheduler: asyncScheduler,
    storage: browserStorage(win),
    fetch: typeof globalThis.fetch === 'function' ? globalThis.fetch.bind(globalThis) : undefined,
    random: { id: randomId },
    window: win,
    logger: consoleLogger(options.logLevel),
    timeZone: () => (win ? browserTimeZone() : undefined),
    ...overrides,
  }
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

function browserStorage(win: Window | undefined): StoragePort | undefined {
  try {
    // Reading localStorage throws in sandboxed frames and with storage disabled.
    return win?.localStorage
  } catch {
    return undefined
  }
}

function randomId(): string {
  const c = globalThis.crypto
  if (c && typeof c.randomUUID === 'function') return c.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}
