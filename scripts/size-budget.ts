/**
 * The size budget: gzipped bytes of every public entry (its static-import closure) and of
 * every lazily loaded chunk (what loading it adds). Sizes are deterministic for a given
 * esbuild, so a test checks them against bench/size-budget.json and a regression fails CI.
 * `npx tsx scripts/size-budget.ts --write` records the current sizes plus 3 % headroom.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { buildPackage, kb, staticClosure } from './build'
import { isMain, runCli } from './cli'

const root = fileURLToPath(new URL('..', import.meta.url))
const budgetFile = join(root, 'bench/size-budget.json')

/** Gzipped bytes per public subpath, and per lazy chunk (named by the module it is split at). */
export type Sizes = { entries: Record<string, number>; lazy: Record<string, number> }

/** Builds the package into a temporary folder (no types) and measures it. */
export async function measureSizes(): Promise<Sizes> {
  const outdir = mkdtempSync(join(tmpdir(), 'latch-size-'))
  try {
    const { metafile, sizes, stylesheets } = await buildPackage({ outdir, types: false })
    const gzip = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(root, file)), { level: 9 }).length, 0)
    const entries = Object.fromEntries([...sizes.map((size) => [size.entry.subpath, size.gzip] as const), ...stylesheets.map((size) => [size.sheet.subpath, size.gzip] as const)])
    const sources = new Set(sizes.map((size) => size.entry.source))
    // What a dapp loads up front: the kernel, the plugins and latch/react — not the tools (latch/i18n, latch/testing, a backend's latch/plugins/siwx/server)
    // or the catalogues, whose chunks a lazy chunk may share.
    const initial = new Set(sizes.filter((size) => !/^\.\/(i18n|testing|locales\/|plugins\/siwx\/server)/.test(size.entry.subpath)).flatMap((size) => size.files))
    const lazy: Record<string, number> = {}
    for (const [file, output] of Object.entries(metafile.outputs)) {
      if (!file.endsWith('.js') || !output.entryPoint || sources.has(output.entryPoint)) continue
      const name = relative(root, resolve(root, output.entryPoint))
      lazy[name] = gzip(staticClosure(metafile, file).filter((f) => !initial.has(f)))
    }
    return { entries, lazy }
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

/** Every way `sizes` breaks `budget`: over budget, or a chunk the budget does not know. */
export function checkBudget(sizes: Sizes, budget: Sizes): string[] {
  const problems: string[] = []
  for (const kind of ['entries', 'lazy'] as const) {
    for (const [name, bytes] of Object.entries(sizes[kind])) {
      const limit = budget[kind][name]
      if (limit === undefined) problems.push(`${name}: ${kb(bytes)} gzip has no budget (add it to bench/size-budget.json)`)
      else if (bytes > limit) problems.push(`${name}: ${kb(bytes)} gzip is over its budget of ${kb(limit)}`)
    }
  }
  return problems
}

/** The budget as recorded. */
export function readBudget(): Sizes {
  return JSON.parse(readFileSync(budgetFile, 'utf8')) as Sizes
}

/** Current sizes plus 3 % headroom, rounded up to 100 bytes. */
export function budgetFrom(sizes: Sizes): Sizes {
  const headroom = (bytes: number) => Math.ceil((bytes * 1.03) / 100) * 100
  const map = (record: Record<string, number>) => Object.fromEntries(Object.entries(record).sort().map(([k, v]) => [k, headroom(v)]))
  return { entries: map(sizes.entries), lazy: map(sizes.lazy) }
}

async function main(): Promise<{ code: number; output: string }> {
  const sizes = await measureSizes()
  if (process.argv.includes('--write')) {
    writeFileSync(budgetFile, `${JSON.stringify(budgetFrom(sizes), null, 2)}\n`)
    return { code: 0, output: `wrote ${relative(process.cwd(), budgetFile)}` }
  }
  const lines = [...Object.entries(sizes.entries), ...Object.entries(sizes.lazy)].map(([name, bytes]) => `${name.padEnd(48)} ${kb(bytes)} gzip`)
  const problems = checkBudget(sizes, readBudget())
  return { code: problems.length ? 1 : 0, output: [...lines, ...problems.map((p) => `over budget: ${p}`)].join('\n') }
}

if (isMain(import.meta.url)) runCli(main)
