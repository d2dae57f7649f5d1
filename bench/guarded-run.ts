/**
 * One run of a bench on a fresh page from `newGuardedPage` (scripts/e2e/harness.ts: a fresh context, every request that
 * leaves 127.0.0.1 aborted and recorded), with the bench's probe as its init script. Shared by the benches whose run is
 * a series of steps on one page (bench/activity-run.ts, bench/embedded-run.ts, bench/siwx-run.ts).
 */
import type { Browser, Page } from 'playwright-core'
import { newGuardedPage } from '../scripts/e2e/harness'

/** What the runs of a bench collect from their pages: the requests that left 127.0.0.1, the console errors. */
export type PageSink = { outsideRequests: string[]; consoleErrors: string[] }

/**
 * Runs `steps` on a fresh guarded page; they fill `sample` as they go and name the step they are at with `at` (the
 * first is 'load'). A step that throws (a locator's timeout) ends the run: the step and the error's first line are
 * logged, and the sample keeps what it had, so the run counts as not reaching what it had not reached. Whatever
 * happens, the page's outside requests and console errors go to `sink` and the page closes.
 */
export async function runOnGuardedPage<S extends object>(
  browser: Browser,
  probeScript: string,
  sink: PageSink,
  log: (line: string) => void,
  steps: (page: Page, sample: S, at: (step: string) => void) => Promise<void>,
): Promise<S> {
  const guarded = await newGuardedPage(browser, { initScripts: [probeScript] })
  const sample = {} as S
  let step = 'load'
  try {
    await steps(guarded.page, sample, (next) => void (step = next))
  } catch (error) {
    log(`    ${step}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
  } finally {
    sink.outsideRequests.push(...guarded.outsideRequests)
    sink.consoleErrors.push(...guarded.consoleErrors)
    await guarded.close()
  }
  return sample
}
