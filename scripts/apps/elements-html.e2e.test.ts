/**
 * examples/html on the packed tarball (docs/html.md): a plain HTML page with no framework and no bundler, whose one
 * `<script type="module" src>` imports `latch/elements/standalone` from node_modules, served under a strict
 * Content-Security-Policy (no inline script, no eval). The dev wallet connects through `<latch-connect-button>` and the
 * modal, the page signs and disconnects through `mountLatch` (scripts/apps/elements.ts).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { anvilAccounts, startAnvil, type Anvil } from '../devnet/anvil'
import { chromiumPath, hasChromium, launchBrowser } from '../e2e/harness'
import { packedLatch, root } from './apps'
import { connectWithElements, serveStatic, strictPolicy, unpackLatch } from './elements'
import { chainId, walletScripts } from './servers'

const skip = !hasChromium()
if (skip) console.warn(`[elements e2e] SKIPPED: ${chromiumPath} is missing.`)

describe.skipIf(skip)('examples/html: a plain HTML page loads latch/elements/standalone with a script tag', () => {
  let dir = ''
  let anvil: Anvil | undefined
  let server: Awaited<ReturnType<typeof serveStatic>> | undefined
  let browser: Browser | undefined

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'latch-html-'))
    const [tarball, started] = await Promise.all([packedLatch(), startAnvil({ chainId })])
    anvil = started
    cpSync(join(root, 'examples/html'), dir, { recursive: true })
    await unpackLatch(tarball, dir)
    server = await serveStatic(dir, strictPolicy(anvil.url))
    browser = await launchBrowser()
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await anvil?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  it('connects the dev wallet through <latch-connect-button>, signs through mountLatch, disconnects, under a strict CSP', async () => {
    const { url } = anvil as Anvil
    const account = anvilAccounts[0] as string
    await connectWithElements(browser as Browser, {
      url: `${(server as { url: string }).url}/?rpc=${encodeURIComponent(url)}`,
      initScripts: await walletScripts(url, account),
      account,
      message: 'Hello from a plain HTML page',
    })
  })
})
