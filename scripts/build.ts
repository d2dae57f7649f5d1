import { execFile } from 'node:child_process'
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { build, type Metafile, type Plugin as EsbuildPlugin } from 'esbuild'
import { browserBundle } from './esbuild-options'
import { checkExports } from './check-exports'
import { addDeclarationExtensions } from './declaration-extensions'
import { isMain, runCli } from './cli'
import { bins as publicBins, entries as publicEntries, packageSpecifier, standaloneEntries, stylesheets as publicStylesheets, type Bin, type Entry, type Stylesheet } from './entries'

/** Options of `buildPackage`; the defaults are what `npm run build` does. */
export type BuildOptions = {
  /** Repository root (default: the parent of scripts/). */
  root?: string
  /** Output folder, absolute or relative to root (default `dist`). It is emptied first. */
  outdir?: string
  /** Entries to build (default: scripts/entries.ts). */
  entries?: readonly Entry[]
  /** Self-contained entries, built in a second pass with nothing external (default: scripts/entries.ts's `standaloneEntries`). */
  standalone?: readonly Entry[]
  /** Commands to build (default: scripts/entries.ts's `bins`). */
  bins?: readonly Bin[]
  /** Also emit `.d.ts` files with tsc (default true). */
  types?: boolean
  /** Stylesheets to write (default: scripts/entries.ts's `stylesheets`). */
  stylesheets?: readonly Stylesheet[]
}

/** Size of one entry once loaded: its own file plus every chunk it imports statically. */
export type EntrySize = { entry: Entry; files: readonly string[]; raw: number; gzip: number }

/** Size of one shipped stylesheet. */
export type StylesheetSize = { sheet: Stylesheet; file: string; raw: number; gzip: number }

/**
 * Where the build went, esbuild's metafile (of the public entries), and each entry's and stylesheet's size (the standalone
 * entries' sizes measured in their own pass's metafile, `standaloneMetafile`).
 */
export type BuildResult = { outdir: string; metafile: Metafile; standaloneMetafile?: Metafile; sizes: readonly EntrySize[]; stylesheets: readonly StylesheetSize[] }

const defaultRoot = fileURLToPath(new URL('..', import.meta.url))

/** Bundles every public entry with esbuild (ESM, browser, minified, code-split), then emits types with tsc. */
export async function buildPackage(options: BuildOptions = {}): Promise<BuildResult> {
  const root = options.root ?? defaultRoot
  const outdir = resolve(root, options.outdir ?? 'dist')
  const entries = options.entries ?? publicEntries
  rmSync(outdir, { recursive: true, force: true })
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: entries.map((entry) => ({ in: entry.source, out: entry.out })),
    outdir,
    ...browserBundle,
    sourcemap: true,
    metafile: true,
    external: externalPackages(root),
  })
  const standalone = options.standalone ?? standaloneEntries
  const standaloneMetafile = standalone.length > 0 ? await buildStandalone(root, outdir, standalone) : undefined
  await buildBins(root, outdir, options.bins ?? publicBins, entries)
  const stylesheets = await writeStylesheets(root, outdir, options.stylesheets ?? publicStylesheets)
  if (options.types ?? true) await emitTypes(root, join(outdir, 'types'))
  const sizes = entries.map((entry) => measureEntry(root, metafile, entry))
  if (standaloneMetafile) sizes.push(...standalone.map((entry) => measureEntry(root, standaloneMetafile, entry)))
  return { outdir, metafile, standaloneMetafile, sizes, stylesheets }
}

/**
 * docs/elements.md, "Without a bundler": bundles the standalone entries with every dependency inside (React's production
 * build), code-split so the modal and its views stay lazy, chunks under dist/standalone/. Nothing is external, so the files
 * import no package by name and load from a `<script type="module">` as they are.
 */
async function buildStandalone(root: string, outdir: string, entries: readonly Entry[]): Promise<Metafile> {
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: entries.map((entry) => ({ in: entry.source, out: entry.out })),
    outdir,
    ...browserBundle,
    chunkNames: 'standalone/[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    sourcemap: true,
    metafile: true,
  })
  return metafile
}

