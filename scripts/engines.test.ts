import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

// Which Node Latch needs (README, "Node versions"): `engines` is what the package needs to run (server-side rendering,
// latch-replay); `devEngines` what the repository needs to build and test, which npm 11 enforces on `npm ci`. Every
// package a lockfile installs must run on every Node the repository accepts, so `npm ci` prints no EBADENGINE on
// any of them: the root lockfile, scripts/devnet's, scripts/devnet/bundler's and services/wallet's (installed by `npm start` and `npm test`), services/identity's (by `npm test`) and bench/peers'
// (installed by `npm run bench`). semver.subset checks the whole range, not only its floor: a package that asks for
// `^20.19.0 || >=22.12.0` refuses Node 22.0 to 22.11, so the repository cannot accept them either.
const root = fileURLToPath(new URL('..', import.meta.url))
const read = (path: string) => JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as Record<string, unknown>

type Manifest = {
  engines: { node: string }
  devEngines: { runtime: { name: string; version: string; onFail?: string }; packageManager: { name: string; version: string; onFail?: string } }
  dependencies: Record<string, string>
}
type LockEntry = { engines?: Record<string, string> | string[]; dev?: boolean; devOptional?: boolean; optional?: boolean; peer?: boolean }

const manifest = read('package.json') as unknown as Manifest
const running = manifest.engines.node
const building = manifest.devEngines.runtime.version
const npm = manifest.devEngines.packageManager.version
const lockfiles = ['package-lock.json', 'scripts/devnet/package-lock.json', 'scripts/devnet/bundler/package-lock.json', 'bench/peers/package-lock.json', 'services/wallet/package-lock.json', 'services/identity/package-lock.json']

/** `[package path, its engines]` of every package a lockfile installs that states engines as an object. */
function enginesOf(lockfile: string): [string, Record<string, string>, LockEntry][] {
  const packages = read(lockfile).packages as Record<string, LockEntry>
  return Object.entries(packages)
    .filter(([path, entry]) => path !== '' && entry.engines !== undefined && !Array.isArray(entry.engines))
    .map(([path, entry]) => [path.replace(/^.*node_modules\//, ''), entry.engines as Record<string, string>, entry])
}

/** The packages whose `key` engine does not allow every version of `range`. */
function refusing(lockfile: string, key: string, range: string, only: (entry: LockEntry) => boolean = () => true): string[] {
  return enginesOf(lockfile)
    .filter(([, engines, entry]) => engines[key] !== undefined && only(entry) && !semver.subset(range, engines[key] as string))
    .map(([name, engines]) => `${name} needs ${key} ${engines[key]}`)
}

describe('engines', () => {
  it('package.json runs on Node 20.19 or newer, and builds on Node 20.19+, 22.13+ or 24+ with npm 11 or newer', () => {
    expect(semver.minVersion(running)?.version).toBe('20.19.0')
    expect(manifest.devEngines).toEqual({
      runtime: { name: 'node', version: '^20.19.0 || ^22.13.0 || >=24', onFail: 'error' },
      packageManager: { name: 'npm', version: '>=11', onFail: 'error' },
    })
    // Every Node the repository builds on runs the package.
    expect(semver.subset(building, running)).toBe(true)
  })

  it.each(lockfiles)('every package in %s runs on every Node the repository builds on, and on its npm', (lockfile) => {
    expect(refusing(lockfile, 'node', building)).toEqual([])
    expect(refusing(lockfile, 'npm', npm)).toEqual([])
  })

  it('the packages a dapp installs with Latch run on every Node its engines allow', () => {
    const runtime = refusing('package-lock.json', 'node', running, (entry) => !entry.dev && !entry.devOptional && !entry.optional && !entry.peer)
    expect(runtime).toEqual([])
    // The check reads the runtime dependencies themselves (they are in the lockfile, not marked dev).
    const packages = read('package-lock.json').packages as Record<string, LockEntry>
    for (const name of Object.keys(manifest.dependencies)) expect(packages[`node_modules/${name}`]?.dev, name).toBeUndefined()
  })

  it('would catch what npm ci warned about before: a package asking for Node 22 (wallet-standard 1.1.1)', () => {
    expect(semver.subset(building, '>=22')).toBe(false)
    expect(semver.subset(building, '^20.19.0 || >=22.12.0')).toBe(true)
    expect(semver.subset(building, '^20.19.0 || ^22.13.0 || >=23.5.0')).toBe(true)
    expect(semver.subset(running, '>=20.18.0')).toBe(true)
    expect(semver.subset(running, '>=20.20')).toBe(false)
  })

  it('the README and docs/README.md say the same', () => {
    for (const page of ['README.md', 'docs/README.md']) {
      const text = readFileSync(`${root}${page}`, 'utf8').replace(/\s+/g, ' ')
      for (const said of ['Node 20.19 or newer', 'Node 20.19+', '22.13+', '24', 'npm 11', '`engines`', '`devEngines`']) expect(text, `${page}: ${said}`).toContain(said)
    }
  })
})
