import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import type { DemoServer } from '../devnet/demo/serve-demo'
import { launchBrowser, newGuardedPage, type GuardedPage } from './harness'

/** What a test file shares: the demo stack, chromium, and the page of the running test. */
export type DemoBrowser = { demo: DemoServer; browser: Browser; guarded?: GuardedPage }

/**
 * One demo stack and one chromium for a test file (vitest hooks). After each test that set
 * `guarded`, no request may have left 127.0.0.1, and the page is closed.
 */
export function useDemoBrowser(start: () => Promise<DemoServer>): DemoBrowser {
  const stack = {} as DemoBrowser
  beforeAll(async () => {
    stack.demo = await start()
    stack.browser = await launchBrowser()
  })
  afterAll(async () => {
    await stack.browser?.close()
    await stack.demo?.stop()
  })
  afterEach(async () => {
    if (!stack.guarded) return
    // No request may leave 127.0.0.1, whatever the test did.
    expect(stack.guarded.outsideRequests).toEqual([])
    await stack.guarded.close()
    stack.guarded = undefined
  })
  return stack
}

/** Opens the demo (at `path`) in a fresh guarded page of the stack's chromium: the running test's page. */
export async function openDemo(stack: DemoBrowser, path = '/'): Promise<Page> {
  stack.guarded = await newGuardedPage(stack.browser)
  await stack.guarded.page.goto(new URL(path, stack.demo.url).href)
  return stack.guarded.page
}