/** Writes each stylesheet's CSS (the string its source module exports) to the output folder, and measures it. */
async function writeStylesheets(root: string, outdir: string, sheets: readonly Stylesheet[]): Promise<StylesheetSize[]> {
  const sizes: StylesheetSize[] = []
  for (const sheet of sheets) {
    const css = ((await import(pathToFileURL(join(root, sheet.source)).href)) as Record<string, unknown>)[sheet.exportName]
    if (typeof css !== 'string' || css.length === 0) throw new Error(`${sheet.source} exports no CSS string named ${sheet.exportName}`)
    const file = join(outdir, sheet.out)
    writeFileSync(file, css)
    const bytes = Buffer.from(css)
    sizes.push({ sheet, file: relative(root, file), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length })
  }
  return sizes
}

/**
 * Bundles each command for node (ESM, not minified, with a `#!/usr/bin/env node` line) into dist/bin/. Its
 * imports of a public entry's source become imports of the package itself (`../kernel/index` → `latch`), so the
 * command shares the installed kernel with the dapp's plugins; dependencies stay external; importing any other
 * source outside the command's own folder fails the build.
 */
async function buildBins(root: string, outdir: string, bins: readonly Bin[], entries: readonly Entry[]): Promise<void> {
  if (bins.length === 0) return
  await build({
    absWorkingDir: root,
    entryPoints: bins.map((bin) => ({ in: bin.source, out: bin.out })),
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    sourcemap: true,
    logLevel: 'warning',
    external: externalPackages(root),
    plugins: [publicEntriesAsPackage(root, bins, entries)],
  })
  for (const bin of bins) chmodSync(join(outdir, `${bin.out}.js`), 0o755)
}

/** esbuild plugin: a relative import of a public entry's source is external, as the package subpath; one of any other source outside the bin's folder is an error. */
export function publicEntriesAsPackage(root: string, bins: readonly Bin[], entries: readonly Entry[]): EsbuildPlugin {
  const name = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string }).name
  const bySource = new Map(entries.map((entry) => [entry.source.replace(/\.tsx?$/, ''), packageSpecifier(entry, name)]))
  const own = new Set(bins.map((bin) => dirname(bin.source)))
  return {
    name: 'public-entries-as-package',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const target = relative(root, resolve(args.resolveDir, args.path)).replace(/\.(tsx?|js)$/, '')
        const specifier = bySource.get(target) ?? bySource.get(`${target}/index`)
        if (specifier) return { path: specifier, external: true }
        if (own.has(dirname(target))) return undefined
        return { errors: [{ text: `${relative(root, args.importer)} imports ${args.path}: a command may import only its own folder and the package's public entries (scripts/entries.ts)` }] }
      })
    },
  }
}

/** Every dependency and peer dependency of package.json, with its subpaths (`zod` and `zod/*`). */
export function externalPackages(root: string = defaultRoot): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>
  const names = ['dependencies', 'peerDependencies'].flatMap((field) => Object.keys((pkg[field] as object | undefined) ?? {}))
  return [...new Set(names)].flatMap((name) => [name, `${name}/*`])
}

/** Runs tsc with tsconfig.build.json into `outdir`; throws with tsc's output when it reports errors. */
async function emitTypes(root: string, outdir: string): Promise<void> {
  const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc')
  try {
    await promisify(execFile)(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', outdir], { cwd: root })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`tsc -p tsconfig.build.json failed:\n${stdout}${stderr}`)
  }
  addDeclarationExtensions(outdir)
}

/** Raw and gzip bytes of an entry's static-import closure, read from the metafile. */
export function measureEntry(root: string, metafile: Metafile, entry: Entry): EntrySize {
  const start = Object.keys(metafile.outputs).find((file) => metafile.outputs[file]?.entryPoint === entry.source)
  if (!start) throw new Error(`no output for entry ${entry.source} in the metafile`)
  const files = staticClosure(metafile, start)
  let raw = 0
  let gzip = 0
  for (const file of files) {
    const bytes = readFileSync(join(root, file))
    raw += bytes.length
    gzip += gzipSync(bytes, { level: 9 }).length
  }
  return { entry, files, raw, gzip }
}

/** One import of an output file, as esbuild's metafile records it. */
export type OutputImport = Metafile['outputs'][string]['imports'][number]

/** The output file and every output it reaches through static imports (dynamic imports load later). */
export function staticClosure(metafile: Metafile, start: string): string[] {
  return closure(metafile, start, (dependency) => dependency.kind === 'import-statement')
}

/** The output file and every output it reaches through the imports `follows` accepts (external ones never). */
export function closure(metafile: Metafile, start: string, follows: (dependency: OutputImport) => boolean): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const dependency of metafile.outputs[file]?.imports ?? []) {
      if (!dependency.external && follows(dependency)) visit(dependency.path)
    }
  }
  visit(start)
  return [...seen]
}

