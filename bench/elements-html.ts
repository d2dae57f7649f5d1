/**
 * The plain-HTML page of docs/html.md (examples/html, `latch/elements/standalone` from a script tag): bytes up front and
 * lazily, and the modal's first open in headless chromium with the dev wallet announced. `npx tsx bench/elements-html.ts
 * [loads]` prints the table; `npm run bench` writes it to bench/RESULTS.md ("Custom elements on a plain HTML page").
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Metafile } from 'esbuild'
import { buildPackage, closure, kb, staticClosure } from '../scripts/build'
import { isMain, runCli } from '../scripts/cli'
import { anvilAccounts, startAnvil } from '../scripts/devnet/anvil'
import { serveStatic, strictPolicy } from '../scripts/apps/elements'
import { chainId, walletScripts } from '../scripts/apps/servers'
import { ensureChromium, launchBrowser, newGuardedPage } from '../scripts/e2e/harness'
import { mdTable, textTable } from './report'
import { summarize, type Summary } from './stats'

/** Gzip bytes (level 9, per file) of the standalone entry's first load and of what it may load later, and their file counts. */
export type ElementsBytes = { upFront: number; upFrontFiles: number; lazily: number; lazilyFiles: number; modal: number }

/** What the page costs and how fast it opens. */
export type ElementsFigures = { bytes: ElementsBytes; interactive: Summary; firstOpen: Summary; opened: number; tried: number; outsideRequests: string[]; consoleErrors: string[] }

function gzip(root: string, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(root, file)), { level: 9 }).length, 0)
}

/** The bytes, from the standalone pass's metafile. */
export function standaloneBytes(root: string, metafile: Metafile): ElementsBytes {
  const start = Object.keys(metafile.outputs).find((file) => metafile.outputs[file]?.entryPoint === 'ui/elements/standalone.ts')
  if (!start) throw new Error('no output for ui/elements/standalone.ts')
  const initial = staticClosure(metafile, start).filter((file) => file.endsWith('.js'))
  const later = closure(metafile, start, () => true).filter((file) => file.endsWith('.js') && !initial.includes(file))
  const modal = later.filter((file) => /\/modal-[\w-]+\.js$/.test(file))
  return { upFront: gzip(root, initial), upFrontFiles: initial.length, lazily: gzip(root, later), lazilyFiles: later.length, modal: gzip(root, modal) }
}

/** Page script run in the browser: clicks the connect element's button and resolves with ms to the dev wallet's row painted. */
const openScript = `new Promise((resolve) => {
  const row = () => [...(document.querySelector('[data-latch-modal]')?.shadowRoot?.querySelectorAll('button') ?? [])].some((b) => /Latch Dev Wallet/.test(b.textContent ?? ''))
  const button = document.querySelector('latch-connect-button button')
  const click = performance.now()
  button.click()
  const poll = () => (row() ? requestAnimationFrame(() => resolve(performance.now() - click)) : requestAnimationFrame(poll))
  poll()
})`

/** Navigation start → the connect element's button in the page, in ms. */
const interactiveScript = `new Promise((resolve) => {
  const poll = () => (document.querySelector('latch-connect-button button') ? resolve(performance.now()) : requestAnimationFrame(poll))
  poll()
})`

