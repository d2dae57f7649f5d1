import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isMain, runCli } from './cli'
import { binPath, bins as publicBins, entries as publicEntries, importPath, standaloneEntries, stylesheetPath, stylesheets as publicStylesheets, typesPath, type Bin, type Entry, type Stylesheet } from './entries'

/** Options of `checkExports`. */
export type CheckExportsOptions = {
  /** Repository root (default: the parent of scripts/). */
  root?: string
  entries?: readonly Entry[]
  /** Commands package.json "bin" must list (default: scripts/entries.ts's `bins`). */
  bins?: readonly Bin[]
  /** Stylesheets "exports" must list, each as a plain path (default: scripts/entries.ts's `stylesheets`). */
  stylesheets?: readonly Stylesheet[]
  /** Also require the files the exports point at to exist (run after a build; default true). */
  files?: boolean
}

/** `ok` when nothing is wrong; otherwise one line per problem. */
export type CheckExportsResult = { ok: boolean; problems: readonly string[] }

/** Subpaths that are not code entries and so are not in scripts/entries.ts. */
const nonCodeSubpaths = new Set(['./package.json'])

/** Checks that package.json "exports" lists exactly scripts/entries.ts (its stylesheets as plain paths), each code entry with `types` (first) and `import`, and "bin" exactly its bins. */
export function checkExports(options: CheckExportsOptions = {}): CheckExportsResult {
  const root = options.root ?? fileURLToPath(new URL('..', import.meta.url))
  const entries = options.entries ?? [...publicEntries, ...standaloneEntries]
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports?: Record<string, unknown>; bin?: unknown }
  const exportsField = pkg.exports ?? {}
  const problems: string[] = []
  for (const entry of entries) {
    if (!existsSync(join(root, entry.source))) problems.push(`${entry.subpath}: source ${entry.source} does not exist`)
    const target = exportsField[entry.subpath]
    if (!target || typeof target !== 'object') {
      problems.push(`${entry.subpath}: missing (want { "types": "${typesPath(entry)}", "import": "${importPath(entry)}" })`)
      continue
    }
    problems.push(...checkTarget(root, entry, target as Record<string, unknown>, options.files ?? true))
  }
  const sheets = options.stylesheets ?? publicStylesheets
  for (const sheet of sheets) {
    const actual = exportsField[sheet.subpath]
    if (actual !== stylesheetPath(sheet)) problems.push(`${sheet.subpath}: is ${JSON.stringify(actual)}, want "${stylesheetPath(sheet)}"`)
    else if ((options.files ?? true) && !existsSync(join(root, actual))) problems.push(`${sheet.subpath}: ${actual} does not exist (run npm run build)`)
  }
  const known = new Set([...entries, ...sheets].map((entry) => entry.subpath))
  for (const subpath of Object.keys(exportsField)) {
    if (!known.has(subpath) && !nonCodeSubpaths.has(subpath)) problems.push(`${subpath}: exported but not in scripts/entries.ts`)
  }
  problems.push(...checkBins(root, pkg.bin, options.bins ?? publicBins, options.files ?? true))
  return { ok: problems.length === 0, problems }
}

/** Problems of package.json "bin": a command missing, extra or pointing elsewhere, or (after a build) its file missing. */
function checkBins(root: string, field: unknown, bins: readonly Bin[], files: boolean): string[] {
  const listed = typeof field === 'object' && field !== null ? (field as Record<string, unknown>) : {}
  const problems: string[] = []
  if (field !== undefined && (typeof field !== 'object' || field === null)) problems.push(`bin: must be an object of command → file, is ${JSON.stringify(field)}`)
  for (const bin of bins) {
    const actual = listed[bin.name]
    if (actual !== binPath(bin)) problems.push(`bin ${bin.name}: is ${JSON.stringify(actual)}, want "${binPath(bin)}"`)
    else if (files && !existsSync(join(root, actual))) problems.push(`bin ${bin.name}: ${actual} does not exist (run npm run build)`)
  }
  const known = new Set(bins.map((bin) => bin.name))
  for (const name of Object.keys(listed)) if (!known.has(name)) problems.push(`bin ${name}: listed but not in scripts/entries.ts`)
  return problems
}

/** Problems of one exports target: wrong or missing conditions, `types` not first, missing files. */
function checkTarget(root: string, entry: Entry, target: Record<string, unknown>, files: boolean): string[] {
  const problems: string[] = []
  const want = { types: typesPath(entry), import: importPath(entry) }
  for (const [condition, path] of Object.entries(want)) {
    const actual = target[condition]
    if (actual !== path) problems.push(`${entry.subpath}: "${condition}" is ${JSON.stringify(actual)}, want "${path}"`)
    else if (files && !existsSync(join(root, path))) problems.push(`${entry.subpath}: ${path} does not exist (run npm run build)`)
  }
  // Conditions match in object order: TypeScript must see "types" before "import".
  if (Object.keys(target)[0] !== 'types') problems.push(`${entry.subpath}: "types" must be the first condition`)
  return problems
}

async function main(): Promise<{ code: number; output: string }> {
  const { ok, problems } = checkExports()
  if (ok) return { code: 0, output: `package.json exports and bin match scripts/entries.ts (${publicEntries.length} entries, ${publicBins.length} bin)` }
  return { code: 1, output: ['package.json exports do not match scripts/entries.ts:', ...problems.map((p) => `  ${p}`)].join('\n') }
}

if (isMain(import.meta.url)) runCli(main)