/** The external packages whose code runs only in a React client (hooks, context): docs/nextjs.md, "What runs on the server". */
const reactPackage = /^react(-dom)?(\/|$)/

/** The directive that makes a file a client module for React Server Components (Next.js App Router). */
export const clientDirective = '"use client";'

/**
 * docs/nextjs.md, "What runs on the server": an entry that loads React (its static-import closure imports `react` or
 * `react-dom`) must start with the `"use client"` directive, so a Server Component that imports it gets client references
 * instead of running React's hooks and context. An entry that does not (the kernel, plugins, `latch/wagmi`, a backend's
 * `latch/plugins/siwx/server`) must not carry it, so a server may run it. esbuild keeps a directive written at the top of
 * an entry's source in that entry's output, code splitting included; chunks need none, as they load from the entry.
 * One line per entry that breaks the rule.
 */
export function clientDirectiveProblems(root: string, metafile: Metafile, entries: readonly Entry[]): string[] {
  return entries.flatMap((entry) => {
    const start = Object.keys(metafile.outputs).find((file) => metafile.outputs[file]?.entryPoint === entry.source)
    if (!start) return [`${entry.subpath}: no output in the metafile`]
    const loadsReact = staticClosure(metafile, start).some((file) => metafile.outputs[file]?.imports.some((i) => i.external && reactPackage.test(i.path)))
    const marked = readFileSync(join(root, start), 'utf8').startsWith(clientDirective)
    if (loadsReact && !marked) return [`${entry.subpath}: loads React but ${start} does not start with ${clientDirective} (add 'use client' at the top of ${entry.source})`]
    if (!loadsReact && marked) return [`${entry.subpath}: ${start} starts with ${clientDirective} but loads no React (a server could not run it)`]
    return []
  })
}

/** `index  dist/index.js  raw 31.2 kB  gzip 10.4 kB  (2 files)`. */
export function formatSize(size: EntrySize): string {
  const name = size.entry.subpath.padEnd(12)
  const files = size.files.length === 1 ? '1 file' : `${size.files.length} files`
  return `${name} raw ${kb(size.raw).padStart(9)}  gzip ${kb(size.gzip).padStart(9)}  (${files}, static imports)`
}

/** Bytes as kB with one decimal. */
export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`
}

async function main(): Promise<{ code: number; output: string }> {
  const started = performance.now()
  const result = await buildPackage()
  const lines = result.sizes.map(formatSize)
  for (const sheet of result.stylesheets) lines.push(`${sheet.sheet.subpath.padEnd(12)} raw ${kb(sheet.raw).padStart(9)}  gzip ${kb(sheet.gzip).padStart(9)}  (1 file)`)
  lines.push(`built ${relative(process.cwd(), result.outdir) || '.'}/ with types in ${Math.round(performance.now() - started)} ms`)
  const problems = checkExports({ root: defaultRoot }).problems.map((problem) => `package.json exports: ${problem}`)
  problems.push(...clientDirectiveProblems(defaultRoot, result.metafile, publicEntries))
  for (const problem of problems) lines.push(`error: ${problem}`)
  return { code: problems.length ? 1 : 0, output: lines.join('\n') }
}

if (isMain(import.meta.url)) runCli(main)