/** Builds the package, serves examples/html on it under docs/csp.md's policy, and opens the modal once on each of `loads` fresh pages. */
export async function benchElementsHtml(loads = 10, log: (line: string) => void = () => {}): Promise<ElementsFigures> {
  ensureChromium()
  const root = new URL('..', import.meta.url).pathname
  const dir = mkdtempSync(join(tmpdir(), 'latch-bench-html-'))
  const outdir = join(dir, 'node_modules/latch/dist')
  mkdirSync(outdir, { recursive: true })
  log('elements on a plain HTML page: building…')
  const { standaloneMetafile } = await buildPackage({ outdir, types: false })
  if (!standaloneMetafile) throw new Error('the build made no standalone entry')
  // The metafile's paths are relative to the repository root.
  const bytes = standaloneBytes(root, standaloneMetafile)
  cpSync(join(root, 'examples/html'), dir, { recursive: true })
  const anvil = await startAnvil({ chainId })
  const server = await serveStatic(dir, strictPolicy(anvil.url))
  const browser = await launchBrowser()
  const interactive: number[] = []
  const firstOpen: number[] = []
  const outsideRequests: string[] = []
  const consoleErrors: string[] = []
  try {
    const initScripts = await walletScripts(anvil.url, anvilAccounts[0] as string)
    log(`elements on a plain HTML page: ${loads} fresh loads, one first open each…`)
    for (let i = 0; i < loads; i++) {
      const guarded = await newGuardedPage(browser, { initScripts })
      try {
        await guarded.page.goto(`${server.url}/?rpc=${encodeURIComponent(anvil.url)}`, { waitUntil: 'load' })
        interactive.push((await guarded.page.evaluate(`Promise.race([${interactiveScript}, new Promise((_, reject) => setTimeout(() => reject(new Error('the connect button was not drawn in 20 s')), 20000))])`)) as number)
        // As the demo's bench: a second after load, the visitor clicks.
        await guarded.page.waitForTimeout(1_000)
        const ms = (await guarded.page.evaluate(`Promise.race([${openScript}, new Promise((resolve) => setTimeout(() => resolve(null), 10000))])`)) as number | null
        if (ms !== null) firstOpen.push(ms)
        outsideRequests.push(...guarded.outsideRequests)
        consoleErrors.push(...guarded.consoleErrors)
      } finally {
        await guarded.close()
      }
    }
  } finally {
    await browser.close()
    await server.stop()
    await anvil.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  return { bytes, interactive: summarize(interactive), firstOpen: summarize(firstOpen), opened: firstOpen.length, tried: loads, outsideRequests, consoleErrors }
}

export const elementsHeader = ['measure', 'median', 'min', 'max', 'notes']

const ms = (n: number) => `${Math.round(n)} ms`

/** Rows of the table. */
export function elementsRows(f: ElementsFigures): string[][] {
  return [
    ['up front', `${kb(f.bytes.upFront)} gzip`, '—', '—', `dist/elements-standalone.js and its ${f.bytes.upFrontFiles - 1} static imports: React, react-dom without its client, the kernel, eip155, api, the buttons`],
    ['lazily', `${kb(f.bytes.lazily)} gzip`, '—', '—', `${f.bytes.lazilyFiles} files it may load later; react-dom's client and the modal chunk (${kb(f.bytes.modal)} gzip) are fetched as mountLatch runs`],
    ['navigation → connect button drawn', ms(f.interactive.median), ms(f.interactive.min), ms(f.interactive.max), `${f.interactive.runs} fresh loads`],
    ['click → wallet list painted (first open)', ms(f.firstOpen.median), ms(f.firstOpen.min), ms(f.firstOpen.max), `${f.opened} of ${f.tried} first opens listed the dev wallet; clicked 1 s after load`],
  ]
}

/** The section of bench/RESULTS.md. */
export function elementsMarkdown(f: ElementsFigures): string[] {
  return [
    '## Custom elements on a plain HTML page',
    '',
    'examples/html (docs/html.md): `latch/elements/standalone` loaded by a `<script type="module" src>` with no bundler, served under docs/csp.md\'s policy, the dev wallet announced; headless chromium.',
    '',
    mdTable(elementsHeader, elementsRows(f)),
    '',
  ]
}

async function main(): Promise<{ code: number; output: string }> {
  const loads = Number(process.argv[2] ?? 10)
  const figures = await benchElementsHtml(loads, (line) => process.stderr.write(`${line}\n`))
  const failures = [
    ...(figures.opened < figures.tried ? [`error: ${figures.tried - figures.opened} of ${figures.tried} first opens did not list the dev wallet`] : []),
    ...figures.outsideRequests.map((url) => `error: a request left 127.0.0.1: ${url}`),
    ...figures.consoleErrors.map((text) => `error: console: ${text}`),
  ]
  return { code: failures.length ? 1 : 0, output: [textTable(elementsHeader, elementsRows(figures)), ...failures].join('\n') }
}

if (isMain(import.meta.url)) runCli(main)
