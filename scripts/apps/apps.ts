/**
 * Fresh apps on the packed package, shared by every scripts/apps/*.e2e.test.ts: Latch is built and packed
 * once (`buildPackage()` + `npm pack`, cached in .cache/apps/ under a hash of what goes into it), then
 * installed into two install trees outside the repository, each a package.json and node_modules that every
 * app of the tree (a folder of sources inside it) shares:
 *
 * - `wagmi2`: React 18.3, Vite 7, wagmi 2 and @wagmi/core 2, TanStack Query, viem;
 * - `wagmi3`: React 19, Next.js 16 (with @types/node, which it wants), Vite 8, wagmi 3 and @wagmi/core 3, TanStack Query, viem.
 *
 * A tree stays in the OS temp folder between runs (its name carries a hash of this repository's path and
 * of its dependencies), so a second run only installs the new tarball over it. npm installs with
 * `--prefer-offline` and without `--legacy-peer-deps`: a peer range that refuses wagmi 3 fails here as it
 * fails for a dapp (ERESOLVE). Needs the npm registry; nothing else leaves the machine.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { buildPackage } from '../build'

const run = promisify(execFile)
export const root = fileURLToPath(new URL('../..', import.meta.url))
const cacheDir = join(root, '.cache/apps')

/** The dependencies of each install tree, as a dapp of that generation has them. */
export const trees = {
  wagmi2: {
    react: '18.3.1',
    'react-dom': '18.3.1',
    '@types/react': '^18.3.8',
    '@types/react-dom': '^18.3.7',
    wagmi: '^2.19.5',
    '@wagmi/core': '^2.22.1',
    '@tanstack/react-query': '^5.90.0',
    viem: '^2.40.0',
    vite: '^7.2.0',
    '@vitejs/plugin-react': '^5.1.0',
    typescript: '~5.9.3',
  },
  wagmi3: {
    react: '^19.2.0',
    'react-dom': '^19.2.0',
    '@types/react': '^19.2.0',
    '@types/react-dom': '^19.2.0',
    next: '^16.0.0',
    // Next.js installs it on its first build otherwise (a TypeScript app has it).
    '@types/node': '^20.19.0',
    wagmi: '^3.0.0',
    '@wagmi/core': '^3.0.0',
    '@tanstack/react-query': '^5.90.0',
    viem: '^2.40.0',
    vite: '^8.0.0',
    '@vitejs/plugin-react': '^6.0.0',
    typescript: '~5.9.3',
  },
} as const satisfies Record<string, Record<string, string>>

export type TreeName = keyof typeof trees

/** What the packed package is made of: its sources, its build scripts and its manifest (tests excluded). */
function packageInputs(): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path)
      } else if (/\.(ts|tsx|css|json)$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name)) files.push(path)
    }
  }
  for (const dir of ['kernel', 'plugins', 'ui', 'cli']) walk(dir)
  const scripts = readdirSync(join(root, 'scripts')).filter((name) => name.endsWith('.ts') && !name.includes('.test.'))
  files.push(...scripts.map((name) => join('scripts', name)), 'package.json', 'README.md', 'LICENSE', 'tsconfig.json', 'tsconfig.build.json')
  return files.filter((path) => existsSync(join(root, path))).sort()
}

function hashOf(parts: readonly string[]): string {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part).update('\0')
  return hash.digest('hex').slice(0, 16)
}

/** Timings of this process's packing and installs, appended to .cache/apps/timings.jsonl for the record. */
function record(what: string, ms: number): void {
  mkdirSync(cacheDir, { recursive: true })
  writeFileSync(join(cacheDir, 'timings.jsonl'), `${JSON.stringify({ what, seconds: Math.round(ms / 100) / 10, at: new Date().toISOString() })}\n`, { flag: 'a' })
  process.stderr.write(`[apps] ${what}: ${(ms / 1000).toFixed(1)} s\n`)
}

let packed: Promise<string> | undefined

/**
 * The packed tarball (built and packed when the sources changed since the cached one), as an absolute path in
 * .cache/apps/. One per process; test files run one at a time (the e2e project), so they share it through the cache.
 */
export function packedLatch(): Promise<string> {
  packed ??= (async () => {
    const key = hashOf(packageInputs().flatMap((path) => [path, readFileSync(join(root, path), 'utf8')]))
    const tarball = join(cacheDir, `latch-${key}.tgz`)
    if (existsSync(tarball)) return tarball
    const started = Date.now()
    await buildPackage()
    const out = join(cacheDir, `pack-${key}`)
    rmSync(out, { recursive: true, force: true })
    mkdirSync(out, { recursive: true })
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', out], { cwd: root, maxBuffer: 64 * 1024 * 1024 })
    const [result] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string }[]
    if (!result) throw new Error('npm pack reported nothing')
    // Older tarballs go: the trees install the newest.
    for (const name of readdirSync(cacheDir)) if (/^latch-.*\.tgz$/.test(name)) rmSync(join(cacheDir, name))
    cpSync(join(out, result.filename), tarball)
    rmSync(out, { recursive: true, force: true })
    record('build and pack', Date.now() - started)
    return tarball
  })()
  return packed
}

const installs = new Map<TreeName, Promise<string>>()

/**
 * The install tree `name` with the current tarball installed, as an absolute folder outside the repository. Installs
 * the tree's dependencies when it has none yet (cold), and the tarball over them when it changed (warm).
 */
export function installTree(name: TreeName): Promise<string> {
  let pending = installs.get(name)
  if (!pending) {
    pending = (async () => {
      const tarball = await packedLatch()
      const dependencies = trees[name]
      const dir = join(tmpdir(), `latch-apps-${hashOf([root])}`, `${name}-${hashOf(Object.entries(dependencies).flat())}`)
      const stamp = join(dir, '.installed')
      if (existsSync(stamp) && readFileSync(stamp, 'utf8') === tarball && existsSync(join(dir, 'node_modules/latch/package.json'))) return dir
      const cold = !existsSync(join(dir, 'node_modules'))
      // Trees of older dependency lists go.
      const parent = dirname(dir)
      if (existsSync(parent)) for (const other of readdirSync(parent)) if (other.startsWith(`${name}-`) && join(parent, other) !== dir) rmSync(join(parent, other), { recursive: true, force: true })
      mkdirSync(dir, { recursive: true })
      const manifest = { name: `latch-apps-${name}`, private: true, type: 'module', dependencies: { latch: `file:${tarball}`, ...dependencies } }
      writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2))
      const started = Date.now()
      await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } }).catch(
        (error: { stderr?: string; message: string }) => {
          throw new Error(`npm install in the ${name} tree failed:\n${error.stderr ?? error.message}`)
        },
      )
      record(`install ${name} (${cold ? 'cold' : 'warm: the tarball over an installed tree'})`, Date.now() - started)
      writeFileSync(stamp, tarball)
      return dir
    })()
    installs.set(name, pending)
  }
  return pending
}

/** Writes an app's sources (path → text) into `<tree>/<app>/`, replacing what was there but its build caches; returns the folder. */
export function writeApp(tree: string, app: string, files: Record<string, string>): string {
  const dir = join(tree, app)
  mkdirSync(dir, { recursive: true })
  for (const entry of readdirSync(dir)) if (!['.next', '.vite', 'node_modules'].includes(entry)) rmSync(join(dir, entry), { recursive: true, force: true })
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  if (!relative(root, dir).startsWith('..')) throw new Error(`${dir} is inside the repository`)
  return dir
}

/** The version of `name` installed in the tree. */
export function installedVersion(tree: string, name: string): string {
  return (JSON.parse(readFileSync(join(tree, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version
}
