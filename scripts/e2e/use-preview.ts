import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { startPreview } from '../ui-preview'
import { launchBrowser, newGuardedPage, type GuardedPage } from './harness'

/**
 * The preview page (scripts/ui-preview.ts) and chromium for a describe block (vitest hooks). `page(path, options)` opens the
 * running test's page at `path`; after each test no request may have left 127.0.0.1 and no console error may have shown.
 */
export function usePreviewBrowser() {
  let preview: Awaited<ReturnType<typeof startPreview>>
  let browser: Awaited<ReturnType<typeof launchBrowser>>
  let guarded: GuardedPage | undefined
  beforeAll(async () => {
    preview = await startPreview()
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await preview?.stop()
  })
  afterEach(async () => {
    if (!guarded) return
    expect(guarded.outsideRequests).toEqual([])
    expect(guarded.consoleErrors).toEqual([])
    await guarded.close()
    guarded = undefined
  })
  return {
    /** A fresh guarded page (`options` as newGuardedPage's), at `path` of the preview page once given. */
    async page(path?: string, options?: Parameters<typeof newGuardedPage>[1]): Promise<Page> {
      guarded = await newGuardedPage(browser, options)
      if (path !== undefined) await guarded.page.goto(new URL(path, preview.url).href)
      return guarded.page
    },
    get url(): string {
      return preview.url
    },
  }
}
