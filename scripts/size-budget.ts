/**
 * The size budget: gzipped bytes of every public entry (its static-import closure) and of
 * every lazily loaded chunk (what loading it adds), and minified bytes of every view of the
 * modal and every plugin, up front and lazily (`parts`). Sizes are deterministic for a given
 * esbuild, so a test checks them against bench/size-budget.json and a regression fails CI.
 * `npx tsx scripts/size-budget.ts --write` records the current sizes plus 3 % headroom.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { Metafile } from 'esbuild'
import { buildPackage, closure, kb, staticClosure } from './build'
import { isMain, runCli } from './cli'

const root = fileURLToPath(new URL('..', import.meta.url))
const budgetFile = join(root, 'bench/size-budget.json')

/**
 * Gzipped bytes per public subpath, and per lazy chunk (named by the module it is split at); minified bytes of each view and
 * plugin in what a dapp loads up front and in what it may load lazily (`parts`, keys `<folder> up front` and `<folder> lazily`).
 */
export type Sizes = { entries: Record<string, number>; lazy: Record<string, number>; parts?: Record<string, number> }

/** The view (`ui/modal/views/Send`) or plugin (`plugins/api`) a source file belongs to, if any. */
export function partOf(path: string): string | undefined {
  const rel = relative(root, resolve(root, path)).split('/')
  if (rel[0] === 'ui' && rel[1] === 'modal' && rel[2] === 'views' && rel[3]) return rel.slice(0, 4).join('/')
  if (rel[0] === 'plugins' && rel[1] && rel.length > 2) return rel.slice(0, 2).join('/')
  return undefined
}

/**
 * Minified bytes (`bytesInOutput`) of every view and plugin in the `initial` outputs (up front) and in the `lazy` ones,
 * by partOf, sorted by name; a part absent from one side has 0 there.
 */
export function partBytes(metafile: Metafile, initial: Iterable<string>, lazy: Iterable<string>): { part: string; upFront: number; lazily: number }[] {
  const parts = new Map<string, { upFront: number; lazily: number }>()
  const add = (files: Iterable<string>, side: 'upFront' | 'lazily') => {
    for (const file of files) {
      for (const [path, input] of Object.entries(metafile.outputs[file]?.inputs ?? {})) {
        const part = partOf(path)
        if (!part) continue
        const bytes = parts.get(part) ?? { upFront: 0, lazily: 0 }
        bytes[side] += input.bytesInOutput
        parts.set(part, bytes)
      }
    }
  }
  add(initial, 'upFront')
  add(lazy, 'lazily')
  return [...parts].map(([part, bytes]) => ({ part, ...bytes })).sort((a, b) => a.part.localeCompare(b.part))
}

/** Builds the package into a temporary folder (no types) and measures it. */
export async function measureSizes(): Promise<Sizes> {
  const outdir = mkdtempSync(join(tmpdir(), 'latch-size-'))
  try {
    const { metafile, sizes, stylesheets } = await buildPackage({ outdir, types: false })
    const gzip = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(root, file)), { level: 9 }).length, 0)
    const entries = Object.fromEntries([...sizes.map((size) => [size.entry.subpath, size.gzip] as const), ...stylesheets.map((size) => [size.sheet.subpath, size.gzip] as const)])
    const sources = new Set(sizes.map((size) => size.entry.source))
    // What a dapp loads up front: the kernel, the plugins and latch/react — not the tools (latch/i18n, latch/testing, latch/immer for a
    // third party's draft reducers, a backend's latch/plugins/siwx/server) or the catalogues, whose chunks a lazy chunk may share.
    const initial = new Set(sizes.filter((size) => !/^\.\/(i18n|testing|immer|locales\/|plugins\/siwx\/server)/.test(size.entry.subpath)).flatMap((size) => size.files))
    const lazy: Record<string, number> = {}
    for (const [file, output] of Object.entries(metafile.outputs)) {
      if (!file.endsWith('.js') || !output.entryPoint || sources.has(output.entryPoint)) continue
      const name = relative(root, resolve(root, output.entryPoint))
      lazy[name] = gzip(staticClosure(metafile, file).filter((f) => !initial.has(f)))
    }
    // Everything those entries may load later: their static and dynamic imports, minus what they load up front.
    const reachable = new Set([...initial].flatMap((file) => closure(metafile, file, () => true)))
    const parts: Record<string, number> = {}
    for (const { part, upFront, lazily } of partBytes(metafile, initial, [...reachable].filter((file) => !initial.has(file)))) {
      parts[`${part} up front`] = upFront
      parts[`${part} lazily`] = lazily
    }
    return { entries, lazy, parts }
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

/** Every way `sizes` breaks `budget`: over budget, or a chunk the budget does not know. */
export function checkBudget(sizes: Sizes, budget: Sizes): string[] {
  const problems: string[] = []
  for (const kind of ['entries', 'lazy', 'parts'] as const) {
    const unit = kind === 'parts' ? 'minified' : 'gzip'
    for (const [name, bytes] of Object.entries(sizes[kind] ?? {})) {
      const limit = budget[kind]?.[name]
      if (limit === undefined) problems.push(`${name}: ${kb(bytes)} ${unit} has no budget (add it to bench/size-budget.json)`)
      else if (bytes > limit) problems.push(`${name}: ${kb(bytes)} ${unit} is over its budget of ${kb(limit)}`)
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
  return { entries: map(sizes.entries), lazy: map(sizes.lazy), ...(sizes.parts ? { parts: map(sizes.parts) } : {}) }
}

async function main(): Promise<{ code: number; output: string }> {
  const sizes = await measureSizes()
  if (process.argv.includes('--write')) {
    writeFileSync(budgetFile, `${JSON.stringify(budgetFrom(sizes), null, 2)}\n`)
    return { code: 0, output: `wrote ${relative(process.cwd(), budgetFile)}` }
  }
  const lines = [
    ...[...Object.entries(sizes.entries), ...Object.entries(sizes.lazy)].map(([name, bytes]) => `${name.padEnd(48)} ${kb(bytes)} gzip`),
    ...Object.entries(sizes.parts ?? {}).map(([name, bytes]) => `${name.padEnd(48)} ${kb(bytes)} minified`),
  ]
  const problems = checkBudget(sizes, readBudget())
  return { code: problems.length ? 1 : 0, output: [...lines, ...problems.map((p) => `over budget: ${p}`)].join('\n') }
}

if (isMain(import.meta.url)) runCli(main)
