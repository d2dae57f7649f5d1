/**
 * The frame app's size budget (docs/embedded-frame.md, "Size"): frame/app/build.ts's output, gzip level 9 per file,
 * against bench/frame-size-budget.json. Sizes are deterministic for a given esbuild, so growth fails here; raise the
 * budget on purpose, in the commit that adds the bytes, and say why.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { buildFrameApp } from './build'

const budget = JSON.parse(readFileSync(fileURLToPath(new URL('../../bench/frame-size-budget.json', import.meta.url)), 'utf8')) as Record<string, number>
const outdir = mkdtempSync(join(tmpdir(), 'latch-frame-size-'))
afterAll(() => rmSync(outdir, { recursive: true, force: true }))

describe('the frame app’s size', () => {
  it('stays within its budget, file by file (gzip level 9), with smart accounts configured', async () => {
    await buildFrameApp(outdir, { rpc: { '31337': 'http://127.0.0.1:8545' }, smartAccounts: { '31337': { bundlerUrl: 'http://127.0.0.1:4337', paymasterUrl: 'http://127.0.0.1:4338' } } })
    const sizes = Object.fromEntries(Object.keys(budget).map((file) => [file, gzipSync(readFileSync(join(outdir, file)), { level: 9 }).length]))
    for (const [file, bytes] of Object.entries(sizes)) expect(bytes, `${file}: ${bytes} B gzip, budget ${budget[file]} B`).toBeLessThanOrEqual(budget[file] as number)
    // The budget is kept close: more than 5 % over the file's size is stale headroom.
    for (const [file, bytes] of Object.entries(sizes)) expect((budget[file] as number) / bytes, `${file}: budget ${budget[file]} B for ${bytes} B`).toBeLessThan(1.05)
  }, 60_000)
})
